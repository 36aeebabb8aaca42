import type { Context, MiddlewareHandler } from 'hono'
import type { AppBindings } from './app-bindings.server.ts'
import { readWithin } from '../lib/read-within.ts'

/** A form or a page's POST. */
export const FORM_BODY_MAX = 64 * 1024
/** An API call: a test case with its steps is a few kilobytes; a bulk edit of many, a few hundred. */
export const API_BODY_MAX = 1024 * 1024
/** An import (a CSV of test cases, a JUnit report). */
export const IMPORT_BODY_MAX = 20 * 1024 * 1024

export function bodyLimitFor(pathname: string): number {
  if (!pathname.startsWith('/api/')) return FORM_BODY_MAX
  let decoded: string
  try {
    decoded = decodeURIComponent(pathname)
  } catch {
    return API_BODY_MAX
  }
  const procedures = decoded.startsWith('/api/trpc/') ? decoded.slice('/api/trpc/'.length).split(',') : []
  return procedures.length === 1 && /\.import\w*$/.test(procedures[0]!) ? IMPORT_BODY_MAX : API_BODY_MAX
}

function tooLarge(c: Context<AppBindings>): Response {
  c.set('bodyLeftUnread', true)
  return c.json({ error: { message: 'The request body is too large', code: 'PAYLOAD_TOO_LARGE' } }, 413)
}

/**
 * Request bodies are refused with 413 when larger than their kind needs (`limitFor`): a declared length before anything
 * is read; a body without one (chunked) is counted as it arrives and, within the limit, handed on as a request of our
 * own with its length declared. The request is rebuilt from its parts: hono's bodyLimit copied the runtime's request
 * object (`new Request(raw, ...)`), which Node's server adapter does not give as a native Request, so every chunked POST
 * failed with 500. `skip`: routes that count their own bytes while they stream them (a JUnit report).
 */
export function requestBodyLimits(options: { limitFor: (pathname: string) => number; skip: (c: Context<AppBindings>) => boolean }): MiddlewareHandler<AppBindings> {
  return async (c, next) => {
    const method = c.req.method
    if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS' || options.skip(c)) return next()
    const raw = c.req.raw
    const max = options.limitFor(new URL(raw.url).pathname)
    const declared = raw.headers.get('content-length')
    if (declared !== null && !raw.headers.has('transfer-encoding')) return Number(declared) > max ? tooLarge(c) : next()
    if (!raw.body) return next()
    const bytes = await readWithin(raw.body, max)
    if (bytes === null) return tooLarge(c)
    const headers = new Headers(raw.headers)
    headers.delete('transfer-encoding')
    headers.set('content-length', String(bytes.byteLength))
    c.req.raw = new Request(raw.url, { method, headers, body: bytes, signal: raw.signal })
    return next()
  }
}

/**
 * Reads what is left of a refused body and drops it, up to `max` bytes (then the connection is cut): a keep-alive
 * connection is usable again only once the whole body has come off it, or its bytes would be read as the next request
 * (the client's next call got 400). Not awaited: the answer goes out at once, and the client can stop sending. False
 * when a reader still holds the body: the answer must close the connection instead (`bodyLeftUnread`).
 */
export function discardRest(body: ReadableStream<Uint8Array>, max: number): boolean {
  if (body.locked) return false
  const reader = body.getReader()
  void (async () => {
    let size = 0
    for (;;) {
      const { done, value } = await reader.read()
      if (done) return
      size += value.byteLength
      if (size > max) return reader.cancel()
    }
  })().catch(() => undefined)
  return true
}

/**
 * Node: an answer that leaves a request's body unread closes the connection (`Connection: close`), so the body's bytes
 * are never read as the next request: a body declared too large to read, or one a route stopped reading part-way and
 * cannot drain (it sets `bodyLeftUnread`). Workers' front end reads requests itself, so this runs on Node only.
 */
export const closeAfterUnreadBody: MiddlewareHandler<AppBindings> = async (c, next) => {
  await next()
  if (!c.var.bodyLeftUnread) return
  const res = new Response(c.res.body, c.res)
  res.headers.set('Connection', 'close')
  c.res = res
}
