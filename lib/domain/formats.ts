// Canonical data formats for CKAN resources and their openness stars. Portals declare formats messily ("csv ",
// ".csv", "text/csv", an EU vocabulary URI, "Comma Separated Values"), so every resource is resolved through ONE
// table, FORMAT_TABLE, which docs/formats.md renders. Anything the table does not know stays 'unknown': a format is
// never guessed. Stars follow ckanext-qa's resource_format_openness_scores.json (Tim Berners-Lee's 5-star scheme);
// where this table departs from it, docs/formats.md says why.

import { CANONICAL_FORMATS, type CanonicalFormat } from './canonical-formats.ts'

export type OpennessStars = 0 | 1 | 2 | 3 | 4 | 5

export type FormatInfo = {
  format: CanonicalFormat
  label: string
  /** Names publishers type, compared after normaliseFormatLabel(). */
  aliases: readonly string[]
  mimetypes: readonly string[]
  /** File extensions without the dot; only these are read from a URL. */
  extensions: readonly string[]
  stars: OpennessStars
  machineReadable: boolean
  openStandard: boolean
}

// EU file-type codes (RDF_TURTLE, WMS_SRVC, ...) appear as lower-case aliases; the URI prefix is stripped first.
export const FORMAT_TABLE: ReadonlyArray<FormatInfo> = [
  // 5 stars: the RDF family (linked data).
  { format: 'RDF', label: 'RDF/XML', stars: 5, machineReadable: true, openStandard: true,
    aliases: ['rdf', 'rdf/xml', 'rdf+xml', 'rdf xml', 'rdf_xml', 'rdfxml', 'rdf-xml'],
    mimetypes: ['application/rdf+xml'], extensions: ['rdf'] },
  { format: 'TTL', label: 'Turtle', stars: 5, machineReadable: true, openStandard: true,
    aliases: ['ttl', 'turtle', 'rdf_turtle', 'rdf/turtle', 'rdf turtle', 'rdf-turtle'],
    mimetypes: ['text/turtle', 'application/x-turtle', 'application/turtle'], extensions: ['ttl'] },
  { format: 'N3', label: 'Notation3', stars: 5, machineReadable: true, openStandard: true,
    aliases: ['n3', 'notation3', 'notation 3', 'rdf/n3', 'rdf_n3'],
    mimetypes: ['text/n3', 'text/rdf+n3'], extensions: ['n3'] },
  { format: 'NT', label: 'N-Triples', stars: 5, machineReadable: true, openStandard: true,
    aliases: ['nt', 'n-triples', 'ntriples', 'n triples', 'rdf_n_triples', 'rdf/n-triples'],
    mimetypes: ['application/n-triples'], extensions: ['nt'] },
  { format: 'JSON-LD', label: 'JSON-LD', stars: 5, machineReadable: true, openStandard: true,
    aliases: ['json-ld', 'jsonld', 'json ld', 'json_ld'],
    mimetypes: ['application/ld+json'], extensions: ['jsonld'] },
  { format: 'SPARQL', label: 'SPARQL endpoint', stars: 5, machineReadable: true, openStandard: true,
    aliases: ['sparql', 'sparql endpoint', 'sparql-endpoint', 'sparqlq', 'sparql query', 'api/sparql'],
    mimetypes: ['application/sparql-query'], extensions: ['rq'] },

  // 3 stars: open, machine-readable formats.
  { format: 'CSV', label: 'Comma-separated values', stars: 3, machineReadable: true, openStandard: true,
    aliases: ['csv', 'comma separated values', 'comma-separated values', 'comma separated variables', 'csv file', 'csv (utf-8)'],
    mimetypes: ['text/csv', 'text/comma-separated-values', 'application/csv', 'text/x-csv', 'application/x-csv', 'text/x-comma-separated-values'],
    extensions: ['csv'] },
  { format: 'TSV', label: 'Tab-separated values', stars: 3, machineReadable: true, openStandard: true,
    aliases: ['tsv', 'tab separated values', 'tab-separated values', 'tab delimited', 'tab-delimited'],
    mimetypes: ['text/tab-separated-values', 'text/tsv'], extensions: ['tsv'] },
  { format: 'ODS', label: 'OpenDocument Spreadsheet', stars: 3, machineReadable: true, openStandard: true,
    aliases: ['ods', 'opendocument spreadsheet', 'open document spreadsheet', 'libreoffice calc'],
    mimetypes: ['application/vnd.oasis.opendocument.spreadsheet'], extensions: ['ods'] },
  { format: 'JSON', label: 'JSON', stars: 3, machineReadable: true, openStandard: true,
    aliases: ['json', 'javascript object notation', 'json file', 'jsonl', 'ndjson', 'json lines'],
    mimetypes: ['application/json', 'text/json', 'application/x-json', 'application/x-ndjson', 'application/jsonl'],
    extensions: ['json', 'ndjson'] },
  { format: 'GeoJSON', label: 'GeoJSON', stars: 3, machineReadable: true, openStandard: true,
    aliases: ['geojson', 'geo json', 'geo+json', 'geo-json', 'geojson file'],
    mimetypes: ['application/geo+json', 'application/vnd.geo+json'], extensions: ['geojson'] },
  { format: 'XML', label: 'XML', stars: 3, machineReadable: true, openStandard: true,
    aliases: ['xml', 'xml file', 'extensible markup language'],
    mimetypes: ['application/xml', 'text/xml'], extensions: ['xml'] },
  { format: 'KML', label: 'KML', stars: 3, machineReadable: true, openStandard: true,
    aliases: ['kml', 'keyhole markup language', 'google earth kml'],
    mimetypes: ['application/vnd.google-earth.kml+xml'], extensions: ['kml'] },
  { format: 'KMZ', label: 'KMZ (zipped KML)', stars: 3, machineReadable: true, openStandard: true,
    aliases: ['kmz', 'compressed kml'],
    mimetypes: ['application/vnd.google-earth.kmz'], extensions: ['kmz'] },
  { format: 'GML', label: 'Geography Markup Language', stars: 3, machineReadable: true, openStandard: true,
    aliases: ['gml', 'geography markup language', 'gml2', 'gml3', 'gml 3.2'],
    mimetypes: ['application/gml+xml', 'application/vnd.ogc.gml'], extensions: ['gml'] },
  { format: 'GPX', label: 'GPS Exchange Format', stars: 3, machineReadable: true, openStandard: true,
    aliases: ['gpx', 'gps exchange format'],
    mimetypes: ['application/gpx+xml'], extensions: ['gpx'] },
  { format: 'GPKG', label: 'OGC GeoPackage', stars: 3, machineReadable: true, openStandard: true,
    aliases: ['gpkg', 'geopackage', 'ogc geopackage'],
    mimetypes: ['application/geopackage+sqlite3'], extensions: ['gpkg'] },
  { format: 'NetCDF', label: 'NetCDF', stars: 3, machineReadable: true, openStandard: true,
    aliases: ['netcdf', 'netcdf4', 'nc'],
    mimetypes: ['application/x-netcdf', 'application/netcdf'], extensions: ['nc'] },
  { format: 'RSS', label: 'RSS / Atom feed', stars: 3, machineReadable: true, openStandard: true,
    aliases: ['rss', 'atom', 'atom feed', 'rss feed', 'georss'],
    mimetypes: ['application/rss+xml', 'application/atom+xml'], extensions: ['rss', 'atom'] },
  // OGC services are open standards that answer in machine-readable encodings; ckanext-qa gives them 3.
  { format: 'WMS', label: 'OGC Web Map Service', stars: 3, machineReadable: true, openStandard: true,
    aliases: ['wms', 'ogc wms', 'wms service', 'ogc:wms', 'web map service', 'ogc web map service', 'wms_srvc', 'wms-srvc',
      'ogc:wms-1.1.1-http-get-map', 'ogc:wms-1.3.0-http-get-map', 'ogc:wms-1.1.1-http-get-capabilities',
      'ogc:wms-1.3.0-http-get-capabilities', 'arcgis wms', 'geoserver wms'],
    mimetypes: ['application/vnd.ogc.wms_xml'], extensions: [] },
  { format: 'WFS', label: 'OGC Web Feature Service', stars: 3, machineReadable: true, openStandard: true,
    aliases: ['wfs', 'ogc wfs', 'wfs service', 'ogc:wfs', 'web feature service', 'ogc web feature service', 'wfs_srvc', 'wfs-srvc',
      'ogc:wfs-1.0.0-http-get-capabilities', 'ogc:wfs-1.1.0-http-get-capabilities', 'ogc:wfs-2.0.0-http-get-capabilities',
      'ogc:wfs-g', 'geoserver wfs'],
    mimetypes: [], extensions: [] },
  { format: 'WMTS', label: 'OGC Web Map Tile Service', stars: 3, machineReadable: true, openStandard: true,
    aliases: ['wmts', 'ogc wmts', 'wmts service', 'ogc:wmts', 'web map tile service', 'wmts_srvc', 'wmts-srvc',
      'ogc:wmts-1.0.0-http-get-capabilities'],
    mimetypes: [], extensions: [] },
  { format: 'WCS', label: 'OGC Web Coverage Service', stars: 3, machineReadable: true, openStandard: true,
    aliases: ['wcs', 'ogc wcs', 'wcs service', 'ogc:wcs', 'web coverage service', 'wcs_srvc', 'wcs-srvc'],
    mimetypes: [], extensions: [] },

  // 2 stars: machine-readable but proprietary.
  { format: 'XLSX', label: 'Excel 2007+ workbook', stars: 2, machineReadable: true, openStandard: false,
    aliases: ['xlsx', 'xlsm', 'ms excel 2007', 'excel 2007', 'microsoft excel 2007', 'excel (xlsx)', 'ms_xlsx', 'office open xml spreadsheet'],
    mimetypes: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'application/vnd.ms-excel.sheet.macroenabled.12'],
    extensions: ['xlsx', 'xlsm'] },
  { format: 'XLS', label: 'Excel 97-2003 workbook', stars: 2, machineReadable: true, openStandard: false,
    aliases: ['xls', 'excel', 'ms excel', 'microsoft excel', 'excel 97-2003', 'excel (xls)', 'ms_xls'],
    mimetypes: ['application/vnd.ms-excel', 'application/excel', 'application/x-excel', 'application/x-msexcel', 'application/msexcel'],
    extensions: ['xls'] },
  { format: 'SHP', label: 'Esri Shapefile', stars: 2, machineReadable: true, openStandard: false,
    aliases: ['shp', 'shape', 'shapefile', 'shape file', 'shapefiles', 'esri shapefile', 'esri shape file', 'esri shape',
      'zipped shapefile', 'shapefile (zip)', 'shp (zip)', 'zip (shp)', 'shp zip'],
    mimetypes: ['application/x-shapefile', 'application/x-esri-shape', 'application/vnd.shp', 'x-gis/x-shapefile'],
    extensions: ['shp'] },
  { format: 'GeoTIFF', label: 'GeoTIFF', stars: 2, machineReadable: true, openStandard: true,
    aliases: ['geotiff', 'geo tiff', 'geotif', 'gtiff', 'cog', 'cloud optimized geotiff', 'cloud optimised geotiff'],
    mimetypes: ['image/tiff;application=geotiff', 'image/geotiff', 'image/tiff;application=geotiff;profile=cloud-optimized'],
    extensions: [] },
  // Not an open standard and the interface is bespoke, but it serves data to programs: ckanext-qa scores Esri REST 2.
  { format: 'API', label: 'Web API', stars: 2, machineReadable: true, openStandard: false,
    aliases: ['api', 'rest', 'rest api', 'restful api', 'web api', 'json api', 'api (json)', 'web service', 'webservice',
      'esri rest', 'esri rest api', 'arcgis geoservices rest api', 'arcgis rest', 'arcgis rest api', 'arcgis map service',
      'arcgis feature service', 'arcgis server', 'esri:arcgis:mapserver', 'esri:arcgis:featureserver', 'odata', 'graphql',
      'openapi', 'ckan api', 'datastore api'],
    mimetypes: [], extensions: [] },

  // 1 star: on the web under an open licence, but not machine-readable data.
  { format: 'PDF', label: 'PDF', stars: 1, machineReadable: false, openStandard: true,
    aliases: ['pdf', 'adobe pdf', 'pdf file', 'pdf/a', 'pdfa', 'pdfa1a', 'pdfa1b', 'pdfa2a', 'pdfa2b', 'pdfa3', 'pdf1x', 'pdfx', 'pdfua'],
    mimetypes: ['application/pdf', 'application/x-pdf'], extensions: ['pdf'] },
  { format: 'DOC', label: 'Word 97-2003 document', stars: 1, machineReadable: false, openStandard: false,
    aliases: ['doc', 'word', 'ms word', 'microsoft word', 'word 97-2003'],
    mimetypes: ['application/msword'], extensions: ['doc'] },
  { format: 'DOCX', label: 'Word 2007+ document', stars: 1, machineReadable: false, openStandard: false,
    aliases: ['docx', 'ms word 2007', 'word 2007', 'microsoft word 2007'],
    mimetypes: ['application/vnd.openxmlformats-officedocument.wordprocessingml.document'], extensions: ['docx'] },
  { format: 'ODT', label: 'OpenDocument Text', stars: 1, machineReadable: false, openStandard: true,
    aliases: ['odt', 'opendocument text', 'open document text'],
    mimetypes: ['application/vnd.oasis.opendocument.text'], extensions: ['odt'] },
  { format: 'PPT', label: 'PowerPoint 97-2003', stars: 1, machineReadable: false, openStandard: false,
    aliases: ['ppt', 'powerpoint', 'ms powerpoint'],
    mimetypes: ['application/vnd.ms-powerpoint'], extensions: ['ppt'] },
  { format: 'PPTX', label: 'PowerPoint 2007+', stars: 1, machineReadable: false, openStandard: false,
    aliases: ['pptx', 'powerpoint 2007'],
    mimetypes: ['application/vnd.openxmlformats-officedocument.presentationml.presentation'], extensions: ['pptx'] },
  { format: 'TXT', label: 'Plain text', stars: 1, machineReadable: false, openStandard: true,
    aliases: ['txt', 'text', 'plain text', 'text file'],
    mimetypes: ['text/plain'], extensions: ['txt'] },
  // Archives get 1 because what is inside is unknown (ckanext-qa does the same).
  { format: 'ZIP', label: 'ZIP archive', stars: 1, machineReadable: false, openStandard: true,
    aliases: ['zip', 'zip archive', 'zip file', 'zipped', 'compressed zip'],
    mimetypes: ['application/zip', 'application/x-zip-compressed', 'application/x-zip', 'multipart/x-zip'], extensions: ['zip'] },
  { format: 'GZIP', label: 'gzip archive', stars: 1, machineReadable: false, openStandard: true,
    aliases: ['gzip', 'gz', 'tgz', 'tar.gz', 'tar gz'],
    mimetypes: ['application/gzip', 'application/x-gzip', 'application/x-compressed-tar'], extensions: ['gz', 'tgz'] },
  { format: 'TAR', label: 'tar archive', stars: 1, machineReadable: false, openStandard: true,
    aliases: ['tar', 'tarball'],
    mimetypes: ['application/x-tar'], extensions: ['tar'] },
  { format: '7Z', label: '7-Zip archive', stars: 1, machineReadable: false, openStandard: false,
    aliases: ['7z', '7-zip', '7zip'],
    mimetypes: ['application/x-7z-compressed'], extensions: ['7z'] },
  { format: 'RAR', label: 'RAR archive', stars: 1, machineReadable: false, openStandard: false,
    aliases: ['rar'],
    mimetypes: ['application/x-rar-compressed', 'application/vnd.rar', 'application/x-rar'], extensions: ['rar'] },
  // Images: 1 here, not ckanext-qa's 3 (PNG/JPEG/SVG) or 2 (TIFF): a picture is not machine-readable data.
  { format: 'PNG', label: 'PNG image', stars: 1, machineReadable: false, openStandard: true,
    aliases: ['png', 'portable network graphics'],
    mimetypes: ['image/png'], extensions: ['png'] },
  { format: 'JPEG', label: 'JPEG image', stars: 1, machineReadable: false, openStandard: true,
    aliases: ['jpeg', 'jpg'],
    mimetypes: ['image/jpeg', 'image/jpg', 'image/pjpeg'], extensions: ['jpg', 'jpeg'] },
  { format: 'TIFF', label: 'TIFF image', stars: 1, machineReadable: false, openStandard: false,
    aliases: ['tiff', 'tif'],
    mimetypes: ['image/tiff'], extensions: ['tif', 'tiff'] },
  { format: 'SVG', label: 'SVG image', stars: 1, machineReadable: false, openStandard: true,
    aliases: ['svg'],
    mimetypes: ['image/svg+xml'], extensions: ['svg'] },
  { format: 'MP4', label: 'MP4 video', stars: 1, machineReadable: false, openStandard: true,
    aliases: ['mp4', 'mpeg-4', 'mpeg4'],
    mimetypes: ['video/mp4'], extensions: ['mp4'] },

  // 0 stars: a web page is most likely a link to the data, an executable is not data.
  { format: 'HTML', label: 'Web page', stars: 0, machineReadable: false, openStandard: true,
    aliases: ['html', 'htm', 'xhtml', 'web page', 'webpage', 'website', 'web site', 'homepage', 'home page', 'landing page', 'html page'],
    mimetypes: ['text/html', 'application/xhtml+xml'], extensions: ['html', 'htm', 'xhtml', 'shtml'] },
  { format: 'EXE', label: 'Executable', stars: 0, machineReadable: false, openStandard: false,
    aliases: ['exe', 'executable'],
    mimetypes: ['application/x-msdownload', 'application/x-msdos-program', 'application/vnd.microsoft.portable-executable'],
    extensions: ['exe'] },
  // Placeholders and generic types say nothing about the content; matching them means "no information", so
  // resolution carries on to the next source instead of stopping here.
  { format: 'unknown', label: 'Unknown', stars: 0, machineReadable: false, openStandard: false,
    aliases: ['unknown', 'other', 'n/a', 'na', 'none', 'null', 'data', 'file', 'link', 'url', 'download', 'various', 'bin', 'octet'],
    mimetypes: ['application/octet-stream', 'binary/octet-stream', 'application/x-download', 'application/force-download',
      'application/download', 'application/unknown'],
    extensions: [] },
]

