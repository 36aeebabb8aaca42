import { describe, expect, it } from 'vitest'
import { bboxRect, czFrame, krajPaths } from './svg-outline.server.ts'

describe('SVG outline of the kraje', () => {
  const frame = czFrame(400)

  it('is wider than tall, as Czechia is, and holds all fourteen kraje', () => {
    expect(frame.height).toBeGreaterThan(150)
    expect(frame.height).toBeLessThan(300)
    const paths = krajPaths(frame)
    expect(paths.map((path) => path.id)).toHaveLength(14)
    for (const path of paths) expect(path.d).toMatch(/^M[\d.]+ [\d.]+L/)
  })

  it('puts Prague left of Brno and Ostrava at the right edge', () => {
    const [praha] = frame.project(14.42, 50.08)
    const [brno] = frame.project(16.61, 49.19)
    const [ostrava] = frame.project(18.29, 49.83)
    expect(praha).toBeLessThan(brno)
    expect(ostrava).toBeGreaterThan(frame.width * 0.85)
  })

  it('clips an extent larger than Czechia to the frame', () => {
    expect(bboxRect(frame, [-10, 35, 40, 70])).toEqual({ x: 0, y: 0, width: 400, height: frame.height })
    const prague = bboxRect(frame, [14.2, 49.9, 14.7, 50.2])
    expect(prague.width).toBeGreaterThan(10)
    expect(prague.x).toBeGreaterThan(100)
  })
})
