// Why this file is long: one test per MQA indicator and reason code, over real recorded CKAN answers.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { resolveFormat } from '../../lib/domain/formats.ts'
import { failedMask, scoreDataset } from './mqa-score.server.ts'
import { PORTAL_WATCH_CHECKS, portalWatch } from './portal-watch.server.ts'
import { extraField, isAccessUrl, type QualityInput, type QualityResource } from './quality.server.ts'
import { MQA_INDICATORS, REASON_CODES, bandOf, type IndicatorId, type QualityScore } from '../../lib/domain/mqa.ts'
import { madeBy } from '../../lib/made-by.ts'

const ROOT = join(import.meta.dirname, '..', '..')
const NOW = new Date('2026-01-01T00:00:00Z')
const OK = { ok: true, status: 200 }
const NOT_FOUND = { ok: false, status: 404 }

/** A resource that passes every distribution indicator, its canonical format resolved the way the app does. */
function res(over: Partial<QualityResource> = {}): QualityResource {
  const base = {
    url: 'https://data.example.cz/ovzdusi.csv', downloadUrl: 'https://data.example.cz/ovzdusi.csv', format: 'CSV', mimetype: 'text/csv',
    size: 1024, rights: 'https://data.gov.cz/podmínky-užití/neobsahuje-osobní-údaje/', accessCheck: OK, downloadCheck: OK, ...over,
  }
  return { canonicalFormat: resolveFormat(base).format, ...base }
}

/** A dataset that passes all 23 MQA indicators. */
function dataset(over: Partial<QualityInput> = {}): QualityInput {
  return {
    title: 'Kvalita ovzduší', notes: 'Hodinové koncentrace PM10.', tags: ['ovzduší'], groups: ['zivotni-prostredi'], hasExtent: true,
    extra: { extras: { temporal_start: '2020-01-01', access_rights: 'PUBLIC' } },
    licenseId: 'cc-by-4.0', licenseTitle: 'Creative Commons Attribution 4.0', maintainer: 'Jan Novák', maintainerEmail: 'jan.novak@example.cz',
    author: null, authorEmail: null, hasPublisher: true,
    metadataCreated: new Date('2024-01-01T00:00:00Z'), metadataModified: new Date('2024-06-01T00:00:00Z'),
    resources: [res()], ...over,
  }
}

const ind = (score: QualityScore, id: IndicatorId) => {
  const found = score.indicators.find((r) => r.id === id)
  if (!found) throw new Error(`no indicator ${id}`)
  return found
}
const indicatorOf = (input: QualityInput, id: IndicatorId) => ind(scoreDataset(input), id)

describe('MQA indicator table', () => {
  it('has the 23 indicators, weights and dimensions of the MQA, 405 in all', () => {
    expect(MQA_INDICATORS).toHaveLength(23)
    expect(MQA_INDICATORS.reduce((s, d) => s + d.weight, 0)).toBe(405)
    const byDim: Record<string, number> = {}
    for (const d of MQA_INDICATORS) byDim[d.dimension] = (byDim[d.dimension] ?? 0) + d.weight
    expect(byDim).toEqual({ findability: 100, accessibility: 100, interoperability: 110, reusability: 75, contextuality: 20 })
    expect(MQA_INDICATORS.filter((d) => d.network).map((d) => d.id)).toEqual(['accessUrlReachable', 'downloadUrlReachable'])
    expect(MQA_INDICATORS.map((d) => d.id).slice(0, 5)).toEqual(['keywords', 'categories', 'spatial', 'temporal', 'accessUrlReachable'])
  })
})

describe('the maximum', () => {
  it('gives 405, excellent, to a dataset that passes everything including link checks', () => {
    const score = scoreDataset(dataset())
    expect(score).toMatchObject({ points: 405, max: 405, maxReachable: 405, scaled: 405, band: 'excellent', partial: false })
    expect(score.indicators.filter((r) => r.status !== 'pass')).toEqual([])
    expect(score.dimensions).toEqual({
      findability: { points: 100, max: 100, maxReachable: 100 }, accessibility: { points: 100, max: 100, maxReachable: 100 },
      interoperability: { points: 110, max: 110, maxReachable: 110 }, reusability: { points: 75, max: 75, maxReachable: 75 },
      contextuality: { points: 20, max: 20, maxReachable: 20 },
    })
    expect(failedMask(score)).toBe(0)
  })
})