const EU_FILE_TYPE = /^https?:\/\/publications\.europa\.eu\/resource\/authority\/file-type\//
const IANA_MEDIA_TYPE = /^https?:\/\/(?:www\.)?iana\.org\/assignments\/media-types\//

/**
 * The key a declared format or mimetype is looked up by: trimmed, lower-case, whitespace collapsed, the EU
 * file-type vocabulary prefix and IANA media-type URI prefix removed, leading dots removed, no spaces around ';'.
 */
export function normaliseFormatLabel(raw: string): string {
  let s = raw.trim().toLowerCase().replace(/\s+/g, ' ')
  if (s.startsWith('http')) s = s.replace(EU_FILE_TYPE, '').replace(IANA_MEDIA_TYPE, '')
  while (s.startsWith('.')) s = s.slice(1)
  if (s.includes(';')) s = s.replace(/ ?; ?/g, ';')
  return s.trim()
}

const BY_FORMAT = new Map<CanonicalFormat, FormatInfo>(FORMAT_TABLE.map((row) => [row.format, row]))
const UNKNOWN_ROW = BY_FORMAT.get('unknown') as FormatInfo

// Declared formats and mimetypes share one lookup: publishers type mimetypes into `format` and format names into
// `mimetype`. URL extensions get their own, so a path like /data/report.text is not read as TXT by alias.
const BY_LABEL = new Map<string, CanonicalFormat>()
const BY_EXTENSION = new Map<string, CanonicalFormat>()
for (const row of FORMAT_TABLE) {
  for (const key of [...row.aliases, ...row.mimetypes, ...row.extensions]) BY_LABEL.set(normaliseFormatLabel(key), row.format)
  for (const ext of row.extensions) BY_EXTENSION.set(ext, row.format)
}

