import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { LICENCE_NAMES } from '../../lib/domain/licence-names.ts'
import { LICENCE_TABLE, licenceByKey, licenceDeclared, licenceFacetValue, licenceInfo, licenceSpellings, normaliseLicenceLabel } from './licences.server.ts'

const SAMPLES = join(import.meta.dirname, '..', '..', 'tests', 'ckan-fixture', 'samples')
const byId = (id: string | null, title: string | null = null) => licenceInfo(id, title)

describe('licence table', () => {
  it('has unique keys', () => {
    const keys = LICENCE_TABLE.map((row) => row.key)
    expect(new Set(keys).size).toBe(keys.length)
  })

  it('resolves every listed id, title and URI back to its own row (no spelling is claimed twice)', () => {
    for (const row of LICENCE_TABLE) {
      for (const label of [...row.ids, ...row.titles]) expect([label, byId(label).key]).toEqual([label, row.key])
      for (const uri of row.uris) {
        expect([uri, byId(`https://${uri}`).key]).toEqual([uri, row.key])
        expect([uri, byId(`http://${uri}/`).key]).toEqual([uri, row.key])
      }
    }
  })

  it('marks only BY and BY-SA Creative Commons licences open', () => {
    const cc = LICENCE_TABLE.filter((row) => /^CC-BY/.test(row.key))
    expect(cc.length).toBe(24)
    for (const row of cc) expect([row.key, row.open]).toEqual([row.key, /^CC-BY(-SA)?-\d/.test(row.key)])
  })
})

describe('CKAN default licence ids', () => {
  const expected: Array<[string, string, boolean, boolean | null]> = [
    ['cc-by', 'cc-by', true, true],
    ['cc-by-sa', 'cc-by-sa', true, true],
    ['cc-zero', 'CC0-1.0', true, true],
    ['odc-pddl', 'PDDL-1.0', true, true],
    ['odc-odbl', 'ODbL-1.0', true, true],
    ['odc-by', 'ODC-By-1.0', true, true],
    ['gfdl', 'gfdl', true, true],
    ['uk-ogl', 'uk-ogl', true, true],
    ['other-open', 'other-open', true, null],
    ['other-pd', 'other-pd', true, null],
    ['other-at', 'other-at', true, null],
    ['cc-nc', 'cc-nc', false, false],
    ['other-nc', 'other-nc', false, false],
    ['other-closed', 'other-closed', false, false],
  ]
  for (const [id, key, open, od] of expected) {
    it(`${id} → ${key}, open ${open}`, () => {
      expect(byId(id)).toMatchObject({ key, known: true, open, odConformant: od })
    })
  }
})