describe('dataset-level indicators', () => {
  const cases: Array<[IndicatorId, Partial<QualityInput>, string]> = [
    ['keywords', { tags: [] }, 'missing'],
    ['keywords', { tags: ['  '] }, 'missing'],
    ['categories', { groups: [] }, 'missing'],
    ['spatial', { hasExtent: false }, 'missing'],
    ['temporal', { extra: { extras: { access_rights: 'PUBLIC' } } }, 'missing'],
    ['licence', { licenseId: null, licenseTitle: null }, 'missing'],
    ['licence', { licenseId: 'notspecified', licenseTitle: 'License not specified' }, 'licence-not-specified'],
    ['licenceVocabulary', { licenseId: 'other-undefined', licenseTitle: 'Other (Specified in the description)' }, 'unknown-licence'],
    ['licenceVocabulary', { licenseId: '', licenseTitle: '' }, 'missing'],
    ['accessRights', { extra: { extras: { temporal_start: '2020' } } }, 'missing'],
    ['accessRightsVocabulary', { extra: { extras: { temporal_start: '2020', access_rights: 'open' } } }, 'access-rights-unknown'],
    ['accessRightsVocabulary', { extra: { extras: { temporal_start: '2020' } } }, 'missing'],
    ['contactPoint', { maintainer: null, maintainerEmail: '  ' }, 'missing'],
    ['publisher', { hasPublisher: false }, 'missing'],
    ['issued', { metadataCreated: null }, 'missing'],
    ['issued', { metadataCreated: new Date('nonsense') }, 'missing'],
    ['modified', { metadataModified: null }, 'missing'],
  ]
  const describeInput = (over: Partial<QualityInput>) =>
    Object.entries(over).map(([k, v]) => `${k}=${madeBy(v, Date) ? String(v) : JSON.stringify(v)}`).join(' ')
  for (const [id, over, code] of cases) {
    it(`${id} fails (${code}) for ${describeInput(over)}`, () => {
      const r = indicatorOf(dataset(over), id)
      expect(r).toMatchObject({ status: 'fail', points: 0, reason: { code } })
    })
  }

  it('keeps the points of a passing dataset indicator whole', () => {
    expect(indicatorOf(dataset(), 'keywords')).toMatchObject({ status: 'pass', points: 30, passed: 1, total: 1, reason: { code: 'present', params: { field: 'tags' } } })
  })

  it('finds DCAT fields in extras or at the top level, extras first, empty values ignored', () => {
    const extra = { theme: ['http://publications.europa.eu/resource/authority/data-theme/ENVI'], spatial_text: 'Praha', extras: { temporal_end: '2024-12-31', theme: '' } }
    const input = dataset({ groups: [], hasExtent: false, extra })
    expect(indicatorOf(input, 'categories').reason).toEqual({ code: 'present', params: { field: 'theme' } })
    expect(indicatorOf(input, 'spatial').reason).toEqual({ code: 'present', params: { field: 'spatial_text' } })
    expect(indicatorOf(input, 'temporal').reason).toEqual({ code: 'present', params: { field: 'temporal_end' } })
    expect(extraField({ extras: { access_rights: '' }, access_rights: 'PUBLIC' }, 'access_rights')).toBe('PUBLIC')
    expect(extraField({ extras: { theme: '[]' } }, 'theme')).toBe(null)
    expect(extraField({ theme: [] }, 'theme')).toBe(null)
    expect(extraField({ extras: [{ key: 'issued', value: '2020-01-01' }] }, 'issued')).toBe('2020-01-01')
    expect(extraField(null, 'issued')).toBe(null)
  })

  it('reads data.gov.au temporal coverage and a top-level spatial field (taxation statistics sample)', () => {
    const input = dataset({ hasExtent: false, extra: { temporal_coverage_from: '2011–12 finanacial year', temporal_coverage_to: '', spatial: '{"type":"Polygon"}' } })
    expect(indicatorOf(input, 'temporal').reason).toEqual({ code: 'present', params: { field: 'temporal_coverage_from' } })
    expect(indicatorOf(input, 'spatial').reason).toEqual({ code: 'present', params: { field: 'spatial' } })
  })

  it('accepts the EU access-right vocabulary as bare words or URIs', () => {
    for (const value of ['PUBLIC', 'restricted', ' NON_PUBLIC ', 'http://publications.europa.eu/resource/authority/access-right/NON_PUBLIC',
      'https://publications.europa.eu/resource/authority/access-right/PUBLIC/']) {
      const r = indicatorOf(dataset({ extra: { extras: { temporal: '2020', access_rights: value } } }), 'accessRightsVocabulary')
      expect([value, r.status]).toEqual([value, 'pass'])
    }
    const r = indicatorOf(dataset({ extra: { extras: { temporal: '2020', access_rights: 'http://example.org/access/PUBLIC' } } }), 'accessRightsVocabulary')
    expect(r).toMatchObject({ status: 'fail', reason: { code: 'access-rights-unknown', params: { value: 'http://example.org/access/PUBLIC' } } })
  })

  it('takes a contact from the extras as portals spell them: contact-email, maintainer_email', () => {
    for (const field of ['contact-email', 'maintainer_email', 'contact-name']) {
      const input = dataset({ maintainer: null, maintainerEmail: null, author: null, authorEmail: null, extra: { extras: { [field]: 'data@example.cz' } } })
      expect(ind(scoreDataset(input), 'contactPoint').reason).toEqual({ code: 'present', params: { field } })
    }
  })

  it('takes a contact, publisher, issued and modified from DCAT fields when the CKAN ones are empty', () => {
    const input = dataset({
      maintainer: null, maintainerEmail: null, hasPublisher: false, metadataCreated: null, metadataModified: null,
      extra: { extras: { temporal_start: '2020', access_rights: 'PUBLIC', contact_email: 'data@example.cz', publisher_name: 'Město', issued: '2020-01-01', modified: '2021-01-01' } },
    })
    const score = scoreDataset(input)
    expect(ind(score, 'contactPoint').reason).toEqual({ code: 'present', params: { field: 'contact_email' } })
    expect(ind(score, 'publisher').reason).toEqual({ code: 'present', params: { field: 'publisher_name' } })
    expect(ind(score, 'issued').reason).toEqual({ code: 'present', params: { field: 'issued' } })
    expect(ind(score, 'modified').reason).toEqual({ code: 'present', params: { field: 'modified' } })
    expect(score.points).toBe(405)
  })

  it('scores the licence by presence and the vocabulary by match', () => {
    const unknown = scoreDataset(dataset({ licenseId: 'other-undefined', licenseTitle: 'Other (Specified in the description)' }))
    expect(ind(unknown, 'licence').status).toBe('pass')
    expect(ind(unknown, 'licenceVocabulary').reason).toEqual({ code: 'unknown-licence', params: { licence: 'Other (Specified in the description)' } })
    const czech = scoreDataset(dataset({ licenseId: null, licenseTitle: 'Creative Commons Uveďte autora 4.0 Mezinárodní' }))
    expect(ind(czech, 'licence').reason).toEqual({ code: 'present', params: { field: 'license_title' } })
    expect(ind(czech, 'licenceVocabulary').reason).toEqual({ code: 'known-licence', params: { key: 'CC-BY-4.0' } })
  })
})