// The same few hundred strings recur across a portal's resources; remembering their keys keeps a million lookups
// cheap. Bounded so a portal of free-text formats cannot grow it without limit.
const KEY_CACHE = new Map<string, string>()
const KEY_CACHE_MAX = 20_000

function labelKey(raw: string): string {
  let key = KEY_CACHE.get(raw)
  if (key === undefined) {
    key = normaliseFormatLabel(raw)
    if (KEY_CACHE.size >= KEY_CACHE_MAX) KEY_CACHE.clear()
    KEY_CACHE.set(raw, key)
  }
  return key
}

function formatFromLabel(raw: string): CanonicalFormat {
  const key = labelKey(raw)
  const found = BY_LABEL.get(key)
  if (found !== undefined) return found
  // Parameters such as "; charset=utf-8" only count when the full string is not itself listed (GeoTIFF's is).
  const semi = key.indexOf(';')
  return (semi >= 0 ? BY_LABEL.get(key.slice(0, semi)) : undefined) ?? 'unknown'
}

const SERVICE_PARAM = /(?:^|&)service=(wms|wfs|wmts|wcs)(?:&|$)/i
const SERVICE_BY_PARAM: Readonly<Record<string, CanonicalFormat>> = { wms: 'WMS', wfs: 'WFS', wmts: 'WMTS', wcs: 'WCS' }
// Last path segments that name an endpoint: GeoServer's /wms, ArcGIS Server's /MapServer/WMSServer.
const SERVICE_SEGMENT = new Map<string, CanonicalFormat>([
  ['wms', 'WMS'], ['wmsserver', 'WMS'], ['wfs', 'WFS'], ['wfsserver', 'WFS'], ['wmts', 'WMTS'], ['wmtsserver', 'WMTS'],
  ['wcs', 'WCS'], ['wcsserver', 'WCS'], ['sparql', 'SPARQL'],
])