describe('matching', () => {
  it('reads SPDX ids in any case', () => {
    expect(byId('CC-BY-4.0')).toMatchObject({ key: 'CC-BY-4.0', title: 'Creative Commons Attribution 4.0 International', open: true })
    expect(byId('cc-by-4.0').key).toBe('CC-BY-4.0')
    expect(byId('CC0-1.0').key).toBe('CC0-1.0')
    expect(byId('CC-BY-SA-4.0').key).toBe('CC-BY-SA-4.0')
    expect(byId('ODbL-1.0').key).toBe('ODbL-1.0')
    expect(byId('odbl-1.0').key).toBe('ODbL-1.0')
    expect(byId('CC-BY-NC-4.0')).toMatchObject({ key: 'CC-BY-NC-4.0', open: false, odConformant: false })
  })

  it('ignores case, surrounding and repeated whitespace and trailing slashes', () => {
    expect(byId('  CC-BY  ').key).toBe('cc-by')
    expect(byId('Other-Open').key).toBe('other-open')
    expect(byId(null, '  creative   commons   ATTRIBUTION ').key).toBe('cc-by')
    expect(byId('uk-ogl/').key).toBe('uk-ogl')
  })

  it('reads Creative Commons and Open Data Commons URIs with or without https, www, trailing slash and deed pages', () => {
    for (const uri of [
      'https://creativecommons.org/licenses/by/4.0/', 'http://creativecommons.org/licenses/by/4.0', 'https://www.creativecommons.org/licenses/by/4.0',
      'https://creativecommons.org/licenses/by/4.0/deed.cs', 'https://creativecommons.org/licenses/by/4.0/legalcode', 'HTTPS://CreativeCommons.org/licenses/by/4.0/',
    ]) expect([uri, byId(uri).key]).toEqual([uri, 'CC-BY-4.0'])
    expect(byId('https://creativecommons.org/publicdomain/zero/1.0/').key).toBe('CC0-1.0')
    expect(byId('http://creativecommons.org/publicdomain/zero/1.0/legalcode').key).toBe('CC0-1.0')
    expect(byId('https://creativecommons.org/licenses/by-sa/3.0/').key).toBe('CC-BY-SA-3.0')
    expect(byId('https://creativecommons.org/licenses/by/').key).toBe('cc-by')
    expect(byId('https://opendatacommons.org/licenses/odbl/1-0/').key).toBe('ODbL-1.0')
    expect(byId('https://opendatacommons.org/licenses/odbl/1.0/').key).toBe('ODbL-1.0')
    expect(byId('http://opendatacommons.org/licenses/pddl/').key).toBe('PDDL-1.0')
    expect(byId('http://publications.europa.eu/resource/authority/licence/CC_BY_4_0').key).toBe('CC-BY-4.0')
    expect(byId('http://publications.europa.eu/resource/authority/licence/CC_BYNCND_4_0')).toMatchObject({ key: 'CC-BY-NC-ND-4.0', open: false })
  })

  it('reads ported Creative Commons licences as their international version', () => {
    // data.gov.au and HDX, as in the samples.
    expect(byId('http://creativecommons.org/licenses/by/3.0/au/').key).toBe('CC-BY-3.0')
    expect(byId('http://creativecommons.org/licenses/by/3.0/igo/legalcode')).toMatchObject({ key: 'CC-BY-3.0', open: true })
    expect(byId('https://creativecommons.org/licenses/by-nc-sa/3.0/cz/')).toMatchObject({ key: 'CC-BY-NC-SA-3.0', open: false })
  })

  it('reads Czech titles', () => {
    expect(byId(null, 'Creative Commons Uveďte autora 4.0 Mezinárodní')).toMatchObject({ key: 'CC-BY-4.0', known: true, open: true })
    expect(byId(null, 'Uveďte původ 4.0 Mezinárodní').key).toBe('CC-BY-4.0')
    expect(byId(null, 'Uveďte původ-Zachovejte licenci 4.0 Mezinárodní').key).toBe('CC-BY-SA-4.0')
    expect(byId(null, 'Creative Commons Uveďte autora – Neužívejte komerčně 4.0 Mezinárodní')).toMatchObject({ key: 'CC-BY-NC-4.0', open: false })
    expect(byId(null, 'Uveďte autora-Zachovejte licenci 3.0 Česká republika').key).toBe('CC-BY-SA-3.0')
    expect(byId(null, 'CC0 1.0 Univerzální').key).toBe('CC0-1.0')
  })

  it('knows the data.gov.cz terms of use but cannot call one aspect open', () => {
    expect(byId('https://data.gov.cz/podmínky-užití/neobsahuje-autorská-díla/'))
      .toEqual({ key: 'cz-terms-no-authored-works', title: 'Czech terms of use: contains no authored works', known: true, open: null, odConformant: null })
    // Harvested records sometimes carry the URI percent-encoded.
    expect(byId('https://data.gov.cz/podm%C3%ADnky-u%C5%BEit%C3%AD/neobsahuje-osobn%C3%AD-%C3%BAdaje/').key).toBe('cz-terms-no-personal-data')
    expect(byId('https://data.gov.cz/podmínky-užití/obsahuje-více-autorských-děl').key).toBe('cz-terms-multiple-authored-works')
    expect(byId('https://data.gov.cz/podmínky-užití/volný-přístup/').known).toBe(false)
  })

  it('matches by id first, then by title', () => {
    expect(byId('cc-by', 'Creative Commons Attribution 3.0 Australia').key).toBe('cc-by')
    expect(byId('some-portal-id', 'Creative Commons Attribution 4.0 International').key).toBe('CC-BY-4.0')
    expect(byId('other-closed', 'Creative Commons Attribution').key).toBe('other-closed')
  })

  it('treats empty and notspecified as no licence', () => {
    for (const [id, title] of [[null, null], ['', ''], ['  ', null], ['notspecified', 'License not specified'], ['NotSpecified', null],
      [null, 'License Not Specified'], ['notspecified', 'Creative Commons Attribution']] as const) {
      expect([id, title, byId(id, title)]).toEqual([id, title, { key: null, title: null, known: false, open: null, odConformant: null }])
      expect(licenceDeclared(id, title)).toBe(false)
    }
  })

  it('keeps an unknown licence as declared but unknown, with its title for display', () => {
    expect(byId('other-undefined', 'Other (Specified in the description)'))
      .toEqual({ key: null, title: 'Other (Specified in the description)', known: false, open: null, odConformant: null })
    expect(byId('my-licence', null)).toEqual({ key: null, title: 'my-licence', known: false, open: null, odConformant: null })
    expect(licenceDeclared('other-undefined', null)).toBe(true)
    expect(byId('cc-by-5.0').known).toBe(false)
    expect(byId('https://creativecommons.org/licenses/by/9.0/').known).toBe(false)
  })

  it('normalises URIs and text differently', () => {
    expect(normaliseLicenceLabel('HTTPS://www.Example.org/Licence/?x=1#top')).toBe('example.org/licence')
    expect(normaliseLicenceLabel('  Attribution – ShareAlike ')).toBe('attribution-sharealike')
  })
})

