// The canonical formats' codes, apart from the format table (./formats.ts), so that a page which only names formats
// (the explorer's facets) does not ship the table (decision 021).

export const CANONICAL_FORMATS = [
  'CSV', 'TSV', 'XLSX', 'XLS', 'ODS', 'JSON', 'GeoJSON', 'JSON-LD', 'XML', 'RDF', 'TTL', 'N3', 'NT', 'KML', 'KMZ', 'GML',
  'GPX', 'GPKG', 'NetCDF', 'SHP', 'WMS', 'WFS', 'WMTS', 'WCS', 'API', 'SPARQL', 'RSS', 'HTML', 'PDF', 'DOC', 'DOCX', 'ODT',
  'PPT', 'PPTX', 'TXT', 'ZIP', 'GZIP', 'TAR', '7Z', 'RAR', 'PNG', 'JPEG', 'TIFF', 'GeoTIFF', 'SVG', 'MP4', 'EXE', 'unknown',
] as const

export type CanonicalFormat = (typeof CANONICAL_FORMATS)[number]