const ESRI_TAIL = new Set(['mapserver', 'featureserver', 'imageserver', 'gpserver', 'query'])
const ESRI_REST = /\/(?:mapserver|featureserver|imageserver|gpserver)(?:\/\d+)?(?:\/query)?$/i

/** The format a URL reveals by a service parameter, a service endpoint path or its file extension, else 'unknown'. */
export function formatFromUrl(url: string): CanonicalFormat {
  // Index arithmetic rather than new URL(): this runs once per resource, a million times for a large portal.
  let end = url.indexOf('#')
  if (end < 0) end = url.length
  const q = url.indexOf('?')
  if (q >= 0 && q < end) {
    const service = SERVICE_PARAM.exec(url.slice(q + 1, end))
    if (service) return SERVICE_BY_PARAM[(service[1] as string).toLowerCase()] as CanonicalFormat
    end = q
  }
  while (end > 0 && (url.charCodeAt(end - 1) === 47 || url.charCodeAt(end - 1) <= 32)) end--
  const start = url.lastIndexOf('/', end - 1) + 1
  const scheme = url.indexOf('://')
  if (scheme >= 0 && start <= scheme + 3) return 'unknown' // no path: the last "segment" is the host name
  const segment = url.slice(start, end).toLowerCase()
  const service = SERVICE_SEGMENT.get(segment)
  if (service) return service
  if ((ESRI_TAIL.has(segment) || /^\d+$/.test(segment)) && ESRI_REST.test(url.slice(0, end))) return 'API'
  const dot = segment.lastIndexOf('.')
  if (dot < 0) return 'unknown'
  return BY_EXTENSION.get(segment.slice(dot + 1)) ?? 'unknown'
}

