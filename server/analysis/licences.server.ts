// Licences as CKAN portals declare them. A dataset's licence arrives as `license_id` and `license_title`, and the
// same licence is spelled many ways: CKAN's default ids (`cc-by`), SPDX ids (`CC-BY-4.0`), Creative Commons and Open
// Data Commons URIs, EU licence vocabulary URIs, English and Czech titles. Every spelling is resolved through ONE
// table, LICENCE_TABLE, which docs/quality.md summarises. A licence the table does not list is unknown: its openness
// is never guessed.
//
// Sources, copied here because the product never reads reference material at run time:
// - CKAN's default licence list (ckan/model/license.py): ids, titles and is_okd_compliant, which is CKAN's `isopen`.
// - Open Data Commons licence URIs, both the current /1-0/ form and the older /1.0/ one.
// - Creative Commons licence URIs and deed titles (creativecommons.org), including the Czech deeds
//   ("Uveďte původ 4.0 Mezinárodní", "Uveďte autora-Zachovejte licenci 3.0 Česká republika").
// - The EU Publications Office licence authority table (publications.europa.eu/resource/authority/licence/...).
// - The terms-of-use vocabulary of the Czech national catalogue (https://data.gov.cz/podmínky-užití/...), as NKOD's
//   own catalogue code maps it.
// - Values seen in tests/ckan-fixture/samples: `cc-by-4.0` (data.gov.au), `cc-by-igo` (HDX), EnviDat's
//   "Creative Commons Attribution (CC-BY 4.0)", data.gov.au's "Creative Commons Attribution 3.0 Australia".

export type LicenceEntry = {
  key: string
  title: string
  /** Reusable under open terms as CKAN marks it (is_okd_compliant); false for NC, ND and closed; null: cannot tell. */
  open: boolean | null
  /** The Open Definition lists this licence as conformant; null for generic categories that name no licence text. */
  odConformant: boolean | null
  /** Values portals send in license_id (CKAN, SPDX, portal-specific ids). */
  ids: readonly string[]
  /** Values portals send in license_title, English and Czech. */
  titles: readonly string[]
  /** Compared without scheme, "www." and trailing slash; Creative Commons ports match their international version. */
  uris: readonly string[]
}

export type LicenceInfo = {
  key: string | null
  title: string | null
  known: boolean
  open: boolean | null
  odConformant: boolean | null
}

type CcFamily = 'by' | 'by-sa' | 'by-nc' | 'by-nd' | 'by-nc-sa' | 'by-nc-nd'

const CC_NAMES: Record<CcFamily, { en: string; enOld: string; cs: string[]; eu: string }> = {
  'by': { en: 'Attribution', enOld: 'Attribution', cs: ['Uveďte původ', 'Uveďte autora'], eu: 'CC_BY' },
  'by-sa': { en: 'Attribution-ShareAlike', enOld: 'Attribution-ShareAlike',
    cs: ['Uveďte původ-Zachovejte licenci', 'Uveďte autora-Zachovejte licenci'], eu: 'CC_BYSA' },
  'by-nc': { en: 'Attribution-NonCommercial', enOld: 'Attribution-NonCommercial',
    cs: ['Uveďte původ-Neužívejte komerčně', 'Uveďte autora-Neužívejte komerčně'], eu: 'CC_BYNC' },
  'by-nd': { en: 'Attribution-NoDerivatives', enOld: 'Attribution-NoDerivs',
    cs: ['Uveďte původ-Nezpracovávejte', 'Uveďte autora-Nezpracovávejte'], eu: 'CC_BYND' },
  'by-nc-sa': { en: 'Attribution-NonCommercial-ShareAlike', enOld: 'Attribution-NonCommercial-ShareAlike',
    cs: ['Uveďte původ-Neužívejte komerčně-Zachovejte licenci', 'Uveďte autora-Neužívejte komerčně-Zachovejte licenci'],
    eu: 'CC_BYNCSA' },
  'by-nc-nd': { en: 'Attribution-NonCommercial-NoDerivatives', enOld: 'Attribution-NonCommercial-NoDerivs',
    cs: ['Uveďte původ-Neužívejte komerčně-Nezpracovávejte', 'Uveďte autora-Neužívejte komerčně-Nezpracovávejte'],
    eu: 'CC_BYNCND' },
}
const CC_VERSIONS = ['4.0', '3.0', '2.5', '2.0'] as const
const CC_SUFFIX: Record<(typeof CC_VERSIONS)[number], string> = { '4.0': 'International', '3.0': 'Unported', '2.5': 'Generic', '2.0': 'Generic' }
const EU_LICENCE = 'publications.europa.eu/resource/authority/licence/'
const CZ_TERMS = 'data.gov.cz/podmínky-užití/'

