import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { RESOURCE_KINDS } from '../../server/ckan/demo/vocab.server.ts'
import { FORMAT_TABLE, formatFromUrl, formatInfo, isMachineReadable, isOpenStandard, normaliseFormatLabel, opennessStars, resolveFormat } from './formats.ts'
import { CANONICAL_FORMATS, type CanonicalFormat } from './canonical-formats.ts'

const ROOT = join(import.meta.dirname, '..', '..')
const EU = 'http://publications.europa.eu/resource/authority/file-type/'
const declared = (format: string | null) => resolveFormat({ format }).format

describe('format aliases', () => {
  const expected: Record<string, readonly string[]> = {
    CSV: ['CSV', '.csv', 'csv ', 'text/csv', 'Comma Separated Values', `${EU}CSV`, '  cSv\t', 'text/csv; charset=utf-8',
      'https://www.iana.org/assignments/media-types/text/csv'],
    SHP: ['Esri Shapefile', 'shape', 'shp', 'SHP', 'Shapefile'],
    GeoJSON: ['geojson', 'GeoJSON', 'application/geo+json', 'application/vnd.geo+json'],
    XLSX: ['xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'MS Excel 2007', `${EU}XLSX`],
    XLS: ['xls', 'application/vnd.ms-excel', 'Excel'],
    WMS: ['wms', 'WMS', 'OGC WMS', 'WMS service', `${EU}WMS_SRVC`, 'OGC:WMS-1.3.0-http-get-map'],
    WFS: ['WFS', 'ogc wfs', 'Web Feature Service'],
    RDF: ['rdf', 'application/rdf+xml', 'RDF/XML', `${EU}RDF_XML`],
    TTL: ['ttl', 'text/turtle', 'Turtle', `${EU}RDF_TURTLE`],
    'JSON-LD': ['json-ld', 'application/ld+json', 'JSONLD', 'JSON-LD', `${EU}JSON_LD`],
    API: ['api', 'API', 'REST', 'esri rest', 'ArcGIS GeoServices REST API'],
    HTML: ['html', 'HTML', 'text/html', 'web page', 'website'],
    ZIP: ['zip', 'ZIP', 'application/zip', 'application/x-zip-compressed'],
    JSON: ['JSON', 'json', 'application/json', `${EU}JSON`],
    PDF: ['PDF', 'pdf', `${EU}PDF`, 'application/pdf'],
    XML: ['XML', 'xml', 'text/xml', 'application/xml'],
    ODS: ['ODS', 'application/vnd.oasis.opendocument.spreadsheet'],
    KML: ['KML', 'application/vnd.google-earth.kml+xml'],
    KMZ: ['KMZ', 'application/vnd.google-earth.kmz'],
    TXT: ['TXT', 'text/plain'],
    GeoTIFF: ['GeoTIFF', 'image/tiff; application=geotiff'],
    TIFF: ['tif', 'image/tiff'],
    SPARQL: ['SPARQL', 'sparql endpoint'],
  }
  for (const [format, variants] of Object.entries(expected)) {
    it(`maps ${variants.length} variants to ${format}`, () => {
      for (const variant of variants) expect([variant, declared(variant)]).toEqual([variant, format])
    })
  }

  it('normalises case, whitespace, leading dots and vocabulary URIs', () => {
    expect(normaliseFormatLabel('  Comma   Separated\tValues ')).toBe('comma separated values')
    expect(normaliseFormatLabel('..CSV')).toBe('csv')
    expect(normaliseFormatLabel(`${EU}GEOJSON`)).toBe('geojson')
    expect(normaliseFormatLabel('https://publications.europa.eu/resource/authority/file-type/ZIP')).toBe('zip')
    expect(normaliseFormatLabel('http://www.iana.org/assignments/media-types/application/ld+json')).toBe('application/ld+json')
    expect(normaliseFormatLabel('https://iana.org/assignments/media-types/text/turtle')).toBe('text/turtle')
  })

  it('leaves unknown labels unknown', () => {
    for (const value of ['', '   ', null, 'data', 'n/a', 'other', 'Other', 'unknown', 'MapInfo TAB', 'csvx']) {
      expect(resolveFormat({ format: value })).toMatchObject({ format: 'unknown', source: 'none' })
    }
    expect(resolveFormat({})).toEqual({ format: 'unknown', source: 'none', conflict: null, raw: { format: null, mimetype: null, url: null } })
  })
})

describe('resolution precedence', () => {
  it('takes the declared format first, then the mimetype, then the URL', () => {
    expect(resolveFormat({ format: 'CSV', mimetype: 'application/json', url: 'https://x.cz/a.xml' })).toMatchObject({ format: 'CSV', source: 'format' })
    expect(resolveFormat({ format: '', mimetype: 'text/csv', url: 'https://x.cz/a.xml' })).toMatchObject({ format: 'CSV', source: 'mimetype' })
    expect(resolveFormat({ format: 'other', mimetype: 'application/octet-stream', url: 'https://x.cz/a.xml' })).toMatchObject({ format: 'XML', source: 'url' })
    expect(resolveFormat({ format: null, mimetype: null, url: 'https://x.cz/download?id=42' })).toMatchObject({ format: 'unknown', source: 'none' })
  })

  it('keeps the raw values verbatim', () => {
    expect(resolveFormat({ format: ' csv ', mimetype: null, url: 'https://x.cz/a.csv' }).raw).toEqual({ format: ' csv ', mimetype: null, url: 'https://x.cz/a.csv' })
  })

  it('reads the URL extension, ignoring query strings and fragments', () => {
    expect(formatFromUrl('https://x.cz/2024/data.csv?token=abc.pdf#sheet.xlsx')).toBe('CSV')
    expect(formatFromUrl('https://x.cz/2024/DATA.GEOJSON')).toBe('GeoJSON')
    expect(formatFromUrl('https://x.cz/2024/data.csv.zip')).toBe('ZIP')
    expect(formatFromUrl('https://x.cz/2024/data.tar.gz')).toBe('GZIP')
    expect(formatFromUrl('https://x.cz/2024/report')).toBe('unknown')
    expect(formatFromUrl('https://x.cz/api.v2/report')).toBe('unknown')
    expect(formatFromUrl('https://data.example.csv')).toBe('unknown')
    expect(formatFromUrl('https://x.cz/page.php')).toBe('unknown')
    expect(resolveFormat({ url: 'https://x.cz/a.csv.zip' })).toMatchObject({ format: 'ZIP', source: 'url' })
  })

  it('recognises service endpoints in URLs', () => {
    expect(formatFromUrl('https://gis.x.cz/arcgis/services/a/MapServer/WMSServer?request=GetCapabilities&service=WMS')).toBe('WMS')
    expect(formatFromUrl('http://services.land.vic.gov.au/geoserver/wms?SERVICE=WMS&VERSION=1.1.1&REQUEST=GetMap&FORMAT=image%2Fpng')).toBe('WMS')
    expect(formatFromUrl('https://gis.x.cz/geoserver/ows?service=WFS&request=GetFeature&outputFormat=application/json')).toBe('WFS')
    expect(formatFromUrl('https://gis.x.cz/geoserver/ows?request=GetCapabilities&SERVICE=wmts')).toBe('WMTS')
    expect(formatFromUrl('https://gis.x.cz/geoserver/ows?service=WMSX')).toBe('unknown')
    expect(formatFromUrl('http://www.environment.gov.au/mapping/services/ogc_services/IMCRA/MapServer/WFSServer')).toBe('WFS')
    expect(formatFromUrl('https://data.gov.au/geoserver/units/wfs')).toBe('WFS')
    expect(formatFromUrl('https://gis.x.cz/arcgis/rest/services/Roads/MapServer')).toBe('API')
    expect(formatFromUrl('https://gis.x.cz/arcgis/rest/services/Roads/FeatureServer/0/query?where=1%3D1')).toBe('API')
    expect(formatFromUrl('https://x.cz/sparql/')).toBe('SPARQL')
    expect(resolveFormat({ format: '', url: 'https://x.cz/ows?version=1.3.0&service=WMS' })).toMatchObject({ format: 'WMS', source: 'url' })
  })
})

describe('conflicts', () => {
  it('flags a declared format that contradicts the mimetype, keeping the declared one', () => {
    expect(resolveFormat({ format: 'EXE', mimetype: 'text/csv', url: 'https://x.cz/a.csv' })).toMatchObject({
      format: 'EXE', source: 'format', conflict: { declared: 'EXE', other: 'CSV', otherSource: 'mimetype' },
    })
  })

  it('flags a declared format that contradicts the URL extension', () => {
    expect(resolveFormat({ format: 'PDF', mimetype: null, url: 'https://x.cz/a.xlsx' }).conflict).toEqual({ declared: 'PDF', other: 'XLSX', otherSource: 'url' })
    expect(resolveFormat({ format: 'CSV', mimetype: 'text/html', url: 'https://x.cz/a.csv' }).conflict).toEqual({ declared: 'CSV', other: 'HTML', otherSource: 'mimetype' })
    // The mimetype agreeing does not hide a URL that disagrees.
    expect(resolveFormat({ format: 'CSV', mimetype: 'text/csv', url: 'https://x.cz/setup.exe' }).conflict).toEqual({ declared: 'CSV', other: 'EXE', otherSource: 'url' })
  })

  it('does not flag compatible pairs', () => {
    const quiet: Array<[format: string, mimetype: string | null, url: string | null]> = [
      ['JSON', 'application/geo+json', null],
      ['GeoJSON', 'application/json', 'https://x.cz/a.json'],
      ['CSV', 'application/octet-stream', 'https://x.cz/a.csv'],
      ['CSV', 'text/plain', null],
      ['CSV', 'application/vnd.ms-excel', 'https://x.cz/a.csv'],
      ['application/vnd.ms-excel', 'application/vnd.ms-excel', 'https://x.cz/a.csv'],
      ['SHP', 'application/zip', 'https://x.cz/a.zip'],
      ['ZIP', null, 'https://x.cz/a.shp'],
      ['CSV', 'application/zip', 'https://x.cz/a.csv.zip'],
      ['RDF', 'application/xml', null],
      ['KML', 'text/xml', null],
      ['XLSX', 'application/vnd.ms-excel', null],
      ['WMS', 'text/html', 'https://x.cz/map.html'],
      ['API', 'text/html', 'https://x.cz/docs.html'],
      ['API', 'application/json', null],
      ['GeoJSON', null, 'https://data.gov.au/geoserver/x/wfs?request=GetFeature&outputFormat=json'],
      ['HTML', null, 'https://gis.x.cz/arcgis/rest/services/Roads/MapServer'],
    ]
    for (const [format, mimetype, url] of quiet) expect([format, mimetype, url, resolveFormat({ format, mimetype, url }).conflict]).toEqual([format, mimetype, url, null])
  })

  it('still flags CSV against an Excel mimetype that is not the Windows CSV one', () => {
    expect(resolveFormat({ format: 'CSV', mimetype: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }).conflict)
      .toEqual({ declared: 'CSV', other: 'XLSX', otherSource: 'mimetype' })
    expect(resolveFormat({ format: 'Excel', url: 'https://x.cz/a.csv' }).conflict).toEqual({ declared: 'XLS', other: 'CSV', otherSource: 'url' })
  })
})

describe('openness', () => {
  const levels: Array<[CanonicalFormat, number, boolean, boolean]> = [
    ['RDF', 5, true, true], ['TTL', 5, true, true], ['JSON-LD', 5, true, true], ['SPARQL', 5, true, true],
    ['CSV', 3, true, true], ['JSON', 3, true, true], ['GeoJSON', 3, true, true], ['XML', 3, true, true], ['ODS', 3, true, true],
    ['WMS', 3, true, true], ['WFS', 3, true, true],
    ['XLSX', 2, true, false], ['XLS', 2, true, false], ['SHP', 2, true, false], ['API', 2, true, false],
    ['PDF', 1, false, true], ['DOCX', 1, false, false], ['ZIP', 1, false, true], ['TXT', 1, false, true], ['PNG', 1, false, true],
    ['HTML', 0, false, true], ['EXE', 0, false, false], ['unknown', 0, false, false],
  ]
  it('scores a representative format at every star level', () => {
    for (const [format, stars, machine, open] of levels) {
      expect([format, opennessStars(format), isMachineReadable(format), isOpenStandard(format)]).toEqual([format, stars, machine, open])
    }
  })

  it('keeps stars consistent with the 5-star meaning', () => {
    for (const row of FORMAT_TABLE) {
      // 2 stars and up means machine-readable; 3 and up means a non-proprietary format as well.
      expect([row.format, row.machineReadable]).toEqual([row.format, row.stars >= 2])
      if (row.stars >= 3) expect([row.format, row.openStandard]).toEqual([row.format, true])
    }
  })
})

describe('the mapping table', () => {
  it('has exactly one row per canonical format', () => {
    expect(FORMAT_TABLE.map((r) => r.format).sort()).toEqual([...CANONICAL_FORMATS].sort())
    for (const format of CANONICAL_FORMATS) expect(formatInfo(format).format).toBe(format)
  })

  it('maps every alias, mimetype and extension to exactly one format', () => {
    const owner = new Map<string, CanonicalFormat>()
    const clashes: string[] = []
    for (const row of FORMAT_TABLE) {
      for (const key of new Set([...row.aliases, ...row.mimetypes, ...row.extensions].map(normaliseFormatLabel))) {
        const previous = owner.get(key)
        if (previous && previous !== row.format) clashes.push(`${key}: ${previous} / ${row.format}`)
        owner.set(key, row.format)
      }
    }
    expect(clashes).toEqual([])
  })

  it('lists entries already normalised, and every format but unknown resolves from its own aliases', () => {
    for (const row of FORMAT_TABLE) {
      for (const key of [...row.aliases, ...row.mimetypes]) expect(normaliseFormatLabel(key)).toBe(key)
      for (const ext of row.extensions) expect(ext).toMatch(/^[a-z0-9]+$/)
      if (row.format === 'unknown') continue
      expect([row.format, row.aliases.length > 0]).toEqual([row.format, true])
      for (const alias of row.aliases) expect([alias, declared(alias)]).toEqual([alias, row.format])
      for (const mimetype of row.mimetypes) expect([mimetype, resolveFormat({ mimetype }).format]).toEqual([mimetype, row.format])
      for (const ext of row.extensions) expect([ext, formatFromUrl(`https://x.cz/file.${ext}`)]).toEqual([ext, row.format])
    }
  })

  it('is rendered in docs/formats.md with the same stars and flags', () => {
    const doc = readFileSync(join(ROOT, 'docs', 'formats.md'), 'utf8')
    const yesNo = (b: boolean) => (b ? 'yes' : 'no')
    for (const row of FORMAT_TABLE) {
      const line = doc.split('\n').find((l) => l.startsWith(`| \`${row.format}\` |`))
      expect([row.format, line !== undefined]).toEqual([row.format, true])
      const cells = (line as string).split('|').map((c) => c.trim())
      // | format | label | aliases | mimetypes | extensions | stars | machine-readable | open standard |
      expect([row.format, cells[6], cells[7], cells[8]]).toEqual([row.format, String(row.stars), yesNo(row.machineReadable), yesNo(row.openStandard)])
      for (const alias of row.aliases) expect([row.format, cells[3]?.includes(`\`${alias}\``)]).toEqual([row.format, true])
    }
  })
})

// Resources in the recorded real CKAN responses (package_show, package_search, organization_show, resource_show).
type RawResource = { format?: unknown; mimetype?: unknown; url?: unknown }
function sampleResources(): RawResource[] {
  const dir = join(ROOT, 'tests', 'ckan-fixture', 'samples')
  const out: RawResource[] = []
  const walk = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(walk)
    if (!node || typeof node !== 'object') return
    const obj = node as Record<string, unknown>
    if (Array.isArray(obj.resources)) for (const r of obj.resources) if (r && typeof r === 'object') out.push(r as RawResource)
    // A resource_show result is a resource on its own.
    if (typeof obj.package_id === 'string' && 'format' in obj && 'url' in obj) out.push(obj as RawResource)
    for (const value of Object.values(obj)) walk(value)
  }
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) walk(JSON.parse(readFileSync(join(dir, file), 'utf8')))
  return out
}
const asText = (v: unknown) => (typeof v === 'string' ? v : null)

