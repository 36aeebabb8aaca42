import { describe, expect, it } from 'vitest'
import { MAP_BANDS, MAP_FAMILIES, MAP_INITIAL_VIEW } from '../../lib/domain/map.ts'
import { encodeClusterTile } from '../../lib/domain/map-tile.ts'
import { mapPictureMarkup } from './picture-markup.ts'

const counts = (size: number, at: number, value: number) => Array.from({ length: size }, (_, i) => (i === at ? value : 0))
const cluster = (lon: number, lat: number, count: number) => ({
  lon,
  lat,
  count,
  datasetKey: count === 1 ? 7 : 0,
  familyCounts: counts(MAP_FAMILIES.length, 0, count),
  bandCounts: counts(MAP_BANDS.length, 0, count),
  expansionZoom: 8,
})
const embedded = (clusters: Array<ReturnType<typeof cluster>>) => ({ data: Buffer.from(encodeClusterTile(clusters)).toString('base64') })
const basemap = { abroad: 'M0 0L10 0L10 10Z', home: 'M1 1L2 1L2 2Z', regions: 'M3 3L4 3L4 4Z', regionLine: 0.9, countryLine: 1.1 }

describe('mapPictureMarkup', () => {
  it('draws the basemap and one circle per cluster in the picture, labelled with its count in the language', () => {
    const { longitude, latitude } = MAP_INITIAL_VIEW
    const markup = mapPictureMarkup(basemap, [embedded([cluster(longitude, latitude, 1234), cluster(longitude + 1, latitude, 1)])], ',')
    expect(markup).toContain('<path d="M0 0L10 0L10 10Z" class="map-picture-land"/>')
    expect(markup).toContain('<path d="M0 0L10 0L10 10ZM1 1L2 1L2 2Z" class="map-picture-countries"')
    expect(markup.match(/<circle /g)).toHaveLength(2)
    // The centre of the opening view is the centre of the picture; a lone dataset has no label.
    expect(markup).toMatch(/<circle cx="1280" cy="720" r="[\d.]+" class="map-picture-s0"\/>/)
    expect(markup.match(/<text /g)).toHaveLength(1)
    expect(markup).toContain('>1,2k</text>')
  })

  it('is the same markup for both themes: the colours come from its style sheet', () => {
    const markup = mapPictureMarkup(basemap, [], '.')
    expect(markup).toMatch(/\.map-picture-water\{fill:rgb\(214 228 240\)\}/)
    expect(markup).toMatch(/:root\.dark \.map-picture-water, :root\[data-theme=dark\] \.map-picture-water\{fill:rgb\(14 22 32\)\}/)
  })

  it('leaves out a tile it cannot read and clusters outside the picture', () => {
    const markup = mapPictureMarkup(basemap, [{ data: 'not a tile' }, embedded([cluster(-120, 40, 5)])], '.')
    expect(markup).not.toContain('<circle')
  })
})