/**
 * One row per Creative Commons family and version. Only BY and BY-SA are open (NC and ND restrict reuse); the Open
 * Definition lists both as conformant and the version does not change that.
 */
function ccRow(family: CcFamily, version: (typeof CC_VERSIONS)[number], extra: { ids?: string[]; titles?: string[] } = {}): LicenceEntry {
  const names = CC_NAMES[family]
  const name = version === '4.0' ? names.en : names.enOld
  const short = `CC ${family.toUpperCase()} ${version}`
  const open = family === 'by' || family === 'by-sa'
  const titles = [
    `Creative Commons ${name} ${version} ${CC_SUFFIX[version]}`, `Creative Commons ${name} ${version}`, short,
    `${name} ${version} ${CC_SUFFIX[version]}`, `${name} ${version} ${CC_SUFFIX[version]} (${short})`,
    `Creative Commons ${name} ${version} ${CC_SUFFIX[version]} (${short})`,
  ]
  // Czech deed titles exist per version; only the international 4.0 ones are listed (the 3.0 Czech ports are extras).
  if (version === '4.0') {
    for (const cs of names.cs) titles.push(`Creative Commons ${cs} 4.0 Mezinárodní`, `${cs} 4.0 Mezinárodní`, `${cs} 4.0 Mezinárodní (${short})`)
  }
  const uris = [`creativecommons.org/licenses/${family}/${version}`]
  if (version === '4.0') uris.push(`${EU_LICENCE}${names.eu}_4_0`)
  return {
    key: `CC-${family.toUpperCase()}-${version}`,
    title: `Creative Commons ${name} ${version} ${CC_SUFFIX[version]}`,
    open, odConformant: open,
    ids: [`CC-${family.toUpperCase()}-${version}`, ...(extra.ids ?? [])],
    titles: [...titles, ...(extra.titles ?? [])],
    uris,
  }
}

const CC_EXTRAS: Partial<Record<string, { ids?: string[]; titles?: string[] }>> = {
  // data.gov.au sends cc-by-4.0; EnviDat titles CC BY 4.0 this way.
  'by 4.0': { ids: ['cc-by-4.0'], titles: ['Creative Commons Attribution (CC-BY 4.0)', 'CC-BY 4.0'] },
  'by-sa 4.0': { ids: ['cc-by-sa-4.0'], titles: ['CC-BY-SA 4.0'] },
  // Ports keep the licence elements, so they resolve to the version's international row: data.gov.au's Australian
  // port, HDX's IGO port (id cc-by-igo), the Czech ports.
  'by 3.0': {
    ids: ['cc-by-3.0', 'cc-by-igo', 'CC-BY-3.0-AU', 'CC-BY-3.0-IGO'],
    titles: ['Creative Commons Attribution 3.0 Australia', 'Creative Commons Attribution for Intergovernmental Organisations',
      'Creative Commons Uveďte autora 3.0 Česká republika', 'Uveďte autora 3.0 Česká republika', 'Uveďte autora 3.0 Česko'],
  },
  'by-sa 3.0': {
    ids: ['cc-by-sa-3.0'],
    titles: ['Creative Commons Uveďte autora-Zachovejte licenci 3.0 Česká republika', 'Uveďte autora-Zachovejte licenci 3.0 Česká republika'],
  },
}

const CC_ROWS: LicenceEntry[] = (Object.keys(CC_NAMES) as CcFamily[]).flatMap((family) =>
  CC_VERSIONS.map((version) => ccRow(family, version, CC_EXTRAS[`${family} ${version}`])))

// Terms of use of the Czech national catalogue (DCAT-AP-CZ). Each URI states ONE of four aspects (authored works,
// database as an authored work, the database maker's sui generis right, personal data), so a single URI cannot say
// whether the whole dataset is open: known, openness null.
const czTerms = (key: string, slug: string, title: string, titles: string[] = []): LicenceEntry =>
  ({ key, title, open: null, odConformant: null, ids: [], titles, uris: [`${CZ_TERMS}${slug}`] })

