import { sha256 } from '@oslojs/crypto/sha2'
import { encodeBase64 } from '@oslojs/encoding'
import type { MiddlewareHandler } from 'hono'
import { replaceResponse } from './page-cache/compression.server.ts'

// A page's code starts after the page has been drawn once (docs/decisions/023-client-start.md). Vike ends the HTML with
// the client entry `<script type="module" src>` and a `<link rel="modulepreload">` per chunk, which Vike does not let a
// renderer change. Where the HTML arrives at once (a fast network, a page from the cache), the browser fetches and runs
// all of them before it draws anything: the first paint waits for the page's code, which it does not need. This
// middleware moves those tags into a list that a small inline script loads after the first paint.

/** The list's element: the entry scripts and the chunks to preload, as JSON. */
export const CLIENT_START_ID = 'client-start'

/**
 * Loads the list once the browser has recorded the first contentful paint (Paint Timing), looked for at each frame: a
 * frame's `requestAnimationFrame` runs before that frame is drawn, and the paint is recorded only once it is on screen.
 * A hidden page paints nothing, so it starts at once; the timeout starts a page that records no paint (nothing to draw,
 * or a browser without Paint Timing).
 */
export const CLIENT_START_SCRIPT = `(function(){var d=document,a=JSON.parse(d.getElementById(${JSON.stringify(CLIENT_START_ID)}).textContent),s=0;function go(){if(s)return;s=1;a.preload.forEach(function(h){var l=d.createElement("link");l.rel="modulepreload";l.href=h;d.head.appendChild(l)});a.entry.forEach(function(h){var e=d.createElement("script");e.type="module";e.src=h;d.body.appendChild(e)})}function wait(){if(s)return;if(performance.getEntriesByName("first-contentful-paint").length)setTimeout(go,0);else requestAnimationFrame(wait)}if(d.hidden||!window.requestAnimationFrame)return go();wait();setTimeout(go,3000)})()`

/** The loader's CSP source: it is the same in every page, so the CSP names it instead of a nonce. */
export const CLIENT_START_SCRIPT_HASH = `'sha256-${encodeBase64(sha256(new TextEncoder().encode(CLIENT_START_SCRIPT)))}'`

// Vike's tags (vike/…/inferHtmlTags.js), in production: the entry, then one preload per chunk. Page content never
// holds these as markup (React escapes `<` in text, and Vike's JSON escapes it too).
const ENTRY = /<script\b(?=[^>]*\btype="module")[^>]*\bsrc="([^"]+)"[^>]*><\/script>/g
// What may follow the entry in its group: space, another entry, a preload (sticky: from a given position only).
const GROUP = /(\s+)|<script\b(?=[^>]*\btype="module")[^>]*\bsrc="([^"]+)"[^>]*><\/script>|<link\b(?=[^>]*\brel="modulepreload")[^>]*\bhref="([^"]+)"[^>]*>/y

const ENTITIES: Record<string, string> = { '&amp;': '&', '&quot;': '"', '&#39;': "'", '&#x27;': "'", '&lt;': '<', '&gt;': '>' }
/** An attribute's value as the browser reads it (Vike escapes these five). */
function attributeValue(raw: string): string {
  return raw.replace(/&(?:amp|quot|#39|#x27|lt|gt);/g, (entity) => ENTITIES[entity] ?? entity)
}

/** The list and its loader, placed where the tags were. The JSON cannot close its element (`<` is escaped). */
export function clientStartMarkup(entry: readonly string[], preload: readonly string[]): string {
  const list = JSON.stringify({ entry, preload }).replaceAll('<', '\\u003c')
  return `<script type="application/json" id="${CLIENT_START_ID}">${list}</script><script>${CLIENT_START_SCRIPT}</script>`
}

/**
 * Rewrites HTML as it streams: `push` takes the next text and returns what can be sent; `end` returns the rest. Text
 * that may hold the start of a tag waits for the next chunk. The entry and the preloads that follow it leave the HTML,
 * and the list takes their place, so it comes where Vike put the entry. HTML without a module entry (a development
 * build's inline entry, a page without code) is unchanged.
 */
export class ClientStartRewriter {
  #held = ''
  readonly #entry: string[] = []
  readonly #preload: string[] = []
  #state: 'looking' | 'collecting' | 'placed' = 'looking'

  push(text: string): string {
    const all = this.#held + text
    const cut = safeEnd(all)
    this.#held = all.slice(cut)
    return this.#rewrite(all.slice(0, cut))
  }

  end(): string {
    const rest = this.#rewrite(this.#held)
    this.#held = ''
    return this.#state === 'collecting' ? rest + this.#place() : rest
  }

  #place(): string {
    this.#state = 'placed'
    return clientStartMarkup(this.#entry, this.#preload)
  }

  #rewrite(text: string): string {
    let out = ''
    let at = 0
    while (at < text.length) {
      if (this.#state === 'placed') return out + text.slice(at)
      if (this.#state === 'looking') {
        ENTRY.lastIndex = at
        const entry = ENTRY.exec(text)
        if (!entry) return out + text.slice(at)
        out += text.slice(at, entry.index)
        this.#entry.push(attributeValue(entry[1]!))
        at = ENTRY.lastIndex
        this.#state = 'collecting'
        continue
      }
      GROUP.lastIndex = at
      const next = GROUP.exec(text)
      if (!next) {
        out += this.#place()
        continue
      }
      const [, space, entry, preload] = next
      if (space) out += space
      else if (entry) this.#entry.push(attributeValue(entry))
      else if (preload) this.#preload.push(attributeValue(preload))
      at = GROUP.lastIndex
    }
    return out
  }
}

/** Where text may be sent up to: before an unclosed tag, and before a `<script` whose `</script>` has not come. */
function safeEnd(text: string): number {
  let cut = text.length
  const lastOpen = text.lastIndexOf('<')
  if (lastOpen !== -1 && text.indexOf('>', lastOpen) === -1) cut = lastOpen
  const lastScript = text.lastIndexOf('<script')
  if (lastScript !== -1 && text.indexOf('</script>', lastScript) === -1) cut = Math.min(cut, lastScript)
  return cut
}

/** Every HTML answer (a page, an error page), before the page cache keeps it and before compression. */
export const startClientAfterFirstPaint: MiddlewareHandler = async (c, next) => {
  await next()
  const res = c.res
  if (c.req.method === 'HEAD' || !res.body || !/^text\/html\b/i.test(res.headers.get('Content-Type') ?? '')) return
  const rewriter = new ClientStartRewriter()
  const decoder = new TextDecoder()
  const encoder = new TextEncoder()
  const body = res.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        const text = rewriter.push(decoder.decode(chunk, { stream: true }))
        if (text) controller.enqueue(encoder.encode(text))
      },
      flush(controller) {
        const text = rewriter.push(decoder.decode()) + rewriter.end()
        if (text) controller.enqueue(encoder.encode(text))
      },
    }),
  )
  const headers = new Headers(res.headers)
  headers.delete('Content-Length')
  replaceResponse(c, new Response(body, { status: res.status, statusText: res.statusText, headers }))
}
