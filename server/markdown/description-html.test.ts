import { describe, expect, it } from 'vitest'
import { descriptionHtml } from './description-html.server.ts'

describe('descriptionHtml', () => {
  it('renders CKAN Markdown', () => {
    expect(descriptionHtml('Hourly **measurements**.\n\n- one\n- two')).toBe('<p>Hourly <strong>measurements</strong>.</p>\n<ul>\n<li>one</li>\n<li>two</li>\n</ul>')
  })

  it('drops raw HTML: a script and an image with an event handler never reach the page', () => {
    const html = descriptionHtml('Before\n\n<script>alert(1)</script>\n\nText <img src=x onerror=alert(1)> after <b onclick="alert(2)">bold</b>')
    expect(html).not.toMatch(/<script|<img|onerror|onclick|<b[ >]/i)
    expect(html).not.toContain('alert(1)')
    expect(html).toContain('<p>Before</p>')
    expect(html).toContain('Text  after bold')
  })

  it.each([
    ['[x](javascript:alert(1))', 'javascript:'],
    ['[x](JavaScript:alert(1))', 'javascript:'],
    ['[x](vbscript:msgbox(1))', 'vbscript:'],
    ['[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)', 'data:'],
    ['<javascript:alert(1)>', 'javascript:'],
  ])('neutralises %s: no link is left, only its text', (markdown, scheme) => {
    const html = descriptionHtml(markdown)
    expect(html).not.toContain('<a ')
    expect(html).not.toMatch(new RegExp(`(href|src)="\\s*${scheme}`, 'i'))
    expect(html).toMatch(/^<p><span>.+<\/span><\/p>$/)
  })

  it('gives links rel="noopener nofollow" and no target', () => {
    const html = descriptionHtml('See [the methodology](https://example.cz/metodika "Methodology") and <https://example.cz/a>.')
    expect(html).toBe(
      '<p>See <a href="https://example.cz/metodika" title="Methodology" rel="noopener nofollow">the methodology</a> and ' +
        '<a href="https://example.cz/a" rel="noopener nofollow">https://example.cz/a</a>.</p>',
    )
    expect(html).not.toContain('target=')
  })

  it('keeps relative and mailto links, which cannot run anything', () => {
    expect(descriptionHtml('[a](/dataset/x) [b](mailto:opendata@example.cz)')).toBe(
      '<p><a href="/dataset/x" rel="noopener nofollow">a</a> <a href="mailto:opendata@example.cz" rel="noopener nofollow">b</a></p>',
    )
  })

  it('loads no images: a Markdown image becomes a link to it, an unsafe one only its text', () => {
    expect(descriptionHtml('![Map of stations](https://tracker.example/map.png)')).toBe(
      '<p><a href="https://tracker.example/map.png" rel="noopener nofollow">Map of stations</a></p>',
    )
    const unsafe = descriptionHtml('![pixel](javascript:alert(1))')
    expect(unsafe).toBe('<p><span>pixel</span></p>')
  })

  it('renumbers headings from h3 by rank, so they continue the page outline without a gap', () => {
    expect(descriptionHtml('## Popis\n\ntext\n\n## Struktura dat')).toBe('<h3>Popis</h3>\n<p>text</p>\n<h3>Struktura dat</h3>')
    expect(descriptionHtml('# Data\n\n## Columns\n\n###### Notes')).toBe('<h3>Data</h3>\n<h4>Columns</h4>\n<h5>Notes</h5>')
    expect(descriptionHtml('### Data\n\n#### Columns', { firstHeading: 4 })).toBe('<h4>Data</h4>\n<h5>Columns</h5>')
  })
})