describe('recorded CKAN samples', () => {
  const read = (file: string) => {
    const json = JSON.parse(readFileSync(join(SAMPLES, file), 'utf8')) as { result?: Record<string, unknown> } & Record<string, unknown>
    const pkg = (json.result ?? json) as { license_id: string | null; license_title: string | null }
    return licenceInfo(pkg.license_id, pkg.license_title)
  }

  it('resolves the licences real portals send', () => {
    expect(read('alphagov__datagovuk_publish__spec__fixtures__files__ckan__v26__package_show_update.json'))
      .toMatchObject({ key: 'uk-ogl', known: true, open: true, odConformant: true })
    expect(read('TerriaJS__terriajs__packages__terriajs__wwwroot__test__CKAN__taxation-statistics-package.json'))
      .toMatchObject({ key: 'cc-by', known: true, open: true })
    expect(read('OCHA-DAP__hdx-python-api__tests__fixtures__update_dataset_resources__unesco_dataset.json'))
      .toMatchObject({ key: 'CC-BY-3.0', known: true, open: true })
    expect(read('malkreide__wsl-envidat-mcp__tests__fixtures__package_show.json'))
      .toMatchObject({ key: null, known: false, open: null, title: 'Other (Specified in the description)' })
  })
})

describe('the explorer facet of licences', () => {
  it('gives every spelling of one licence one value, keeps unknown ids as sent, and lists the ids to ask a portal for', () => {
    for (const spelling of ['CC-BY-4.0', 'cc-by-4.0', 'https://creativecommons.org/licenses/by/4.0/', 'http://creativecommons.org/licenses/by/4.0/deed.cs']) {
      expect(licenceFacetValue(spelling), spelling).toBe('CC-BY-4.0')
    }
    expect(licenceFacetValue('cc-zero')).toBe('CC0-1.0')
    expect(licenceFacetValue('my-own-licence')).toBe('my-own-licence')
    // An id the table does not know, with a title it does: the title decides.
    expect(licenceFacetValue('42', 'Creative Commons Uveďte původ 4.0 Mezinárodní')).toBe('CC-BY-4.0')
    const spellings = licenceSpellings('CC-BY-4.0')
    expect(spellings).toEqual(expect.arrayContaining(['CC-BY-4.0', 'cc-by-4.0', 'https://creativecommons.org/licenses/by/4.0/', 'http://creativecommons.org/licenses/by/4.0']))
    for (const spelling of spellings) expect(licenceFacetValue(spelling), spelling).toBe('CC-BY-4.0')
    expect(licenceSpellings('my-own-licence')).toEqual(['my-own-licence'])
  })

  it('names in every language only licences the table knows', () => {
    for (const key of Object.keys(LICENCE_NAMES)) expect(key === 'notspecified' || licenceByKey(key) !== undefined, key).toBe(true)
    expect(licenceFacetValue('notspecified')).toBe('notspecified')
  })
})