export type FormatResolution = {
  format: CanonicalFormat
  source: 'format' | 'mimetype' | 'url' | 'none'
  conflict: null | { declared: CanonicalFormat; other: CanonicalFormat; otherSource: 'mimetype' | 'url' }
  raw: { format: string | null; mimetype: string | null; url: string | null }
}

const SERVICES = new Set<CanonicalFormat>(['WMS', 'WFS', 'WMTS', 'WCS', 'API', 'SPARQL'])
const ARCHIVES = new Set<CanonicalFormat>(['ZIP', 'GZIP', 'TAR', '7Z', 'RAR'])
const pairKey = (a: CanonicalFormat, b: CanonicalFormat) => (a < b ? `${a}|${b}` : `${b}|${a}`)
/** Formats that are one another's container, subtype or sibling: never a conflict, in either direction. */
export const COMPATIBLE_PAIRS: ReadonlyArray<readonly [CanonicalFormat, CanonicalFormat]> = [
  ['JSON', 'GeoJSON'], ['JSON', 'JSON-LD'], ['XML', 'RDF'], ['XML', 'KML'], ['XML', 'GML'], ['XML', 'GPX'], ['XML', 'RSS'],
  ['ZIP', 'SHP'], ['ZIP', 'KMZ'], ['TIFF', 'GeoTIFF'], ['XLS', 'XLSX'], ['DOC', 'DOCX'], ['PPT', 'PPTX'], ['GZIP', 'TAR'],
]
const COMPATIBLE = new Set(COMPATIBLE_PAIRS.map(([a, b]) => pairKey(a, b)))

