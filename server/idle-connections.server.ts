import type { Server, ServerResponse } from 'node:http'
import type { Socket } from 'node:net'

/**
 * Closes connections that stay silent for `idleMs`: a client that stopped sending or reading mid-way, or an idle
 * keep-alive connection. Node's own socket timeout also fires while the server is still working on a request (a
 * sign-in queued behind many password hashes, a large import on a busy machine) and would drop that answer; here a
 * connection whose request has no response started yet is left alone, so slowness on our side never cuts a client
 * off. Slow clients are still bounded by the server's headers and request timeouts.
 */
export function closeIdleConnections(server: Server, idleMs: number): void {
  const working = new Map<Socket, ServerResponse>()
  server.on('request', (request, response: ServerResponse) => {
    const socket = request.socket
    working.set(socket, response)
    response.once('close', () => {
      if (working.get(socket) === response) working.delete(socket)
    })
  })
  // With a listener here Node no longer destroys timed-out sockets itself: this decides.
  server.on('timeout', (socket: Socket) => {
    const response = working.get(socket)
    if (response && !response.headersSent) return
    socket.destroy()
  })
  server.setTimeout(idleMs)
}
