import { attachmentUploadHref, type AttachmentTarget, type AttachmentView } from '../domain/attachments.ts'

/** How an upload ended: the attachment, or the server's reason in the user's language (null: no answer came). */
export type UploadOutcome = { ok: true; attachment: AttachmentView } | { ok: false; message: string | null }

/**
 * Sends one file to POST /api/attachments over plain fetch (decision 025): the file itself is the body, so the
 * browser streams it with its length and the server never holds it whole; a tRPC call would carry it as JSON. The
 * session cookie and the page's origin go with it, as with every call from the app.
 */
export async function uploadAttachment(target: AttachmentTarget, file: File): Promise<UploadOutcome> {
  let res: Response
  try {
    res = await fetch(attachmentUploadHref(target, file.name || 'file'), { method: 'POST', body: file, headers: { 'content-type': 'application/octet-stream' }, credentials: 'same-origin' })
  } catch {
    return { ok: false, message: null }
  }
  const body = (await res.json().catch(() => null)) as (AttachmentView & { error?: { message?: string } }) | null
  if (res.status === 201 && body) return { ok: true, attachment: { ...body, createdAt: new Date(body.createdAt) } }
  return { ok: false, message: body?.error?.message ?? null }
}