function compatible(declared: CanonicalFormat, other: CanonicalFormat, otherRaw: string, declaredRaw: string): boolean {
  if (declared === other || COMPATIBLE.has(pairKey(declared, other))) return true
  // A service answers in many encodings and is often linked through an HTML or capabilities page.
  if (SERVICES.has(declared) || SERVICES.has(other)) return true
  // Publishers declare what is inside a compressed download; text/plain is what servers send for any text.
  if (ARCHIVES.has(other) || other === 'TXT') return true
  // application/vnd.ms-excel is what Windows registers for .csv, so CKAN and uploaders attach it to CSV files.
  if ((declared === 'CSV' || declared === 'TSV') && other === 'XLS') return labelKey(otherRaw) === 'application/vnd.ms-excel'
  if (declared === 'XLS' && (other === 'CSV' || other === 'TSV')) return labelKey(declaredRaw) === 'application/vnd.ms-excel'
  return false
}

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null)

/**
 * The canonical format of a resource. Rule: the declared `format` wins when it maps to a known format; otherwise
 * the `mimetype`; otherwise the URL (a `service=` parameter, a service endpoint path, then the file extension of
 * the last path segment, query and fragment ignored, so `.csv.zip` is ZIP); otherwise 'unknown' — never a guess.
 * When the declared format is known and the mimetype (checked first) or the URL maps to a different known format
 * that is not compatible with it (see COMPATIBLE_PAIRS and compatible()), the declared format is still returned
 * and the disagreement is reported in `conflict`.
 */