export const LICENCE_TABLE: ReadonlyArray<LicenceEntry> = [
  // CKAN's default licence list, unversioned ids. isopen there is is_okd_compliant.
  { key: 'cc-by', title: 'Creative Commons Attribution', open: true, odConformant: true,
    ids: ['cc-by'], titles: ['Creative Commons Attribution', 'CC BY', 'CC-BY'],
    uris: ['creativecommons.org/licenses/by', 'opendefinition.org/licenses/cc-by'] },
  { key: 'cc-by-sa', title: 'Creative Commons Attribution Share-Alike', open: true, odConformant: true,
    ids: ['cc-by-sa'], titles: ['Creative Commons Attribution Share-Alike', 'Creative Commons Attribution-ShareAlike', 'CC BY-SA', 'CC-BY-SA'],
    uris: ['creativecommons.org/licenses/by-sa', 'opendefinition.org/licenses/cc-by-sa'] },
  { key: 'CC0-1.0', title: 'Creative Commons CC0 1.0 Universal', open: true, odConformant: true,
    ids: ['cc-zero', 'CC0-1.0', 'cc0'],
    titles: ['Creative Commons CCZero', 'Creative Commons Zero', 'CC0', 'CC0 1.0', 'CC0 1.0 Universal', 'Creative Commons CC0 1.0 Universal',
      'CC0 1.0 Universal (CC0 1.0) Public Domain Dedication', 'CC0 1.0 Univerzální', 'Creative Commons CC0 1.0 Univerzální'],
    uris: ['creativecommons.org/publicdomain/zero/1.0', 'opendefinition.org/licenses/cc-zero', `${EU_LICENCE}CC0`] },
  { key: 'PDDL-1.0', title: 'Open Data Commons Public Domain Dedication and License (PDDL)', open: true, odConformant: true,
    ids: ['odc-pddl', 'PDDL-1.0', 'ODC-PDDL-1.0'],
    titles: ['Open Data Commons Public Domain Dedication and License (PDDL)', 'Open Data Commons Public Domain Dedication and Licence (PDDL)',
      'ODC Public Domain Dedication and Licence (PDDL)', 'PDDL'],
    uris: ['opendatacommons.org/licenses/pddl', 'opendatacommons.org/licenses/pddl/1.0', 'opendatacommons.org/licenses/pddl/1-0', 'opendefinition.org/licenses/odc-pddl', `${EU_LICENCE}ODC_PDDL`] },
  { key: 'ODbL-1.0', title: 'Open Data Commons Open Database License (ODbL)', open: true, odConformant: true,
    ids: ['odc-odbl', 'ODbL-1.0', 'odbl'], titles: ['Open Data Commons Open Database License (ODbL)', 'Open Database License (ODbL)', 'ODbL'],
    uris: ['opendatacommons.org/licenses/odbl', 'opendatacommons.org/licenses/odbl/1.0', 'opendatacommons.org/licenses/odbl/1-0', 'opendefinition.org/licenses/odc-odbl', `${EU_LICENCE}ODC_BL`] },
  { key: 'ODC-By-1.0', title: 'Open Data Commons Attribution License', open: true, odConformant: true,
    ids: ['odc-by', 'ODC-By-1.0'], titles: ['Open Data Commons Attribution License', 'Open Data Commons Attribution License (ODC-By)'],
    uris: ['opendatacommons.org/licenses/by', 'opendatacommons.org/licenses/by/1.0', 'opendatacommons.org/licenses/by/1-0', 'opendefinition.org/licenses/odc-by', `${EU_LICENCE}ODC_BY`] },
  { key: 'gfdl', title: 'GNU Free Documentation License', open: true, odConformant: true,
    ids: ['gfdl', 'GFDL-1.3', 'GFDL-1.3-only', 'GFDL-1.3-or-later'], titles: ['GNU Free Documentation License'],
    uris: ['opendefinition.org/licenses/gfdl', 'gnu.org/licenses/fdl-1.3.html', 'gnu.org/licenses/fdl.html', `${EU_LICENCE}GNU_FDL_1_3`] },
  { key: 'uk-ogl', title: 'UK Open Government Licence (OGL)', open: true, odConformant: true,
    ids: ['uk-ogl', 'OGL-UK-3.0', 'OGL-UK-2.0', 'OGL-UK-1.0'],
    titles: ['UK Open Government Licence (OGL)', 'Open Government Licence v3.0', 'Open Government Licence v2.0'],
    uris: ['reference.data.gov.uk/id/open-government-licence', 'nationalarchives.gov.uk/doc/open-government-licence/version/3',
      'nationalarchives.gov.uk/doc/open-government-licence/version/2', 'nationalarchives.gov.uk/doc/open-government-licence/version/1'] },
  // Generic categories: CKAN marks them open (the publisher's claim), but they name no licence text the Open
  // Definition could have reviewed.
  { key: 'other-open', title: 'Other (Open)', open: true, odConformant: null, ids: ['other-open'], titles: ['Other (Open)'], uris: [] },
  { key: 'other-pd', title: 'Other (Public Domain)', open: true, odConformant: null, ids: ['other-pd'], titles: ['Other (Public Domain)'], uris: [] },
  { key: 'other-at', title: 'Other (Attribution)', open: true, odConformant: null, ids: ['other-at'], titles: ['Other (Attribution)'], uris: [] },
  { key: 'CC-PDM-1.0', title: 'Creative Commons Public Domain Mark 1.0', open: true, odConformant: null,
    ids: ['CC-PDM-1.0'], titles: ['Public Domain Mark 1.0', 'Creative Commons Public Domain Mark 1.0'],
    uris: ['creativecommons.org/publicdomain/mark/1.0', `${EU_LICENCE}CC_PDM_1_0`] },
  // Not open: non-commercial or closed.
  { key: 'cc-nc', title: 'Creative Commons Non-Commercial (Any)', open: false, odConformant: false,
    ids: ['cc-nc'], titles: ['Creative Commons Non-Commercial (Any)'], uris: ['creativecommons.org/licenses/by-nc'] },
  { key: 'other-nc', title: 'Other (Non-Commercial)', open: false, odConformant: false, ids: ['other-nc'], titles: ['Other (Non-Commercial)'], uris: [] },
  { key: 'other-closed', title: 'Other (Not Open)', open: false, odConformant: false, ids: ['other-closed'], titles: ['Other (Not Open)'], uris: [] },
  ...CC_ROWS,
  czTerms('cz-terms-no-authored-works', 'neobsahuje-autorská-díla', 'Czech terms of use: contains no authored works',
    ['Distribuce datové sady neobsahuje autorská díla']),
  czTerms('cz-terms-multiple-authored-works', 'obsahuje-více-autorských-děl', 'Czech terms of use: contains several authored works',
    ['Distribuce datové sady obsahuje více autorských děl']),
  czTerms('cz-terms-not-copyright-database', 'není-autorskoprávně-chráněnou-databází', 'Czech terms of use: not a database protected by copyright'),
  czTerms('cz-terms-no-sui-generis-right', 'není-chráněna-zvláštním-právem-pořizovatele-databáze',
    'Czech terms of use: not protected by the database maker\'s sui generis right'),
  czTerms('cz-terms-no-personal-data', 'neobsahuje-osobní-údaje', 'Czech terms of use: contains no personal data'),
  czTerms('cz-terms-personal-data', 'obsahuje-osobní-údaje', 'Czech terms of use: contains personal data'),
  czTerms('cz-terms-personal-data-unspecified', 'není-specifikováno-zda-obsahuje-osobní-údaje',
    'Czech terms of use: not specified whether it contains personal data'),
]