describe('distribution-level indicators', () => {
  const failing: Array<[IndicatorId, Partial<QualityResource>]> = [
    ['downloadUrlPresent', { downloadUrl: null }],
    ['format', { format: '  ' }],
    ['mediaType', { mimetype: null }],
    ['formatVocabulary', { format: 'MapInfo TAB', mimetype: 'application/octet-stream' }],
    ['nonProprietary', { format: 'XLSX', mimetype: null }],
    ['machineReadable', { format: 'PDF', mimetype: 'application/pdf' }],
    ['rights', { rights: null }],
    ['byteSize', { size: null }],
  ]
  for (const [id, over] of failing) {
    const weight = MQA_INDICATORS.find((d) => d.id === id)?.weight ?? 0
    it(`${id}: pass for 2 of 2, partial for 1 of 2, fail for 0 of 2`, () => {
      expect(indicatorOf(dataset({ resources: [res(), res()] }), id)).toMatchObject({ status: 'pass', points: weight, passed: 2, total: 2, reason: { code: 'all-resources-pass' } })
      expect(indicatorOf(dataset({ resources: [res(), res(over)] }), id))
        .toMatchObject({ status: 'partial', points: weight / 2, passed: 1, total: 2, reason: { code: 'some-resources-pass', params: { passed: 1, total: 2 } } })
      expect(indicatorOf(dataset({ resources: [res(over), res(over)] }), id)).toMatchObject({ status: 'fail', points: 0, passed: 0, reason: { code: 'no-resource-passes' } })
    })
  }

  it('earns weight × share, rounded to 0.1: 2 of 3 machine-readable is 13.3', () => {
    const score = scoreDataset(dataset({ resources: [res(), res(), res({ format: 'PDF', mimetype: 'application/pdf', url: 'https://x.cz/a.pdf' })] }))
    expect(ind(score, 'machineReadable')).toMatchObject({ status: 'partial', points: 13.3, passed: 2, total: 3 })
    // PDF is an open standard, so nonProprietary keeps its 20.
    expect(ind(score, 'nonProprietary').points).toBe(20)
    expect(score.dimensions.interoperability.points).toBe(103.3)
    expect(score.points).toBe(398.3)
    expect(score.scaled).toBe(398)
  })

  it('adds rounded indicator points so dimensions add up to the total', () => {
    const third = res({ format: 'PDF', mimetype: null, size: null, rights: null, downloadUrl: null, canonicalFormat: 'PDF' })
    const score = scoreDataset(dataset({ resources: [res(), res(), third] }))
    const sum = (xs: number[]) => Math.round(xs.reduce((a, b) => a + b, 0) * 10) / 10
    for (const [dim, d] of Object.entries(score.dimensions)) {
      expect([dim, d.points]).toEqual([dim, sum(score.indicators.filter((r) => r.dimension === dim).map((r) => r.points))])
    }
    expect(score.points).toBe(sum(Object.values(score.dimensions).map((d) => d.points)))
    expect(ind(score, 'rights').points).toBe(3.3)
    expect(ind(score, 'byteSize').points).toBe(3.3)
  })

  it('judges the format vocabulary on declared values only, not on the URL', () => {
    const fromUrl = res({ format: null, mimetype: null, url: 'https://x.cz/data.csv' })
    expect(fromUrl.canonicalFormat).toBe('CSV')
    const score = scoreDataset(dataset({ resources: [fromUrl] }))
    expect(ind(score, 'formatVocabulary').status).toBe('fail')
    expect(ind(score, 'machineReadable').status).toBe('pass')
    expect(indicatorOf(dataset({ resources: [res({ format: null, mimetype: 'text/csv' })] }), 'formatVocabulary').status).toBe('pass')
    expect(indicatorOf(dataset({ resources: [res({ format: 'csv ', mimetype: null })] }), 'formatVocabulary').status).toBe('pass')
  })
})

