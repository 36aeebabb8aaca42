import { describe, expect, it } from 'vitest'
import { webHref } from './web-href.ts'

describe('webHref', () => {
  it.each(['https://data.gov.cz/soubor.csv', 'http://example.cz/a?b=1', 'ftp://ftp.example.cz/data.zip'])('keeps %s', (url) => {
    expect(webHref(url)).toBe(url)
  })

  it.each(['javascript:alert(1)', ' JavaScript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'vbscript:msgbox(1)', '/dataset/x', 'www.example.cz/a.csv', 'mailto:a@example.cz', '', null, undefined])(
    'refuses %j',
    (url) => {
      expect(webHref(url)).toBeNull()
    },
  )
})
