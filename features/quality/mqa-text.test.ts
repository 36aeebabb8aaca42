import { describe, expect, it } from 'vitest'
import { loadMessages } from '../../lib/i18n/catalog.ts'
import { intlFor, translator } from '../../lib/i18n/intl.ts'
import { LOCALES } from '../../lib/i18n/locales.ts'
import { scoreDataset } from '../../server/analysis/mqa-score.server.ts'
import type { QualityInput } from '../../server/analysis/quality.server.ts'
import { DIMENSIONS, MQA_INDICATORS, REASON_CODES } from '../../lib/domain/mqa.ts'
import { bandKey, dimensionKey, indicatorKey, reasonKey, reasonText, statusKey } from './mqa-text.ts'

async function english() {
  const messages = await loadMessages('en')
  const intl = intlFor('en', messages)
  return { messages, t: translator(intl), list: (items: string[]) => intl.formatList(items, { type: 'conjunction' }) }
}

describe('MQA message keys', () => {
  it('maps kebab-case reason codes to underscore keys', () => {
    expect(reasonKey('no-resources')).toBe('mqa.reason_no_resources')
    expect(reasonKey('licence-openness-unknown')).toBe('mqa.reason_licence_openness_unknown')
    expect(statusKey('not-checked')).toBe('mqa.status_not_checked')
  })

  it('has a message for every indicator, dimension, band, status and reason code, in every language', async () => {
    const keys = [
      ...MQA_INDICATORS.map((indicator) => indicatorKey(indicator.id)),
      ...DIMENSIONS.map(dimensionKey),
      ...(['excellent', 'good', 'sufficient', 'bad'] as const).map(bandKey),
      ...(['pass', 'partial', 'fail', 'not-checked'] as const).map(statusKey),
      ...REASON_CODES.map(reasonKey),
    ]
    for (const locale of LOCALES) {
      const messages = await loadMessages(locale)
      expect(keys.filter((key) => !(key in messages)), locale).toEqual([])
    }
  })
})

describe('reasonText', () => {
  it('fills params a reason leaves out with neutral defaults', async () => {
    const { messages, t, list } = await english()
    const known = (key: string) => key in messages
    expect(reasonText(t, { code: 'all-resources-pass', params: { passed: 2, total: 2 } }, known, list)).toBe('All 2 resources pass.')
    expect(reasonText(t, { code: 'some-resources-pass', params: { passed: 1, total: 3, unchecked: 2 } }, known, list)).toBe(
      '1 of 3 resources pass. 2 resources have not been checked.',
    )
    expect(reasonText(t, { code: 'no-resources' }, known, list)).toBe('The dataset has no resources.')
  })

  it('names DCAT-AP checklist items as a list in the reader’s language', async () => {
    const { messages, t, list } = await english()
    const text = reasonText(t, { code: 'dcat-ap-incomplete', params: { missing: 'description,access-url', invalidAccessUrls: 1 } }, (key) => key in messages, list)
    expect(text).toBe('Missing from the DCAT-AP checklist: description and access URL. 1 resource has no valid access URL.')
  })

  it('shows an unknown code as it is rather than a message id', async () => {
    const { t, list } = await english()
    expect(reasonText(t, { code: 'from-a-newer-server' }, () => false, list)).toBe('from-a-newer-server')
  })

  it('translates every reason a real score carries, in Czech too', async () => {
    const resource = { url: 'https://example.cz/a.csv', downloadUrl: 'https://example.cz/a.csv', format: 'CSV', mimetype: null, canonicalFormat: 'CSV' as const, size: null, rights: null, accessCheck: null, downloadCheck: null }
    const input: QualityInput = {
      title: 'Air quality',
      notes: null,
      tags: ['air'],
      groups: [],
      hasExtent: false,
      extra: { extras: { access_rights: 'open' } },
      licenseId: 'cc-by',
      licenseTitle: null,
      maintainer: null,
      maintainerEmail: null,
      author: null,
      authorEmail: null,
      hasPublisher: true,
      metadataCreated: new Date('2024-01-01T00:00:00Z'),
      metadataModified: null,
      resources: [resource, { ...resource, format: 'EXE', canonicalFormat: 'EXE' as const }],
    }
    const score = scoreDataset(input)
    const messages = await loadMessages('cs')
    const intl = intlFor('cs', messages)
    const t = translator(intl)
    for (const indicator of score.indicators) {
      const text = reasonText(t, indicator.reason, (key) => key in messages, (items) => intl.formatList(items))
      expect(text).not.toMatch(/^mqa\./)
      expect(text).not.toMatch(/[{}]/)
    }
  })
})
