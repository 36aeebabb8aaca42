import { Duplex } from 'node:stream'
import zlib from 'node:zlib'
import type { Context, MiddlewareHandler } from 'hono'

export type Encoding = 'br' | 'gzip'

/** The best encoding the client accepts (`br` before `gzip`, `q=0` refuses one); null: identity. */
export function negotiateEncoding(acceptEncoding: string | undefined | null): Encoding | null {
  if (!acceptEncoding) return null
  const accepted = new Map<string, number>()
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';')
    if (!name) continue
    const q = params.map((param) => /^\s*q=([0-9.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined)
    accepted.set(name, q === undefined ? 1 : Number(q))
  }
  const weight = (name: Encoding) => accepted.get(name) ?? (accepted.has('*') ? accepted.get('*')! : 0)
  if (weight('br') > 0) return 'br'
  if (weight('gzip') > 0) return 'gzip'
  return null
}

const brotliCompress = (body: Uint8Array, quality: number) =>
  new Promise<Uint8Array<ArrayBuffer>>((resolve, reject) =>
    zlib.brotliCompress(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength } }, (error, result) =>
      error ? reject(error) : resolve(Uint8Array.from(result)),
    ),
  )
const gzipCompress = (body: Uint8Array) =>
  new Promise<Uint8Array<ArrayBuffer>>((resolve, reject) =>
    zlib.gzip(body, { level: 9 }, (error, result) => (error ? reject(error) : resolve(Uint8Array.from(result)))),
  )

/** Both encodings of a body that is stored and served many times: compressed once, at a high level. */
export async function compressStored(body: Uint8Array): Promise<Record<Encoding, Uint8Array<ArrayBuffer>>> {
  const [br, gzip] = await Promise.all([brotliCompress(body, 9), gzipCompress(body)])
  return { br, gzip }
}

const COMPRESSIBLE = /^(text\/html|application\/json)\b/i
/** Below this a compressed body saves less than the work costs. */
const MIN_BYTES = 1024

/**
 * Node only (the Workers platform compresses on its own): HTML and JSON answers compressed as they stream, each
 * chunk flushed so a streamed page still reaches the browser piece by piece; a fast level, since each is compressed once.
 */
export const compressResponses: MiddlewareHandler = async (c, next) => {
  await next()
  const res = c.res
  if (c.req.method === 'HEAD' || !res.body || res.status === 204 || res.status === 304 || res.headers.has('Content-Encoding')) return
  if (!COMPRESSIBLE.test(res.headers.get('Content-Type') ?? '')) return
  const length = res.headers.get('Content-Length')
  if (length !== null && Number(length) < MIN_BYTES) return
  const encoding = negotiateEncoding(c.req.header('accept-encoding'))
  const headers = new Headers(res.headers)
  appendVary(headers, 'Accept-Encoding')
  if (!encoding) {
    replaceResponse(c, new Response(res.body, { status: res.status, statusText: res.statusText, headers }))
    return
  }
  const compressor =
    encoding === 'br'
      ? zlib.createBrotliCompress({ flush: zlib.constants.BROTLI_OPERATION_FLUSH, params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } })
      : zlib.createGzip({ flush: zlib.constants.Z_SYNC_FLUSH, level: 6 })
  headers.set('Content-Encoding', encoding)
  headers.delete('Content-Length')
  const body = res.body.pipeThrough(Duplex.toWeb(compressor) as unknown as ReadableWritablePair<Uint8Array, Uint8Array>)
  replaceResponse(c, new Response(body, { status: res.status, statusText: res.statusText, headers }))
}

/** Sets the answer as it is: assigning `c.res` alone would copy the old answer's headers (Content-Length) onto it. */
export function replaceResponse(c: Context, res: Response): void {
  c.res = undefined
  c.res = res
}

/** Adds a name to Vary unless it is there already. */
export function appendVary(headers: Headers, name: string): void {
  const current = headers.get('Vary')
  const names = current ? current.split(',').map((entry) => entry.trim().toLowerCase()) : []
  if (names.includes('*') || names.includes(name.toLowerCase())) return
  headers.set('Vary', current ? `${current}, ${name}` : name)
}
