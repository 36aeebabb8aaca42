// A small streaming XML reader for machine-written reports (JUnit XML): text is pushed in pieces of any size and
// comes out as start tags, end tags and text, so a file of hundreds of megabytes is read in bounded memory. Pure
// JavaScript with no imports, so it runs the same on Node and on Cloudflare Workers.
//
// It reads the XML that test tools write, and refuses what a report never needs and an attacker would use: a
// DOCTYPE (so no entity definitions, no entity expansion, no external entities), entities other than the five of
// XML and character references, and names, tags and nesting beyond the caps below. Text is never collected here:
// it is handed on as it comes, and the consumer decides how much of it to keep.

/** Why a text was refused; `params` fill the translated message. */
export type XmlProblem =
  | 'notXml'
  | 'doctype'
  | 'entity'
  | 'malformed'
  | 'mismatch'
  | 'truncated'
  | 'nameTooLong'
  | 'tagTooLong'
  | 'tooDeep'
  | 'encoding'
  | 'textOutsideRoot'
  | 'secondRoot'

export class XmlStreamError extends Error {
  readonly problem: XmlProblem
  readonly line: number
  readonly params: Record<string, string | number>

  constructor(problem: XmlProblem, line: number, params: Record<string, string | number> = {}) {
    super(`${problem} at line ${line}${Object.keys(params).length ? ` (${JSON.stringify(params)})` : ''}`)
    this.name = 'XmlStreamError'
    this.problem = problem
    this.line = line
    this.params = params
  }
}

export type XmlHandler = {
  /** A start tag; `selfClosing` tags get no `close` call. Attribute values are decoded. */
  open(name: string, attributes: Record<string, string>, selfClosing: boolean): void
  close(name: string): void
  /** A piece of an element's text (character data and CDATA alike, references decoded); one text may come in many pieces. */
  text(piece: string): void
}

/** The longest element or attribute name. */
export const XML_MAX_NAME = 200
/** The longest start tag with all its attributes (a long failure message is an attribute in pytest's reports). */
export const XML_MAX_TAG = 1024 * 1024
/** The most attributes on one element. */
export const XML_MAX_ATTRIBUTES = 200
/** The deepest nesting of elements. */
export const XML_MAX_DEPTH = 256