/** Values that mean "no licence": CKAN's notspecified id and its title. Empty values mean the same. */
export const NO_LICENCE_VALUES: readonly string[] = ['notspecified', 'License not specified']

const URI_LIKE = /^(?:[a-z][a-z0-9+.-]*:\/\/|www\.)/i
const CC_PAGE_SUFFIX = /\/(?:legalcode|deed)(?:\.[a-z_-]+)?$/
const CC_PORT = /^(creativecommons\.org\/licenses\/[a-z-]+\/\d\.\d)\/[a-z-]+$/

/**
 * The key a licence id, title or URI is looked up by. Text: NFC, trimmed, lower-case, whitespace collapsed, dashes
 * unified with no spaces around them, trailing slashes dropped. URIs: also percent-decoded, scheme, "www.", query
 * and fragment dropped, and a Creative Commons `legalcode`/`deed.xx` page read as the licence itself.
 */
export function normaliseLicenceLabel(raw: string): string {
  let s = raw.normalize('NFC').trim()
  if (URI_LIKE.test(s)) {
    try {
      s = decodeURI(s)
    } catch {
      // A malformed escape leaves the URI as sent; it still matches if the table lists it that way.
    }
    s = s.normalize('NFC').toLowerCase().replace(/^[a-z][a-z0-9+.-]*:\/\//, '').replace(/^www\./, '').replace(/[?#].*$/, '')
    s = s.replace(/\/+$/, '')
    if (s.startsWith('creativecommons.org/')) s = s.replace(CC_PAGE_SUFFIX, '')
    return s.replace(/\/+$/, '')
  }
  s = s.toLowerCase().replace(/\s+/g, ' ').replace(/\s*[-‐‑‒–—]\s*/g, '-')
  return s.replace(/\/+$/, '').trim()
}

const BY_LABEL = new Map<string, LicenceEntry>()
for (const row of LICENCE_TABLE) {
  for (const label of [row.key, row.title, ...row.ids, ...row.titles]) BY_LABEL.set(normaliseLicenceLabel(label), row)
  for (const uri of row.uris) BY_LABEL.set(normaliseLicenceLabel(`https://${uri}`), row)
}
const NO_LICENCE = new Set(NO_LICENCE_VALUES.map(normaliseLicenceLabel))

function lookup(raw: string): LicenceEntry | undefined {
  const key = normaliseLicenceLabel(raw)
  const row = BY_LABEL.get(key)
  if (row) return row
  const port = CC_PORT.exec(key)
  return port ? BY_LABEL.get(port[1] as string) : undefined
}

const text = (v: string | null): string => (v ?? '').trim()

/**
 * Whether a licence is declared at all. The id decides first: CKAN's `notspecified` means no licence whatever the
 * title says; an empty id hands the decision to the title.
 */
export function licenceDeclared(licenseId: string | null, licenseTitle: string | null): boolean {
  return resolved(licenseId, licenseTitle).declared
}

function declared(licenseId: string | null, licenseTitle: string | null): boolean {
  const id = text(licenseId)
  if (id !== '') return !NO_LICENCE.has(normaliseLicenceLabel(id))
  const title = text(licenseTitle)
  return title !== '' && !NO_LICENCE.has(normaliseLicenceLabel(title))
}

/**
 * A dataset's licence in the vocabulary: matched by id first, then by title, case-, whitespace- and
 * trailing-slash-insensitively. No licence (empty or `notspecified`): key and title null, known false, openness null.
 * Declared but not listed: key null, the raw title (or id) kept for display, known false, openness null.
 */
export function licenceInfo(licenseId: string | null, licenseTitle: string | null): LicenceInfo {
  return resolved(licenseId, licenseTitle).info
}

// A portal uses a handful of licences for thousands of datasets, and every quality check asks: answers are cached
// (frozen, so no caller can change a shared answer), and the cache is dropped before it can grow without bound.
type Resolved = { info: Readonly<LicenceInfo>; declared: boolean }
const CACHE_LIMIT = 10_000
const CACHE = new Map<string, Resolved>()

function resolved(licenseId: string | null, licenseTitle: string | null): Resolved {
  const cacheKey = `${licenseId ?? ''}\u0000${licenseTitle ?? ''}`
  let entry = CACHE.get(cacheKey)
  if (!entry) {
    const { declared: isDeclared, ...info } = resolveLicence(licenseId, licenseTitle)
    entry = { info: Object.freeze(info), declared: isDeclared }
    if (CACHE.size >= CACHE_LIMIT) CACHE.clear()
    CACHE.set(cacheKey, entry)
  }
  return entry
}

function resolveLicence(licenseId: string | null, licenseTitle: string | null): LicenceInfo & { declared: boolean } {
  if (!declared(licenseId, licenseTitle)) return { key: null, title: null, known: false, open: null, odConformant: null, declared: false }
  const id = text(licenseId)
  const title = text(licenseTitle)
  const row = (id !== '' ? lookup(id) : undefined) ?? (title !== '' ? lookup(title) : undefined)
  if (!row) return { key: null, title: title || id, known: false, open: null, odConformant: null, declared: true }
  return { key: row.key, title: row.title, known: true, open: row.open, odConformant: row.odConformant, declared: true }
}

const BY_KEY = new Map(LICENCE_TABLE.map((row) => [row.key, row]))

/** A licence of the table by its key. */
export function licenceByKey(key: string): LicenceEntry | undefined {
  return BY_KEY.get(key)
}

/**
 * The value of the explorer's licence facet for a `license_id` as a portal sends it (with a title for ids the table
 * does not know): the licence's key, so every spelling of one licence is one value; a licence the table does not
 * list keeps its id as sent.
 */
export function licenceFacetValue(licenseId: string, licenseTitle: string | null = null): string {
  return licenceInfo(licenseId, licenseTitle).key ?? licenseId
}

/**
 * `license_id` values to ask a portal for when it cannot say which of them it uses: the table's ids and key, and its
 * URIs as https and http, with and without the trailing slash.
 */
export function licenceSpellings(key: string): string[] {
  const row = BY_KEY.get(key)
  if (!row) return [key]
  const uris = row.uris.flatMap((uri) => [`https://${uri}`, `http://${uri}`, `https://${uri}/`, `http://${uri}/`])
  return [...new Set([row.key, ...row.ids, ...uris])]
}
