/**
 * A stream's bytes, read to the end, or null as soon as more than `maxBytes` came (reading stops and the source is
 * cancelled): for bodies from outside (a request's, another server's answer) that must not be held beyond a limit.
 * The chunks are joined once at the end: appending per chunk costs more in garbage than the parse that follows.
 */
export async function readWithin(body: ReadableStream<Uint8Array>, maxBytes: number): Promise<Uint8Array<ArrayBuffer> | null> {
  const reader = body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined)
      return null
    }
    chunks.push(value)
  }
  const bytes = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return bytes
}
