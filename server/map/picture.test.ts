import { describe, expect, it } from 'vitest'
import { MAP_PICTURE_SIZE } from '../../lib/domain/map-picture.ts'
import { clipPathData, mapPictureBasemap } from './picture.server.ts'

const box = { left: 0, top: 0, right: 100, bottom: 100 }

describe('clipPathData', () => {
  it('keeps a ring inside the box as it is and drops one wholly outside', () => {
    expect(clipPathData('M10 10L20 10L20 20ZM200 200L300 200L300 300Z', box)).toBe('M10 10L20 10L20 20Z')
  })

  it('cuts a ring that crosses the box along its edges', () => {
    expect(clipPathData('M50 50L150 50L150 80L50 80Z', box)).toBe('M50 50L100 50L100 80L50 80Z')
    expect(clipPathData('M-50 -50L150 -50L150 150L-50 150Z', box)).toBe('M0 100L0 0L100 0L100 100Z')
  })
})

describe('mapPictureBasemap', () => {
  it('draws no land further than a few pixels beyond the picture', () => {
    const { abroad, home } = mapPictureBasemap()
    const coordinates = `${abroad}${home}`.split(/[MLZ ]/).filter(Boolean).map(Number)
    const xs = coordinates.filter((_, i) => i % 2 === 0)
    const ys = coordinates.filter((_, i) => i % 2 === 1)
    expect(Math.min(...xs)).toBeGreaterThanOrEqual(-8)
    expect(Math.max(...xs)).toBeLessThanOrEqual(MAP_PICTURE_SIZE.width + 8)
    expect(Math.min(...ys)).toBeGreaterThanOrEqual(-8)
    expect(Math.max(...ys)).toBeLessThanOrEqual(MAP_PICTURE_SIZE.height + 8)
    expect(home.length).toBeGreaterThan(100)
  })
})