describe('network indicators', () => {
  it('score reachability over the checked resources only', () => {
    const score = scoreDataset(dataset({ resources: [res(), res({ accessCheck: NOT_FOUND }), res({ accessCheck: null })] }))
    expect(ind(score, 'accessUrlReachable'))
      .toMatchObject({ status: 'partial', points: 25, passed: 1, total: 2, reason: { code: 'some-resources-pass', params: { passed: 1, total: 2, unchecked: 1 } } })
    expect(score.maxReachable).toBe(405)
  })

  it('fail when every checked link is broken', () => {
    expect(indicatorOf(dataset({ resources: [res({ accessCheck: { ok: false, status: null } })] }), 'accessUrlReachable'))
      .toMatchObject({ status: 'fail', points: 0, reason: { code: 'no-resource-passes' } })
    expect(indicatorOf(dataset({ resources: [res({ downloadCheck: { ok: false, status: 500 } })] }), 'downloadUrlReachable'))
      .toMatchObject({ status: 'fail', points: 0 })
  })

  it('are not-checked, weight excluded, when no link was checked', () => {
    const score = scoreDataset(dataset({ resources: [res({ accessCheck: null, downloadCheck: null })] }))
    expect(ind(score, 'accessUrlReachable')).toMatchObject({ status: 'not-checked', points: 0, reason: { code: 'not-checked', params: { unchecked: 1 } } })
    expect(ind(score, 'downloadUrlReachable')).toMatchObject({ status: 'not-checked', points: 0 })
    expect(score.dimensions.accessibility).toEqual({ points: 20, max: 100, maxReachable: 20 })
  })

  it('count download reachability over resources with a download URL; none at all fails, not not-checked', () => {
    const some = scoreDataset(dataset({ resources: [res(), res({ downloadUrl: null, downloadCheck: null })] }))
    expect(ind(some, 'downloadUrlReachable')).toMatchObject({ status: 'pass', points: 30, passed: 1, total: 1 })
    expect(ind(some, 'downloadUrlPresent')).toMatchObject({ status: 'partial', points: 10 })
    const none = scoreDataset(dataset({ resources: [res({ downloadUrl: null, downloadCheck: null })] }))
    expect(ind(none, 'downloadUrlReachable')).toMatchObject({ status: 'fail', points: 0, total: 0, reason: { code: 'no-download-url' } })
    expect(none.maxReachable).toBe(405)
    // A download URL that was never checked: its 30 leave the maximum.
    const unchecked = scoreDataset(dataset({ resources: [res({ downloadCheck: null })] }))
    expect(ind(unchecked, 'downloadUrlReachable').status).toBe('not-checked')
    expect(unchecked.maxReachable).toBe(375)
  })
})