// Declared formats in the samples that the table deliberately does not map. Empty today: every one is known.
const KNOWN_UNMAPPED: readonly string[] = []

describe('recorded real CKAN samples', () => {
  const resources = sampleResources()

  it('finds the resources', () => {
    expect(resources.length).toBeGreaterThanOrEqual(40)
  })

  it('resolves every declared format string to a known format', () => {
    const declaredFormats = new Set(resources.map((r) => asText(r.format)).filter((f): f is string => !!f && f.trim() !== ''))
    expect(declaredFormats.size).toBeGreaterThan(5)
    const unmapped = [...declaredFormats].filter((f) => declared(f) === 'unknown' && !KNOWN_UNMAPPED.includes(f))
    expect(unmapped).toEqual([])
  })

  it('reports no conflict in them (WFS GetFeature URLs, zipped shapefiles and Excel-typed CSVs are compatible)', () => {
    const conflicts = resources
      .map((r) => resolveFormat({ format: asText(r.format), mimetype: asText(r.mimetype), url: asText(r.url) }))
      .filter((res) => res.conflict !== null)
    expect(conflicts).toEqual([])
  })
})

describe('demo catalogue resource kinds', () => {
  const urlFor = (kind: (typeof RESOURCE_KINDS)[number]) =>
    kind.service === 'wms' ? 'https://gis.x.cz/arcgis/services/a/MapServer/WMSServer?request=GetCapabilities&service=WMS'
      : kind.service === 'wfs' ? 'https://gis.x.cz/geoserver/ows?service=WFS&request=GetFeature&typeName=a&outputFormat=application/json'
        : kind.service === 'api' ? 'https://api.x.cz/v1/a'
          : kind.service === 'landing' ? 'https://www.x.cz/a'
            : kind.ext === '' ? 'https://data.x.cz/download?id=1' : `https://data.x.cz/2024/a${kind.ext}`

  it('resolves every kind the demo generates, flagging only the deliberate EXE mistake', () => {
    for (const kind of RESOURCE_KINDS) {
      const res = resolveFormat({ format: kind.format, mimetype: kind.mimetype, url: urlFor(kind) })
      const hasEvidence = !!kind.format?.trim() || kind.mimetype !== null || kind.ext !== ''
      expect([kind.format, res.format !== 'unknown']).toEqual([kind.format, hasEvidence])
      if (kind.format?.trim()) expect([kind.format, res.source]).toEqual([kind.format, 'format'])
      expect([kind.format, res.conflict !== null]).toEqual([kind.format, kind.format === 'EXE'])
    }
  })
})
