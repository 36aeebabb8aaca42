import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { Socket } from 'node:net'

/**
 * Closes connections that stay silent for `idleMs`: a client that stopped sending or reading mid-way, or an idle
 * keep-alive connection. Node's own socket timeout also fires while the server is still working on a request (a
 * sign-in queued behind many password hashes, a large import on a busy machine) and would drop that answer; here a
 * connection whose request has no response started yet is left alone, so slowness on our side never cuts a client
 * off, unless the server is waiting for the rest of the request's body and has read all that came: an upload that went
 * silent part-way is the client's silence (it held a connection for the whole request timeout). Slow clients are
 * still bounded by the server's headers and request timeouts.
 */
export function closeIdleConnections(server: Server, idleMs: number): void {
  const working = new Map<Socket, { request: IncomingMessage; response: ServerResponse }>()
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const socket = request.socket
    const exchange = { request, response }
    working.set(socket, exchange)
    response.once('close', () => {
      if (working.get(socket) === exchange) working.delete(socket)
    })
  })
  // With a listener here Node no longer destroys timed-out sockets itself: this decides.
  server.on('timeout', (socket: Socket) => {
    const exchange = working.get(socket)
    if (exchange && !exchange.response.headersSent) {
      const { request } = exchange
      const waitingForClient = !request.complete && request.readableLength === 0
      if (!waitingForClient) return
    }
    socket.destroy()
  })
  server.setTimeout(idleMs)
}
