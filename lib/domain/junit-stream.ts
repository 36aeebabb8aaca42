// A JUnit report's bytes into the reader (junit-read.ts): the encoding from its byte order mark (UTF-8, UTF-16),
// bytes invalid in it refused with their line, the size counted as it streams in, the XML parser's refusals as the
// import's.

import { madeBy } from '../made-by.ts'
import { JUNIT_MAX_BYTES, JunitImportError, JunitReader, type JunitReport } from './junit-read.ts'

/** What a byte order mark says the bytes are; UTF-8 without one. */
function encodingOf(head: Uint8Array): { label: 'utf-8' | 'utf-16le' | 'utf-16be'; bom: number } {
  if (head[0] === 0xff && head[1] === 0xfe) return { label: 'utf-16le', bom: 2 }
  if (head[0] === 0xfe && head[1] === 0xff) return { label: 'utf-16be', bom: 2 }
  return { label: 'utf-8', bom: head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf ? 3 : 0 }
}

/**
 * Decodes the bytes of a report strictly: a byte that is not valid in its encoding is refused with its line, never
 * replaced with U+FFFD (a name or a message would be stored altered). The line is found by decoding the piece again
 * leniently up to the first replacement character that the bytes did not hold.
 */
class StrictDecoder {
  private readonly decoder: TextDecoder
  private readonly label: 'utf-8' | 'utf-16le' | 'utf-16be'
  private lines = 1

  constructor(label: 'utf-8' | 'utf-16le' | 'utf-16be') {
    this.label = label
    this.decoder = new TextDecoder(label, { fatal: true })
  }

  decode(bytes: Uint8Array | undefined, final: boolean): string {
    let text: string
    try {
      text = bytes ? this.decoder.decode(bytes, { stream: !final }) : this.decoder.decode()
    } catch {
      throw new JunitImportError('badBytes', this.lines + this.linesBeforeBadByte(bytes), { encoding: this.label.toUpperCase() })
    }
    for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) this.lines += 1
    return text
  }

  private linesBeforeBadByte(bytes: Uint8Array | undefined): number {
    if (!bytes) return 0
    const lenient = new TextDecoder(this.label).decode(bytes)
    const at = lenient.indexOf('\uFFFD')
    const before = at === -1 ? lenient : lenient.slice(0, at)
    let lines = 0
    for (let index = before.indexOf('\n'); index !== -1; index = before.indexOf('\n', index + 1)) lines += 1
    return lines
  }
}

/**
 * Reads a report from a byte stream (UTF-8, or UTF-16 after its byte order mark), refusing it once more than
 * `maxBytes` came in. The stream is read piece by piece, so memory stays bounded by the number of distinct cases, not
 * by the file's size.
 */
export async function readJunitStream(stream: ReadableStream<Uint8Array>, maxBytes = JUNIT_MAX_BYTES): Promise<JunitReport> {
  let reader: JunitReader | null = null
  let decoder: StrictDecoder | null = null
  let head = new Uint8Array(0)
  const source = stream.getReader()
  let bytes = 0
  /** The first bytes wait until there are enough to tell a byte order mark. */
  const push = (value: Uint8Array, final: boolean) => {
    if (!reader || !decoder) {
      const joined = new Uint8Array(head.length + value.length)
      joined.set(head)
      joined.set(value, head.length)
      if (joined.length < 3 && !final) {
        head = joined
        return
      }
      const { label, bom } = encodingOf(joined)
      decoder = new StrictDecoder(label)
      reader = new JunitReader({ decodedFrom: label === 'utf-8' ? 'utf-8' : 'utf-16' })
      value = joined.subarray(bom)
    }
    reader.write(decoder.decode(value, false))
  }
  try {
    for (;;) {
      const { done, value } = await source.read()
      if (done) break
      bytes += value.byteLength
      if (bytes > maxBytes) throw new JunitImportError('tooLarge', null, { megabytes: Math.round(maxBytes / 1024 / 1024) })
      push(value, false)
    }
    push(new Uint8Array(0), true)
  } catch (error) {
    // Past the limit nothing more is read. Otherwise the caller decides what becomes of the rest (an HTTP route drops
    // it off the connection, so the client's next request on it is read as one).
    if (madeBy(error, JunitImportError) && error.problem === 'tooLarge') await source.cancel().catch(() => undefined)
    throw error
  } finally {
    source.releaseLock()
  }
  const [done, strict] = [reader as JunitReader | null, decoder as StrictDecoder | null]
  if (!done || !strict) throw new JunitImportError('notXml', null)
  done.write(strict.decode(undefined, true))
  return done.end()
}
