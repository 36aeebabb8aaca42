import { describe, expect, it } from 'vitest'
import { extentOf, geometryExtent } from './extent.server.ts'
import { PackageSchema } from './schemas.server.ts'

const pkg = (fields: Record<string, unknown>) => PackageSchema.parse({ id: 'a', name: 'a', ...fields })
const extra = (key: string, value: string) => ({ extras: [{ key, value }] })

describe('dataset extents', () => {
  it('reads a Polygon from the ckanext-spatial extra, compact or with Python spacing', () => {
    const compact = extentOf(pkg(extra('spatial', '{"type":"Polygon","coordinates":[[[14.2,49.9],[14.7,49.9],[14.7,50.2],[14.2,50.2],[14.2,49.9]]]}')))
    expect(compact).toMatchObject({ source: 'spatial-extra', bbox: [14.2, 49.9, 14.7, 50.2], geometry: { type: 'Polygon' } })
    const spaced = extentOf(pkg(extra('spatial', '{"type": "Polygon", "coordinates": [[[14.2, 49.9], [14.7, 49.9], [14.7, 50.2], [14.2, 49.9]]]}')))
    expect(spaced?.bbox).toEqual([14.2, 49.9, 14.7, 50.2])
  })

  it('reads MultiPolygons, Points and Features', () => {
    const multi = geometryExtent({ type: 'MultiPolygon', coordinates: [[[[12, 48], [13, 48], [13, 49], [12, 48]]], [[[17, 49], [18.9, 49], [18.9, 50.1], [17, 49]]]] })
    expect(multi?.bbox).toEqual([12, 48, 18.9, 50.1])
    expect(geometryExtent('{"type":"Point","coordinates":[16.61,49.19]}')?.bbox).toEqual([16.61, 49.19, 16.61, 49.19])
    expect(geometryExtent({ type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: [18.29, 49.83] } })?.geometry.type).toBe('Point')
  })

  it('reads the four bbox extras, with decimal commas, as a Polygon', () => {
    const extent = extentOf(
      pkg({
        extras: [
          { key: 'bbox-east-long', value: '18,86' },
          { key: 'bbox-north-lat', value: '51.06' },
          { key: 'bbox-south-lat', value: '48.55' },
          { key: 'bbox-west-long', value: '12.09' },
        ],
      }),
    )
    expect(extent).toMatchObject({ source: 'bbox-extras', bbox: [12.09, 48.55, 18.86, 51.06], geometry: { type: 'Polygon' } })
  })

  it('reads a top-level spatial field (EnviDat style) when the extras say nothing', () => {
    expect(extentOf(pkg({ spatial: '{"type":"Point","coordinates":[8.54,47.37]}' }))).toMatchObject({ source: 'spatial-field', bbox: [8.54, 47.37, 8.54, 47.37] })
  })

  it.each([
    ['truncated JSON', '{"type":"Polygon","coordinates":[[[14.2,49.9],[14.7'],
    ['no coordinates', '{"type":"Polygon"}'],
    ['S-JTSK metres, not degrees', '{"type":"Point","coordinates":[-743000,-1043000]}'],
    ['an unknown type', '{"type":"Circle","coordinates":[14,50]}'],
    ['plain words', 'Česká republika'],
  ])('says "no extent" for %s, never guessing', (_label, value) => {
    expect(extentOf(pkg(extra('spatial', value)))).toBeNull()
  })

  it('says "no extent" for an inverted or incomplete bbox', () => {
    expect(extentOf(pkg({ extras: [{ key: 'bbox-west-long', value: '18' }, { key: 'bbox-east-long', value: '12' }, { key: 'bbox-south-lat', value: '48' }, { key: 'bbox-north-lat', value: '51' }] }))).toBeNull()
    expect(extentOf(pkg({ extras: [{ key: 'bbox-west-long', value: '12' }] }))).toBeNull()
  })
})
