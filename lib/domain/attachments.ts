
// Files on a case, a step, a result or a run (docs/decisions/025-attachments.md): what may be attached, how the
// server tells an image from anything else, and what the browser and the server both name.

export const ATTACHMENT_KINDS = ['image', 'file'] as const
export type AttachmentKind = (typeof ATTACHMENT_KINDS)[number]

/** The default ceiling of one file, in megabytes (PORTALSCOPE_ATTACHMENT_MAX_MB). */
export const ATTACHMENT_MAX_MB_DEFAULT = 25
/** The default ceiling of one project's files together, in megabytes (PORTALSCOPE_ATTACHMENT_PROJECT_MB). */
export const ATTACHMENT_PROJECT_MB_DEFAULT = 1024
/** The most files on one item: the list is shown whole, so it stays short. */
export const ATTACHMENTS_PER_ITEM_MAX = 50

/** Images shown as thumbnails, recognised by their first bytes, never by the name or the browser's word. */
type ImageType = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp'
const IMAGE_EXTENSIONS = new Set(['png', 'jpg', 'jpeg', 'gif', 'webp'])

/**
 * Everything else that may be attached, by extension, with the type it is served as (always as a download). SVG is
 * here, not among the images: it can carry script, so it is never shown inline.
 */
const FILE_TYPES: Record<string, string> = {
  txt: 'text/plain; charset=utf-8',
  log: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  tsv: 'text/tab-separated-values; charset=utf-8',
  json: 'application/json',
  har: 'application/json',
  xml: 'application/xml',
  md: 'text/markdown; charset=utf-8',
  yaml: 'application/yaml',
  yml: 'application/yaml',
  pdf: 'application/pdf',
  zip: 'application/zip',
  gz: 'application/gzip',
  svg: 'image/svg+xml',
}

/** The extensions a person may attach, for the message that refuses another. */
export const ATTACHMENT_EXTENSIONS = [...IMAGE_EXTENSIONS, ...Object.keys(FILE_TYPES)]

/** The first bytes the server reads before it decides (the longest signature below). */
export const SNIFF_BYTES = 12

function imageTypeOf(head: Uint8Array): ImageType | null {
  const starts = (bytes: number[], at = 0) => bytes.every((byte, index) => head[at + index] === byte)
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png'
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg'
  if (starts([0x47, 0x49, 0x46, 0x38]) && (head[4] === 0x37 || head[4] === 0x39) && head[5] === 0x61) return 'image/gif'
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp'
  return null
}

export function extensionOf(filename: string): string {
  const dot = filename.lastIndexOf('.')
  return dot < 0 ? '' : filename.slice(dot + 1).toLowerCase()
}

export type SniffedAttachment = { ok: true; kind: AttachmentKind; contentType: string } | { ok: false; problem: 'type' | 'notImage' }

/**
 * What a file is, from its name and first bytes: an image only when its bytes say so (a `.png` that is not one is
 * refused); another allowed extension is a file to download; anything else is refused.
 */
export function sniffAttachment(filename: string, head: Uint8Array): SniffedAttachment {
  const extension = extensionOf(filename)
  if (IMAGE_EXTENSIONS.has(extension)) {
    const type = imageTypeOf(head)
    return type ? { ok: true, kind: 'image', contentType: type } : { ok: false, problem: 'notImage' }
  }
  const type = FILE_TYPES[extension]
  return type ? { ok: true, kind: 'file', contentType: type } : { ok: false, problem: 'type' }
}

/** A file's name as kept and shown: its last path part, control and bidirectional characters dropped, at most 200. */
export function cleanFilename(raw: string): string {
  // eslint-disable-next-line no-control-regex
  const base = raw.split(/[/\\]/).pop()!.replace(/[\u0000-\u001f\u007f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '').trim()
  if (base.length <= 200) return base
  const extension = extensionOf(base)
  return extension && extension.length < 20 ? `${base.slice(0, 199 - extension.length)}.${extension}` : base.slice(0, 200)
}

/** What a file is attached to: a case (or one of its steps), a result or a run (checked by lib/forms/attachment-schemas.ts). */
export type AttachmentTarget = { kind: 'case'; caseId: string; stepId?: string | undefined } | { kind: 'result'; resultId: number } | { kind: 'run'; runId: string }

/** An attachment as the API answers it. */
export type AttachmentView = {
  id: string
  filename: string
  size: number
  kind: AttachmentKind
  contentType: string
  stepId: string | null
  createdAt: Date
  createdBy: string | null
}

/** Where the browser fetches an attachment's bytes: one path, served with a sandbox CSP and nosniff. */
export function attachmentHref(id: string): string {
  return `/api/attachments/${encodeURIComponent(id)}`
}

/** Where a file is sent for a target (POST, the bytes as the body, `Content-Length` required). */
export function attachmentUploadHref(target: AttachmentTarget, filename: string): string {
  const params = new URLSearchParams({ filename })
  if (target.kind === 'case') {
    params.set('caseId', target.caseId)
    if (target.stepId) params.set('stepId', target.stepId)
  } else if (target.kind === 'result') params.set('resultId', String(target.resultId))
  else params.set('runId', target.runId)
  return `/api/attachments?${params.toString()}`
}
