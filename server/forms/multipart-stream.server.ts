// multipart/form-data read as a stream (RFC 7578): the small fields before the file are collected, the file part is
// handed on as a stream of its bytes while it arrives, so a form upload of hundreds of megabytes is never held in
// memory (Request.formData() would hold all of it). Web streams and Uint8Array only: it runs on Node and on Workers.

/** The most fields read before the file, and the longest one. */
const MAX_FIELDS = 20
const MAX_FIELD_BYTES = 64 * 1024
const MAX_HEADER_BYTES = 8 * 1024

export type MultipartUpload = { fields: Map<string, string>; file: { name: string; filename: string; stream: ReadableStream<Uint8Array> } | null }

export class MultipartError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'MultipartError'
  }
}

/** The boundary of a multipart/form-data content type, or null. */
export function multipartBoundary(contentType: string | null | undefined): string | null {
  if (!contentType || !/^multipart\/form-data\s*;/i.test(contentType)) return null
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType)
  return match ? (match[1] ?? match[2])! : null
}

function indexOfBytes(haystack: Uint8Array, needle: Uint8Array, from = 0): number {
  const first = needle[0]!
  for (let at = haystack.indexOf(first, from); at !== -1 && at <= haystack.length - needle.length; at = haystack.indexOf(first, at + 1)) {
    let same = true
    for (let k = 1; k < needle.length; k += 1) {
      if (haystack[at + k] !== needle[k]) {
        same = false
        break
      }
    }
    if (same) return at
  }
  return -1
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  if (a.length === 0) return b
  const joined = new Uint8Array(a.length + b.length)
  joined.set(a)
  joined.set(b, a.length)
  return joined
}

const encoder = new TextEncoder()
const decoder = new TextDecoder()

/**
 * Reads fields up to the first part named `fileField` that carries a file; answers them with the file's stream (which
 * ends at the part's end). Fields after the file are not read: a form must put its fields before the file.
 */
export async function readMultipartUpload(body: ReadableStream<Uint8Array>, boundary: string, fileField: string): Promise<MultipartUpload> {
  const reader = body.getReader()
  const delimiter = encoder.encode(`\r\n--${boundary}`)
  // The first delimiter has no line break before it; one is put in front so that every delimiter looks the same.
  let buffer: Uint8Array = encoder.encode('\r\n')
  let ended = false

  const more = async (): Promise<boolean> => {
    if (ended) return false
    const { done, value } = await reader.read()
    if (done) {
      ended = true
      return false
    }
    buffer = concat(buffer, value)
    return true
  }
  /** Reads until `needle`, answering what comes before it (at most `max` bytes) and dropping the needle. */
  const until = async (needle: Uint8Array, max: number): Promise<Uint8Array> => {
    for (;;) {
      const at = indexOfBytes(buffer, needle)
      if (at !== -1) {
        if (at > max) throw new MultipartError('A form field is too long')
        const before = buffer.slice(0, at)
        buffer = buffer.slice(at + needle.length)
        return before
      }
      if (buffer.length > max + needle.length) throw new MultipartError('A form field is too long')
      if (!(await more())) throw new MultipartError('The form ends too early')
    }
  }
  const need = async (count: number) => {
    while (buffer.length < count) if (!(await more())) throw new MultipartError('The form ends too early')
  }

  const fields = new Map<string, string>()
  try {
    await until(delimiter, MAX_FIELD_BYTES)
    for (let part = 0; part <= MAX_FIELDS; part += 1) {
      await need(2)
      if (buffer[0] === 0x2d && buffer[1] === 0x2d) break // `--`: the last delimiter
      const headerText = decoder.decode(await until(encoder.encode('\r\n\r\n'), MAX_HEADER_BYTES))
      const disposition = /content-disposition:\s*form-data((?:\s*;\s*[\w*-]+=(?:"[^"]*"|[^;\r\n]*))*)/i.exec(headerText)?.[1] ?? ''
      const name = /;\s*name="([^"]*)"/i.exec(disposition)?.[1] ?? /;\s*name=([^;\s]+)/i.exec(disposition)?.[1] ?? ''
      const filename = /;\s*filename="([^"]*)"/i.exec(disposition)?.[1]
      if (name === fileField && filename !== undefined) {
        const stream = new ReadableStream<Uint8Array>({
          async pull(controller) {
            for (;;) {
              const at = indexOfBytes(buffer, delimiter)
              if (at !== -1) {
                if (at > 0) controller.enqueue(buffer.slice(0, at))
                buffer = new Uint8Array(0)
                controller.close()
                await reader.cancel().catch(() => undefined)
                return
              }
              // Everything but what could be the start of the delimiter goes on now.
              const keep = Math.min(buffer.length, delimiter.length - 1)
              if (buffer.length > keep) {
                controller.enqueue(buffer.slice(0, buffer.length - keep))
                buffer = buffer.slice(buffer.length - keep)
                return
              }
              // A form cut off inside the file: the file ends here, and its reader judges what it got.
              if (!(await more())) {
                if (buffer.length > 0) controller.enqueue(buffer)
                buffer = new Uint8Array(0)
                controller.close()
                return
              }
            }
          },
          async cancel() {
            await reader.cancel().catch(() => undefined)
          },
        })
        return { fields, file: { name, filename, stream } }
      }
      const value = await until(delimiter, MAX_FIELD_BYTES)
      if (name && !filename) fields.set(name, decoder.decode(value))
    }
  } catch (error) {
    await reader.cancel().catch(() => undefined)
    throw error
  }
  await reader.cancel().catch(() => undefined)
  return { fields, file: null }
}
