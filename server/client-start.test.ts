import { sha256 } from '@oslojs/crypto/sha2'
import { encodeBase64 } from '@oslojs/encoding'
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { CLIENT_START_ID, CLIENT_START_SCRIPT, CLIENT_START_SCRIPT_HASH, ClientStartRewriter, startClientAfterFirstPaint } from './client-start.server.ts'

// The end of a page as Vike writes it in production (vike/…/getHtmlTags.js): the page's JSON, the entry, a preload per
// chunk, then `</body>`.
const NONCE = 'Zm9vYmFy'
const HEAD = `<!DOCTYPE html><html lang="cs"><head><meta charset="UTF-8" /><script>var a=1<2</script><link rel="stylesheet" type="text/css" href="/assets/static/global.css"></head><body><div id="root"><main><p>a &lt;script src=&quot;x&quot;&gt; in text</p></main></div>`
const PAGE_JSON = `<script id="vike_pageContext" type="application/json" nonce="${NONCE}">{"text":"\\u003c/script>"}</script>`
const ENTRY = `<script src="/assets/entries/entry-client-routing.BE6qo1-F.js" type="module" async nonce="${NONCE}"></script>`
const PRELOADS = [
  '<link rel="modulepreload" href="/assets/entries/pages_index.CnrHrq3-.js" as="script" type="text/javascript">',
  '<link rel="modulepreload" href="/assets/chunks/chunk-XKyaHtl9.js" as="script" type="text/javascript">',
]
const TAIL = '</body></html>'
const PAGE = HEAD + PAGE_JSON + ENTRY + PRELOADS.join('') + TAIL

function rewriteIn(parts: string[]): string {
  const rewriter = new ClientStartRewriter()
  return parts.map((part) => rewriter.push(part)).join('') + rewriter.end()
}

function listIn(html: string): { entry: string[]; preload: string[] } {
  const json = new RegExp(`<script type="application/json" id="${CLIENT_START_ID}">(.*?)</script>`).exec(html)?.[1]
  if (json === undefined) throw new Error('no list in the page')
  return JSON.parse(json) as { entry: string[]; preload: string[] }
}

describe('the page code starts after the first frame', () => {
  const expected = rewriteIn([PAGE])

  it('moves the entry and its preloads into the list the loader reads, in their place', () => {
    expect(expected).not.toMatch(/<script[^>]*type="module"/)
    expect(expected).not.toMatch(/<link[^>]*modulepreload/)
    expect(listIn(expected)).toEqual({
      entry: ['/assets/entries/entry-client-routing.BE6qo1-F.js'],
      preload: ['/assets/entries/pages_index.CnrHrq3-.js', '/assets/chunks/chunk-XKyaHtl9.js'],
    })
    // Everything else is as it was, the list and its loader just before </body>.
    expect(expected).toBe(HEAD + PAGE_JSON + expected.slice((HEAD + PAGE_JSON).length, -TAIL.length) + TAIL)
    expect(expected.endsWith(`<script>${CLIENT_START_SCRIPT}</script>${TAIL}`)).toBe(true)
  })

  it('gives the same page whichever way the HTML is cut into chunks', () => {
    for (let at = 0; at <= PAGE.length; at++) expect(rewriteIn([PAGE.slice(0, at), PAGE.slice(at)])).toBe(expected)
    for (const size of [1, 2, 3, 7, 64]) {
      const parts: string[] = []
      for (let at = 0; at < PAGE.length; at += size) parts.push(PAGE.slice(at, at + size))
      expect(rewriteIn(parts)).toBe(expected)
    }
  })

  it('puts the list where Vike put the entry, also when the page goes on streaming after it', () => {
    const streaming = `${HEAD}${PAGE_JSON}${ENTRY}${PRELOADS.join('\n')}\n<div hidden id="later">${'more '.repeat(20)}</div>${PRELOADS[0]}${TAIL}`
    const html = rewriteIn([streaming])
    expect(html.indexOf(`<script>${CLIENT_START_SCRIPT}</script>`)).toBeLessThan(html.indexOf('<div hidden id="later">'))
    expect(listIn(html).preload).toHaveLength(2)
    // A preload after other content is not the entry's: it stays.
    expect(html).toContain(`</div>${PRELOADS[0]}${TAIL}`)
    for (let at = 0; at <= streaming.length; at += 3) expect(rewriteIn([streaming.slice(0, at), streaming.slice(at)])).toBe(html)
  })

  it('reads the addresses as the browser would', () => {
    const html = rewriteIn([`<script type="module" src="/assets/entry.js?v=1&amp;x=&quot;2&quot;"></script>`])
    expect(listIn(html).entry).toEqual(['/assets/entry.js?v=1&x="2"'])
  })

  it('puts the list at the end of HTML that ends with the entry', () => {
    const html = rewriteIn([ENTRY, PRELOADS[0]!])
    expect(listIn(html)).toEqual({ entry: ['/assets/entries/entry-client-routing.BE6qo1-F.js'], preload: ['/assets/entries/pages_index.CnrHrq3-.js'] })
  })

  it('leaves HTML without a module entry as it is: a development build, a page of text', () => {
    const development = `${HEAD}<script type="module" async nonce="${NONCE}">import("/@vite/client")</script>${PRELOADS[0]}${TAIL}`
    for (const html of [development, '<p>plain</p>', HEAD + TAIL]) {
      for (let at = 0; at <= html.length; at++) expect(rewriteIn([html.slice(0, at), html.slice(at)])).toBe(html)
    }
  })

  it('escapes the list so that no address can close its element', () => {
    const html = rewriteIn([`<script src="/a<!--<script.js" type="module"></script></body>`])
    expect(html.match(/<script/g)).toHaveLength(2)
    expect(listIn(html).entry).toEqual(['/a<!--<script.js'])
    expect(html).toContain('"/a\\u003c!--\\u003cscript.js"')
  })

  it('names the loader in the CSP by its hash', () => {
    expect(CLIENT_START_SCRIPT_HASH).toBe(`'sha256-${encodeBase64(sha256(new TextEncoder().encode(CLIENT_START_SCRIPT)))}'`)
  })

  it('rewrites streamed HTML answers, and only those', async () => {
    const app = new Hono()
    app.use(startClientAfterFirstPaint)
    const encoder = new TextEncoder()
    // Cut inside a multi-byte character and inside the tags.
    const streamed = `${HEAD}<p>Žluťoučký kůň</p>${PAGE_JSON}${ENTRY}${PRELOADS.join('')}${TAIL}`
    app.get('/page', () => {
      const bytes = encoder.encode(streamed)
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          for (let at = 0; at < bytes.length; at += 5) controller.enqueue(bytes.slice(at, at + 5))
          controller.close()
        },
      })
      return new Response(body, { headers: { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': String(bytes.length) } })
    })
    app.get('/data', (c) => c.json({ html: ENTRY }))
    const page = await app.request('/page')
    expect(page.headers.get('Content-Length')).toBeNull()
    const html = await page.text()
    expect(html).toContain('<p>Žluťoučký kůň</p>')
    expect(html).toBe(rewriteIn([streamed]))
    expect(await (await app.request('/data')).json()).toEqual({ html: ENTRY })
  })
})
