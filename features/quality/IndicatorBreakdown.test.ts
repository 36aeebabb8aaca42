import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { loadMessages } from '../../lib/i18n/catalog.ts'
import { I18nProvider } from '../../lib/i18n/I18nProvider.tsx'
import type { Locale } from '../../lib/i18n/locales.ts'
import { scoreDataset } from '../../server/analysis/mqa-score.server.ts'
import type { QualityInput, QualityResource } from '../../server/analysis/quality.server.ts'
import { MQA_INDICATORS } from '../../lib/domain/mqa.ts'
import { BandBadge } from './BandBadge.tsx'
import { IndicatorBreakdown } from './IndicatorBreakdown.tsx'

const RESOURCE: QualityResource = {
  url: 'https://data.example.cz/a.csv',
  downloadUrl: null,
  format: 'CSV',
  mimetype: 'text/csv',
  canonicalFormat: 'CSV',
  size: 1024,
  rights: null,
  accessCheck: null,
  downloadCheck: null,
}

const INPUT: QualityInput = {
  title: 'Kvalita ovzduší',
  notes: 'Hodinová měření.',
  tags: ['ovzduší'],
  groups: [],
  hasExtent: true,
  extra: null,
  licenseId: 'cc-by',
  licenseTitle: null,
  maintainer: 'Jana',
  maintainerEmail: null,
  author: null,
  authorEmail: null,
  hasPublisher: true,
  metadataCreated: new Date('2024-01-01T00:00:00Z'),
  metadataModified: new Date('2024-02-01T00:00:00Z'),
  resources: [RESOURCE, { ...RESOURCE, format: 'PDF', mimetype: null, canonicalFormat: 'PDF' }],
}

async function render(element: Parameters<typeof renderToStaticMarkup>[0], locale: Locale = 'en') {
  const messages = await loadMessages(locale)
  return renderToStaticMarkup(createElement(I18nProvider, { locale, messages, children: element }))
}

describe('IndicatorBreakdown', () => {
  it('lists the 23 indicators under the five dimensions, each status in words', async () => {
    const score = scoreDataset(INPUT)
    const html = await render(createElement(IndicatorBreakdown, { score }))
    expect(html.match(/data-indicator="/g)).toHaveLength(MQA_INDICATORS.length)
    expect(html.match(/<tbody[^>]*data-dimension="/g)).toHaveLength(5)
    for (const dimension of ['Findability', 'Accessibility', 'Interoperability', 'Reusability', 'Contextuality']) expect(html).toContain(dimension)
    expect(html).toContain('Partly passed') // machine-readable: 1 of 2 resources
    expect(html).toContain('Not checked') // no link checks
    expect(html).toContain('1 of 2 resources pass.')
    expect(html).not.toMatch(/mqa\.\w+/) // every key translated
  })

  it('states the total, the reachable maximum, the scaled score, the band and that the score is partial', async () => {
    const score = scoreDataset(INPUT)
    expect(score.partial).toBe(true)
    const html = await render(createElement(IndicatorBreakdown, { score }))
    expect(html).toContain(`${score.scaled} of 405`)
    expect(html).toContain(`of ${score.maxReachable}`)
    expect(html).toMatch(/data-partial="true"[^>]*>Partial score: 1 indicator was not checked, so 50 points leave the maximum/)
    expect(html).toContain(`data-band="${score.band}"`)
  })

  it('speaks Czech', async () => {
    const html = await render(createElement(IndicatorBreakdown, { score: scoreDataset(INPUT) }), 'cs')
    expect(html).toContain('Dohledatelnost')
    expect(html).toContain('Nekontrolováno')
  })
})

describe('BandBadge', () => {
  it('names the band and the score, not by colour alone', async () => {
    const html = await render(createElement(BandBadge, { band: 'sufficient', score: 1234 }))
    expect(html).toContain('Sufficient')
    expect(html).toContain('1,234')
    expect(html).toContain('data-band="sufficient"')
  })
})