export function resolveFormat(resource: { format?: string | null; mimetype?: string | null; url?: string | null }): FormatResolution {
  const raw = { format: str(resource.format), mimetype: str(resource.mimetype), url: str(resource.url) }
  const declared = raw.format ? formatFromLabel(raw.format) : 'unknown'
  const fromMime = raw.mimetype ? formatFromLabel(raw.mimetype) : 'unknown'
  if (declared !== 'unknown') {
    let conflict: FormatResolution['conflict'] = null
    if (fromMime !== 'unknown' && !compatible(declared, fromMime, raw.mimetype as string, raw.format as string)) {
      conflict = { declared, other: fromMime, otherSource: 'mimetype' }
    } else if (raw.url) {
      const fromUrl = formatFromUrl(raw.url)
      if (fromUrl !== 'unknown' && !compatible(declared, fromUrl, '', raw.format as string)) {
        conflict = { declared, other: fromUrl, otherSource: 'url' }
      }
    }
    return { format: declared, source: 'format', conflict, raw }
  }
  if (fromMime !== 'unknown') return { format: fromMime, source: 'mimetype', conflict: null, raw }
  const fromUrl = raw.url ? formatFromUrl(raw.url) : 'unknown'
  if (fromUrl !== 'unknown') return { format: fromUrl, source: 'url', conflict: null, raw }
  return { format: 'unknown', source: 'none', conflict: null, raw }
}

export function formatInfo(format: CanonicalFormat): FormatInfo {
  return BY_FORMAT.get(format) ?? UNKNOWN_ROW
}

export function opennessStars(format: CanonicalFormat): OpennessStars {
  return formatInfo(format).stars
}

export function isMachineReadable(format: CanonicalFormat): boolean {
  return formatInfo(format).machineReadable
}

export function isOpenStandard(format: CanonicalFormat): boolean {
  return formatInfo(format).openStandard
}

const CANONICAL = new Set<string>(CANONICAL_FORMATS)

/** A chosen format as its canonical name: "csv", ".csv", "text/csv" and "CSV" all filter on CSV; null when unknown. */
export function canonicalFormatOf(value: string): CanonicalFormat | null {
  if (CANONICAL.has(value)) return value as CanonicalFormat
  const resolved = resolveFormat({ format: value }).format
  return resolved === 'unknown' ? null : resolved
}
