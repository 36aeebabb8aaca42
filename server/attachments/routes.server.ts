import type { Context } from 'hono'
import { targetFromQuery } from '../../lib/forms/attachment-schemas.ts'
import type { AppBindings } from '../app-bindings.server.ts'
import { serverEnv } from '../env.server.ts'
import { discardRest } from '../request-body.server.ts'
import { requireAttachment } from '../trpc/attachment-access.server.ts'
import { createContext, requestContextOptions } from '../trpc/context.server.ts'
import { apiRefusal, refusalResponse } from '../trpc/http-refusal.server.ts'
import { createCaller } from '../trpc/router.server.ts'

/** The upload's path, for the body-limit middleware: this route counts the bytes while it streams them. */
export const ATTACHMENT_UPLOAD_PATH = /^\/api\/attachments\/?$/

const MB = 1024 * 1024

/** A name in Content-Disposition: an ASCII stand-in, and the real one as RFC 5987 UTF-8. */
function disposition(kind: 'inline' | 'attachment', filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_')
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`
}

/**
 * POST /api/attachments?caseId=…[&stepId=…] | ?resultId=… | ?runId=…, &filename=…: the file's bytes as the body, its
 * length declared (Content-Length; 411 without one). Streamed to the store, never held whole. It calls
 * attachments.upload, so the same rules answer: 401 signed out or a read-only token's 403, 404 for non-members, 403
 * below the item's role, 413 past the size or the project's quota, 415 for a type not allowed or an image that is not
 * one, 503 when storing failed (nothing kept). Answers the attachment (201).
 */
export async function attachmentUploadResponse(c: Context<AppBindings>): Promise<Response> {
  const context = await createContext(requestContextOptions(c))
  const caller = createCaller(context)
  const max = Math.floor(serverEnv().PORTALSCOPE_ATTACHMENT_MAX_MB * MB)
  const declaredHeader = c.req.header('content-length')
  const declared = declaredHeader === undefined || c.req.header('transfer-encoding') ? NaN : Number(declaredHeader)
  const refuse = (status: number, code: string, message: string) => c.json({ error: { message, code } }, status as 400)
  const body = c.req.raw.body
  const leaveUnread = () => {
    if (!body || !discardRest(body, max)) c.set('bodyLeftUnread', true)
  }

  if (!Number.isInteger(declared) || declared < 0) {
    c.set('bodyLeftUnread', true)
    return refuse(411, 'LENGTH_REQUIRED', context.t('attachments.lengthRequired'))
  }
  const target = targetFromQuery((name) => c.req.query(name))
  if (!target) {
    leaveUnread()
    return refuse(400, 'BAD_REQUEST', context.t('attachments.noTarget'))
  }
  if (declared > max) {
    // Checked again by the procedure after access; here so that a body too large to read is never read.
    c.set('bodyLeftUnread', true)
  }
  try {
    const attachment = await caller.attachments.upload({ target, filename: c.req.query('filename') ?? '', size: declared, body: body ?? new ReadableStream({ start: (controller) => controller.close() }) })
    return c.json(attachment, 201, { 'Cache-Control': 'no-store' })
  } catch (error) {
    const refusal = apiRefusal(error)
    if (refusal && body && !body.locked && declared <= max) leaveUnread()
    else if (refusal) c.set('bodyLeftUnread', true)
    const retryAfter = context.resHeaders.get('Retry-After')
    if (retryAfter) c.header('Retry-After', retryAfter)
    return refusalResponse(c, error)
  }
}

/**
 * GET /api/attachments/:id: the file, to whoever may see its item (404 otherwise). Images the server recognised are
 * shown inline; everything else, SVG included, is a download. Every answer forbids sniffing and runs in a sandbox
 * with no script, so a file can never act as a page of this site.
 */
export async function attachmentDownloadResponse(c: Context<AppBindings>): Promise<Response> {
  const context = await createContext(requestContextOptions(c))
  if (!context.user) return c.json({ error: { message: context.t('auth.signInRequired'), code: 'UNAUTHORIZED' } }, 401)
  let row: Awaited<ReturnType<typeof requireAttachment>>
  try {
    row = await requireAttachment({ ...context, user: context.user }, c.req.param('id') ?? '', 'read')
  } catch (error) {
    return refusalResponse(c, error)
  }
  const etag = `"${row.hash}"`
  const headers: Record<string, string> = {
    'Content-Type': row.contentType,
    'Content-Disposition': disposition(row.kind === 'image' && c.req.query('download') === undefined ? 'inline' : 'attachment', row.filename),
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
    // The content never changes under its id; who may see it can, so only the person's own browser keeps it.
    'Cache-Control': 'private, max-age=3600',
    ETag: etag,
  }
  if (c.req.header('if-none-match') === etag) return new Response(null, { status: 304, headers })
  const stored = await context.attachments?.get(row.hash)
  if (!stored) return c.json({ error: { message: context.t('attachments.missing'), code: 'NOT_FOUND' } }, 404)
  return new Response(c.req.method === 'HEAD' ? null : stored.body, { headers: { ...headers, 'Content-Length': String(stored.size) } })
}