describe('a dataset with no resources', () => {
  const score = scoreDataset(dataset({ resources: [] }))

  it('fails every distribution indicator with no-resources, network ones included', () => {
    for (const def of MQA_INDICATORS.filter((d) => d.level === 'distribution')) {
      expect([def.id, ind(score, def.id).status, ind(score, def.id).reason]).toEqual([def.id, 'fail', { code: 'no-resources' }])
    }
  })

  it('fails DCAT-AP for the missing distribution and keeps the full maximum', () => {
    expect(ind(score, 'dcatApConformance').reason).toEqual({ code: 'dcat-ap-incomplete', params: { missing: 'distribution', invalidAccessUrls: 0 } })
    // Dataset-level findability 100 + reusability 75 + issued/modified 10.
    expect(score).toMatchObject({ points: 185, maxReachable: 405, scaled: 185, band: 'sufficient', partial: false })
  })
})

describe('the partial rule', () => {
  const noChecks = (over: Partial<QualityInput> = {}) => {
    const input = dataset(over)
    return scoreDataset({ ...input, resources: input.resources.map((r) => ({ ...r, accessCheck: null, downloadCheck: null })) })
  }

  it('scales to 405 over the 325 points that can be reached without link checks', () => {
    expect(noChecks()).toMatchObject({ points: 325, maxReachable: 325, scaled: 405, band: 'excellent', partial: true })
  })

  it('takes the band from the scaled score', () => {
    // No findability (−100) and no access rights (−15): 210 of 325 → 262, good; 210 unscaled would be sufficient.
    const score = noChecks({ tags: [], groups: [], hasExtent: false, extra: null })
    expect(score).toMatchObject({ points: 210, maxReachable: 325, scaled: 262, band: 'good', partial: true })
    expect(bandOf(score.points)).toBe('sufficient')
  })
})

describe('bandOf', () => {
  it('follows the MQA boundaries', () => {
    expect([0, 120, 121, 220, 221, 350, 351, 405].map(bandOf))
      .toEqual(['bad', 'bad', 'sufficient', 'sufficient', 'good', 'good', 'excellent', 'excellent'])
  })
})

describe('failedMask', () => {
  it('sets the bit of each failed or partial indicator, not of passes or not-checked', () => {
    const input = dataset({ tags: [], resources: [res({ accessCheck: null, downloadCheck: null }), res({ format: 'PDF', mimetype: 'application/pdf', accessCheck: null, downloadCheck: null })] })
    const score = scoreDataset(input)
    const bit = (id: IndicatorId) => 1 << MQA_INDICATORS.findIndex((d) => d.id === id)
    expect(ind(score, 'machineReadable').status).toBe('partial')
    expect(ind(score, 'accessUrlReachable').status).toBe('not-checked')
    expect(failedMask(score)).toBe(bit('keywords') | bit('machineReadable'))
    expect(bit('keywords')).toBe(1)
    expect(bit('machineReadable')).toBe(1 << 11)
    const noResources = MQA_INDICATORS.filter((d) => d.level === 'distribution' || d.id === 'dcatApConformance').reduce((m, d) => m | bit(d.id), 0)
    expect(failedMask(scoreDataset(dataset({ resources: [] })))).toBe(noResources)
    expect(noResources).toBe(0b1_1000_0001_1111_1111_0000)
  })
})

describe('DCAT-AP checklist', () => {
  const reason = (over: Partial<QualityInput>) => indicatorOf(dataset(over), 'dcatApConformance').reason

  it('passes with title, description and a valid access URL on every distribution', () => {
    expect(reason({})).toEqual({ code: 'dcat-ap-conformant' })
    expect(reason({ resources: [res({ url: 'ftp://ftp.example.cz/pub/a.csv' }), res({ url: 'http://x.cz/a?b=c' })] })).toEqual({ code: 'dcat-ap-conformant' })
  })

  it('lists what is missing', () => {
    expect(reason({ title: ' ' })).toEqual({ code: 'dcat-ap-incomplete', params: { missing: 'title', invalidAccessUrls: 0 } })
    expect(reason({ title: null, notes: '' })).toEqual({ code: 'dcat-ap-incomplete', params: { missing: 'title,description', invalidAccessUrls: 0 } })
    expect(reason({ resources: [res(), res({ url: '/dataset/1/resource/2/download/a.csv' }), res({ url: null }), res({ url: 'www.x.cz/a.csv' }),
      res({ url: 'mailto:data@x.cz' }), res({ url: 'https://x.cz/a b.csv' })] }))
      .toEqual({ code: 'dcat-ap-incomplete', params: { missing: 'access-url', invalidAccessUrls: 5 } })
    expect(indicatorOf(dataset({ notes: null }), 'dcatApConformance')).toMatchObject({ status: 'fail', points: 0 })
  })
})