const PREDEFINED: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }
const NAME = /^[A-Za-z_:][-\w.:]*$/
const ATTRIBUTE = /\s*([^\s=/>"']+)\s*=\s*(?:"([^"<]*)"|'([^'<]*)')/y
const REFERENCE = /&(#x[0-9A-Fa-f]{1,6}|#[0-9]{1,7}|[A-Za-z][A-Za-z0-9]{0,30})?(;)?/g
// Characters XML 1.0 does not allow, which a character reference must not produce either.
// eslint-disable-next-line no-control-regex
const ILLEGAL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/

type Mode = 'text' | 'comment' | 'cdata'

export class XmlStreamParser {
  private buffer = ''
  private mode: Mode = 'text'
  private readonly stack: string[] = []
  private rootSeen = false
  private rootClosed = false
  private started = false
  private linesBefore = 0
  private tagAt = 0

  private readonly handler: XmlHandler
  /** What the bytes were decoded from (a byte order mark says UTF-16); the declaration must agree. */
  private readonly decodedFrom: 'utf-8' | 'utf-16'

  constructor(handler: XmlHandler, options: { decodedFrom?: 'utf-8' | 'utf-16' } = {}) {
    this.handler = handler
    this.decodedFrom = options.decodedFrom ?? 'utf-8'
  }

  /** The line of the start tag being handed to the handler, for the handler's own refusals. */
  currentLine(): number {
    return this.lineAt(this.tagAt)
  }

  /** The line (1-based) of a position in the current buffer, for messages. */
  private lineAt(index: number): number {
    let line = this.linesBefore + 1
    for (let at = this.buffer.indexOf('\n'); at !== -1 && at < index; at = this.buffer.indexOf('\n', at + 1)) line += 1
    return line
  }

  private fail(problem: XmlProblem, index: number, params: Record<string, string | number> = {}): never {
    throw new XmlStreamError(problem, this.lineAt(index), params)
  }

  /** Drops what was read from the buffer, keeping the line count. */
  private consume(upTo: number): void {
    const done = this.buffer.slice(0, upTo)
    for (let at = done.indexOf('\n'); at !== -1; at = done.indexOf('\n', at + 1)) this.linesBefore += 1
    this.buffer = this.buffer.slice(upTo)
  }

  write(chunk: string): void {
    if (chunk.length === 0) return
    this.buffer = this.buffer.length === 0 ? chunk : this.buffer + chunk
    if (!this.started) {
      // A byte order mark is dropped by the decoder; anything else before the first `<` is not XML.
      const first = /\S/.exec(this.buffer)
      if (!first) return
      if (this.buffer[first.index] !== '<') this.fail('notXml', first.index)
      this.started = true
    }
    this.run(false)
  }

  /** The text is complete: anything left open means it was cut short. */
  end(): void {
    this.run(true)
    if (!this.started || !this.rootSeen) {
      if (this.started) this.fail('truncated', this.buffer.length)
      this.fail('notXml', 0)
    }
    if (this.mode !== 'text' || this.stack.length > 0 || this.buffer.trim() !== '') this.fail('truncated', this.buffer.length, { element: this.stack.at(-1) ?? '' })
  }

  private run(final: boolean): void {
    let pos = 0
    const buffer = this.buffer
    while (pos < buffer.length) {
      if (this.mode === 'comment') {
        const end = buffer.indexOf('-->', pos)
        if (end === -1) {
          // A long comment is skipped as it comes: only a possible start of `-->` is kept.
          pos = Math.max(pos, buffer.length - 2)
          break
        }
        pos = end + 3
        this.mode = 'text'
        continue
      }
      if (this.mode === 'cdata') {
        const end = buffer.indexOf(']]>', pos)
        if (end === -1) {
          const upTo = Math.max(pos, buffer.length - 2)
          if (upTo > pos) this.emitText(buffer.slice(pos, upTo), pos, true)
          pos = upTo
          break
        }
        if (end > pos) this.emitText(buffer.slice(pos, end), pos, true)
        pos = end + 3
        this.mode = 'text'
        continue
      }
      const lt = buffer.indexOf('<', pos)
      if (lt === -1) {
        // Text up to the end, except a reference that may go on in the next piece.
        const amp = buffer.lastIndexOf('&')
        const upTo = amp >= pos && buffer.indexOf(';', amp) === -1 && !final ? amp : buffer.length
        if (upTo > pos) this.emitText(buffer.slice(pos, upTo), pos, false)
        pos = upTo
        break
      }
      if (lt > pos) this.emitText(buffer.slice(pos, lt), pos, false)
      pos = lt
      const next = this.markup(buffer, pos)
      if (next === -1) break
      pos = next
    }
    this.consume(pos)
  }

  /** Reads the markup at `pos` (a `<`); answers where it ends, or -1 when more text is needed. */
  private markup(buffer: string, pos: number): number {
    if (buffer.length - pos < 9) {
      // Enough to tell `<![CDATA[` from `<!--` from a tag; a short tag at the very end waits for the next piece too.
      const end = buffer.indexOf('>', pos)
      if (end === -1) return -1
    }
    const second = buffer[pos + 1]
    if (second === '?') {
      const end = buffer.indexOf('?>', pos)
      if (end === -1) return this.wait(buffer, pos)
      this.instruction(buffer.slice(pos + 2, end), pos)
      return end + 2
    }
    if (second === '!') {
      if (buffer.startsWith('<!--', pos)) {
        this.mode = 'comment'
        return pos + 4
      }
      if (buffer.startsWith('<![CDATA[', pos)) {
        if (this.stack.length === 0) this.fail('textOutsideRoot', pos)
        this.mode = 'cdata'
        return pos + 9
      }
      if (buffer.startsWith('<!DOCTYPE', pos) || buffer.slice(pos, pos + 9).toUpperCase() === '<!DOCTYPE') this.fail('doctype', pos)
      if (buffer.startsWith('<!ENTITY', pos)) this.fail('doctype', pos)
      this.fail('malformed', pos)
    }
    const end = this.tagEnd(buffer, pos)
    if (end === -1) return this.wait(buffer, pos)
    if (second === '/') this.endTag(buffer.slice(pos + 2, end).trimEnd(), pos)
    else this.startTag(buffer.slice(pos + 1, end), pos)
    return end + 1
  }

  private wait(buffer: string, pos: number): number {
    if (buffer.length - pos > XML_MAX_TAG) this.fail('tagTooLong', pos, { max: XML_MAX_TAG })
    return -1
  }

  /** The `>` that ends the tag at `pos`, outside quoted attribute values; -1 when it is not in the buffer yet. */
  private tagEnd(buffer: string, pos: number): number {
    let quote = ''
    const limit = Math.min(buffer.length, pos + XML_MAX_TAG + 1)
    for (let at = pos + 1; at < limit; at += 1) {
      const char = buffer[at]
      if (quote) {
        if (char === quote) quote = ''
        else if (char === '<') this.fail('malformed', at)
      } else if (char === '"' || char === "'") quote = char
      else if (char === '>') return at
      else if (char === '<') this.fail('malformed', at)
    }
    if (limit < buffer.length || buffer.length - pos > XML_MAX_TAG) this.fail('tagTooLong', pos, { max: XML_MAX_TAG })
    return -1
  }

  private instruction(body: string, pos: number): void {
    if (!body.startsWith('xml') || /^xml[-\w]/.test(body)) return
    // The XML declaration: the text was decoded as UTF-8 (or UTF-16 after its byte order mark), so another declared
    // encoding would be misread.
    if (this.rootSeen || this.buffer.slice(0, pos).trim() !== '' || this.linesBefore > 0) return
    const encoding = /encoding\s*=\s*["']([^"']*)["']/.exec(body)?.[1]?.toLowerCase()
    const accepted = this.decodedFrom === 'utf-16' ? ['utf-16', 'utf16', 'utf-16le', 'utf-16be'] : ['utf-8', 'utf8', 'us-ascii', 'ascii']
    if (encoding && !accepted.includes(encoding)) this.fail('encoding', pos, { encoding: encoding.slice(0, 40) })
  }

  private checkName(name: string, pos: number): void {
    if (name.length > XML_MAX_NAME) this.fail('nameTooLong', pos, { max: XML_MAX_NAME })
    if (!NAME.test(name)) this.fail('malformed', pos)
  }

  private startTag(inner: string, pos: number): void {
    this.tagAt = pos
    const selfClosing = inner.endsWith('/')
    const body = selfClosing ? inner.slice(0, -1) : inner
    const nameEnd = body.search(/[\s]|$/)
    const name = body.slice(0, nameEnd)
    this.checkName(name, pos)
    const attributes: Record<string, string> = {}
    let count = 0
    ATTRIBUTE.lastIndex = nameEnd
    while (ATTRIBUTE.lastIndex < body.length) {
      const from = ATTRIBUTE.lastIndex
      const match = ATTRIBUTE.exec(body)
      if (!match) {
        if (body.slice(from).trim() === '') break
        this.fail('malformed', pos, { element: name.slice(0, 60) })
      }
      const [, attribute, double, single] = match
      this.checkName(attribute!, pos)
      if (Object.hasOwn(attributes, attribute!)) this.fail('malformed', pos, { element: name.slice(0, 60) })
      if (++count > XML_MAX_ATTRIBUTES) this.fail('tagTooLong', pos, { max: XML_MAX_TAG })
      // Attribute-value normalisation: literal line breaks and tabs become spaces; `&#10;` stays a line break.
      attributes[attribute!] = this.decode((double ?? single ?? '').replace(/[\t\n\r]/g, ' '), pos)
    }
    if (this.stack.length === 0) {
      if (this.rootClosed) this.fail('secondRoot', pos)
      this.rootSeen = true
    }
    if (this.stack.length >= XML_MAX_DEPTH) this.fail('tooDeep', pos, { max: XML_MAX_DEPTH })
    if (!selfClosing) this.stack.push(name)
    else if (this.stack.length === 0) this.rootClosed = true
    this.handler.open(name, attributes, selfClosing)
  }

  private endTag(name: string, pos: number): void {
    this.checkName(name, pos)
    const open = this.stack.pop()
    if (open !== name) this.fail('mismatch', pos, { closing: name.slice(0, 60), open: open?.slice(0, 60) ?? '' })
    if (this.stack.length === 0) this.rootClosed = true
    this.handler.close(name)
  }

  private emitText(text: string, pos: number, raw: boolean): void {
    if (this.stack.length === 0) {
      // Outside the root only white space (and comments, instructions) may stand.
      if (text.trim() !== '') this.fail(this.rootSeen ? 'textOutsideRoot' : 'notXml', pos)
      return
    }
    this.handler.text(raw ? text : this.decode(text, pos))
  }

  /** Text with its references replaced; a bare `&` or an entity other than XML's five is refused. */
  private decode(text: string, pos: number): string {
    if (!text.includes('&')) return text
    return text.replace(REFERENCE, (whole, body: string | undefined, semicolon: string | undefined) => {
      if (!body || !semicolon) this.fail('entity', pos, { entity: whole.slice(0, 40) })
      if (body.startsWith('#')) {
        const code = body[1] === 'x' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10)
        if (!(code >= 0 && code <= 0x10ffff) || (code >= 0xd800 && code <= 0xdfff)) this.fail('entity', pos, { entity: whole })
        const char = String.fromCodePoint(code)
        if (ILLEGAL_CHARACTER.test(char)) this.fail('entity', pos, { entity: whole })
        return char
      }
      const value = PREDEFINED[body]
      if (value === undefined) this.fail('entity', pos, { entity: whole.slice(0, 40) })
      return value
    })
  }
}