describe('Open Data Portal Watch', () => {
  const check = (input: QualityInput, id: string) => portalWatch(input, NOW).checks.find((c) => c.id === id)

  it('gives 1/1/1 to the dataset that passes everything', () => {
    const pw = portalWatch(dataset(), NOW)
    expect(pw).toMatchObject({ existence: 1, conformance: 1, openness: 1 })
    expect(pw.checks.map((c) => c.id)).toEqual(PORTAL_WATCH_CHECKS.map((c) => c.id))
  })

  // data.gov.uk "Ford Crossings" (alphagov sample): a harvested record with no sizes, mimetypes or coverage.
  const fordCrossings: QualityInput = {
    title: 'Ford Crossings', notes: 'Spatial dataset of ford crossings owned and maintained by Durham County Council.',
    tags: ['flooding', 'fords', 'highways', 'roads', 'rivers', 'transport'], groups: [], hasExtent: false,
    extra: { 'theme-primary': 'Environment', extras: { data_issued: '2017-01-17T11:22:20.000Z', dcat_publisher_name: 'Durham County Council' } },
    licenseId: 'uk-ogl', licenseTitle: 'UK Open Government Licence (OGL)',
    maintainer: 'Durham County Council', maintainerEmail: 'durham.opendata@gmail.com', author: 'Durham County Council', authorEmail: 'durham.opendata@gmail.com',
    hasPublisher: true, metadataCreated: new Date('2017-02-08T17:08:03.773296'), metadataModified: new Date('2018-03-18T09:03:05.821298'),
    resources: [
      res({ url: 'https://files.datapress.com/leeds/dataset/ford-crossings/2017-01-17T11:31:19/Ford_crossings.csv', downloadUrl: null, format: 'CSV', mimetype: null, size: null, rights: null, accessCheck: null, downloadCheck: null }),
      res({ url: 'http://datamillnorth.org/dataset/ford-crossings', downloadUrl: null, format: 'HTML', mimetype: null, size: null, rights: null, accessCheck: null, downloadCheck: null }),
    ],
  }

  it('rates the data.gov.uk sample: existence 5/8, conformance 1, openness (1 + ½ + 1)/3', () => {
    const pw = portalWatch(fordCrossings, NOW)
    expect(pw).toMatchObject({ existence: 0.625, conformance: 1, openness: 0.833 })
    const failed = pw.checks.filter((c) => c.pass === false).map((c) => c.id)
    expect(failed).toEqual(['preservation', 'temporal', 'spatial', 'machineReadable'])
    expect(check(fordCrossings, 'machineReadable')).toMatchObject({ pass: false, share: 0.5, reason: { code: 'some-resources-pass' } })
    expect(check(fordCrossings, 'odLicence')).toMatchObject({ pass: true, reason: { code: 'licence-od-conformant', params: { key: 'uk-ogl' } } })
  })

  it('scores the same sample 190 of 355 in the MQA, scaled 217', () => {
    const score = scoreDataset(fordCrossings)
    expect(score).toMatchObject({ points: 190, maxReachable: 355, scaled: 217, band: 'sufficient', partial: true })
    expect(ind(score, 'machineReadable').points).toBe(10)
  })

  // EnviDat "Fatal avalanche accidents" (package_show sample): rich metadata under an unlisted licence.
  const envidat: QualityInput = {
    title: 'Fatal avalanche accidents in Switzerland since 1936/37', notes: '**When using this data, please consider the Terms of Use**',
    tags: ['AVALANCHE ACCIDENT STATISTICS', 'AVALANCHE ACCIDENTS', 'AVALANCHES', 'FATALITIES', 'NATURAL HAZARDS'], groups: [], hasExtent: false,
    extra: { spatial: '{"type": "Polygon", "coordinates": [[[5.95587, 45.81802],[5.95587, 47.80838],[10.49203, 47.80838],[10.49203, 45.81802],[5.95587, 45.81802]]]}',
      spatial_info: 'Switzerland', extras: { deprecatedResources: '["47e8085b"]' } },
    licenseId: 'other-undefined', licenseTitle: 'Other (Specified in the description)',
    maintainer: '{"affiliation": "SLF", "email": "data@slf.ch", "name": "Avalanche Warning Service SLF "}', maintainerEmail: null,
    author: '[{"affiliation": "WSL Institute for Snow and Avalanche Research SLF", "email": "data@slf.ch"}]', authorEmail: null,
    hasPublisher: true, metadataCreated: new Date('2023-06-09T14:03:59.159852'), metadataModified: new Date('2025-12-15T13:58:11.026778'),
    resources: [
      res({ url: 'https://www.envidat.ch/dataset/91c9/resource/907d/download/avalanche_accidents_fatal_switzerland_since_1936.csv', downloadUrl: null, mimetype: 'application/vnd.ms-excel', size: 185231, rights: null, accessCheck: null, downloadCheck: null }),
      res({ url: 'https://www.envidat.ch/dataset/91c9/resource/47e8/download/version2_avalanche_accidents_fatal_switzerland_since_1936.csv', downloadUrl: null, mimetype: null, size: 183470, rights: null, accessCheck: null, downloadCheck: null }),
      res({ url: 'https://www.envidat.ch/dataset/91c9/resource/3b0f/download/avalanche_accidents_fatal_switzerland_since_1936.csv', downloadUrl: null, mimetype: null, size: 178156, rights: null, accessCheck: null, downloadCheck: null }),
    ],
  }

  it('rates the EnviDat sample: no temporal, e-mails not applicable, licence unknown', () => {
    const pw = portalWatch(envidat, NOW)
    expect(pw).toMatchObject({ existence: 0.875, conformance: 0.75, openness: 0.667 })
    expect(check(envidat, 'contactEmail')).toMatchObject({ pass: null, share: null, reason: { code: 'no-emails' } })
    expect(check(envidat, 'odLicence')).toMatchObject({ pass: false, reason: { code: 'unknown-licence', params: { licence: 'Other (Specified in the description)' } } })
    expect(check(envidat, 'openLicence')).toMatchObject({ pass: false, reason: { code: 'unknown-licence' } })
    expect(check(envidat, 'spatial')).toMatchObject({ pass: true, reason: { code: 'present', params: { field: 'spatial' } } })
  })

  it('checks conformance of URLs, e-mails, dates and formats', () => {
    const bad = dataset({
      maintainerEmail: 'jan.novak(at)example.cz', authorEmail: 'mailto:data@example.cz',
      metadataModified: new Date('2026-01-03T00:00:00Z'), extra: { extras: { temporal: '2020', access_rights: 'PUBLIC', issued: '17. 1. 2017' } },
      resources: [res(), res({ url: 'www.example.cz/a.csv', format: 'MapInfo TAB', mimetype: 'application/x-mapinfo' }), res({ format: 'Other', mimetype: 'csv' })],
    })
    expect(check(bad, 'accessUrl')).toMatchObject({ pass: false, reason: { code: 'invalid-values', params: { valid: 5, invalid: 1, total: 6 } } })
    expect(check(bad, 'contactEmail')).toMatchObject({ pass: false, reason: { code: 'invalid-values', params: { valid: 1, invalid: 1, total: 2 } } })
    // The extras' e-mails count too, as portals spell them.
    const extras = dataset({ maintainerEmail: null, authorEmail: null, extra: { extras: { 'contact-email': 'data@example.cz', maintainer_email: 'jan.novak(at)example.cz' } } })
    expect(check(extras, 'contactEmail')).toMatchObject({ pass: false, reason: { code: 'invalid-values', params: { valid: 1, invalid: 1, total: 2 } } })
    expect(check(bad, 'dateFormat')).toMatchObject({ pass: false, reason: { code: 'invalid-dates', params: { invalid: 1, future: 1, total: 3 } } })
    // application/x-mapinfo is shaped like an IANA media type; "csv" in the mimetype field is a listed format.
    expect(check(bad, 'fileFormat')).toMatchObject({ pass: true, reason: { code: 'all-valid', params: { valid: 3, total: 3 } } })
    const unregistered = dataset({ resources: [res({ format: 'MapInfo TAB', mimetype: null }), res()] })
    expect(check(unregistered, 'fileFormat')).toMatchObject({ pass: false, reason: { code: 'invalid-values', params: { valid: 1, invalid: 1, total: 2 } } })
    // Less than a day ahead is clock skew, not an error.
    expect(check(dataset({ metadataModified: new Date('2026-01-01T20:00:00Z') }), 'dateFormat')).toMatchObject({ pass: true })
  })

  it('leaves out checks with nothing to judge and scores an empty dimension 0', () => {
    const bare = dataset({ resources: [], hasExtent: false, maintainerEmail: null, licenseId: null, licenseTitle: null, metadataCreated: null, metadataModified: null, extra: null })
    const pw = portalWatch(bare, NOW)
    const na = pw.checks.filter((c) => c.pass === null).map((c) => [c.id, c.reason.code])
    expect(na).toEqual([['accessUrl', 'no-urls'], ['contactEmail', 'no-emails'], ['dateFormat', 'no-dates'], ['fileFormat', 'no-declared-formats'],
      ['odLicence', 'no-licence'], ['openFormat', 'no-resources'], ['machineReadable', 'no-resources']])
    expect(pw.conformance).toBe(0)
    expect(pw.openness).toBe(0)
    // Of the 8 existence checks only discovery (title, notes, tags) and contact remain.
    expect(pw.existence).toBe(0.25)
    expect(check(bare, 'access')).toMatchObject({ pass: false, reason: { code: 'no-resources' } })
  })

  it('separates an open licence from an Open Definition conformant one', () => {
    const generic = dataset({ licenseId: 'other-open', licenseTitle: 'Other (Open)' })
    expect(check(generic, 'openLicence')).toMatchObject({ pass: true, reason: { code: 'licence-open', params: { key: 'other-open' } } })
    expect(check(generic, 'odLicence')).toMatchObject({ pass: false, reason: { code: 'licence-generic' } })
    const nc = dataset({ licenseId: 'cc-nc', licenseTitle: null })
    expect(check(nc, 'openLicence')).toMatchObject({ pass: false, reason: { code: 'licence-not-open' } })
    expect(check(nc, 'odLicence')).toMatchObject({ pass: false, reason: { code: 'licence-not-od-conformant' } })
    const czech = dataset({ licenseId: 'https://data.gov.cz/podmínky-užití/neobsahuje-autorská-díla/', licenseTitle: null })
    expect(check(czech, 'openLicence')).toMatchObject({ pass: false, reason: { code: 'licence-openness-unknown' } })
    expect(portalWatch(czech, NOW).openness).toBe(0.667)
  })
})

describe('docs/quality.md', () => {
  const doc = readFileSync(join(ROOT, 'docs', 'quality.md'), 'utf8')

  it('lists every MQA indicator with its dimension and weight', () => {
    for (const def of MQA_INDICATORS) {
      const row = doc.split('\n').find((line) => line.startsWith(`| \`${def.id}\` |`))
      expect([def.id, row]).toEqual([def.id, expect.stringContaining(`| ${def.dimension} | ${def.weight} |`)])
    }
  })

  it('documents every reason code and Portal Watch check', () => {
    for (const code of REASON_CODES) expect([code, doc.includes(`\`${code}\``)]).toEqual([code, true])
    for (const c of PORTAL_WATCH_CHECKS) expect([c.id, doc.includes(`| \`${c.id}\` | ${c.dimension} |`)]).toEqual([c.id, true])
  })

  it('has no reason code the code cannot emit', () => {
    const section = doc.slice(doc.indexOf('## Reason codes'))
    const documented = [...section.matchAll(/^\| `([a-z-]+)` \|/gm)].map((m) => m[1])
    expect(documented.sort()).toEqual([...REASON_CODES].sort())
  })
})

describe('access URLs', () => {
  it('takes absolute http(s) and ftp URLs with a host, and nothing else', () => {
    for (const url of ['https://a', 'http:///x', 'ftp://data.example.cz/file.csv', 'http://a/%zz', ' https://a.cz/x ']) expect(isAccessUrl(url), url).toBe(true)
    const refused = ['http://', 'http://:80', 'ftp://', 'ftp://[::1', 'http://@/', 'http://a:b@', 'http://%', 'http://[]', 'https://x y', 'http://#', 'http://?', 'mailto:a@b.cz', '/relative/path', 'www.example.cz', '', null]
    for (const url of refused) expect(isAccessUrl(url), String(url)).toBe(false)
  })
})
