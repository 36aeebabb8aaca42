import { describe, expect, it } from 'vitest'
import { classIndex, framedCountries, metricClasses, metricValue, rankRegions, regionsHref, parseRegionQuery } from './region-metrics.ts'

const region = (name: string, datasets: number, averageScore: number | null = null, machineReadableShare: number | null = null) => ({ name, datasets, averageScore, machineReadableShare })

describe('the regional analysis query', () => {
  it('reads the switches from the URL and falls back to the kraje by datasets, most first', () => {
    expect(parseRegionQuery({})).toEqual({ level: 'cz-kraj', metric: 'datasets', dir: 'desc' })
    expect(parseRegionQuery({ level: 'country', metric: 'quality', dir: 'asc' })).toEqual({ level: 'country', metric: 'quality', dir: 'asc' })
    expect(parseRegionQuery({ level: 'moon', metric: 'size', dir: 'up' })).toEqual({ level: 'cz-kraj', metric: 'datasets', dir: 'desc' })
  })

  it('writes only what differs from the defaults', () => {
    expect(regionsHref({ level: 'cz-kraj', metric: 'datasets', dir: 'desc' })).toBe('/regional-analysis')
    expect(regionsHref({ level: 'country', metric: 'machineReadable', dir: 'asc' })).toBe('/regional-analysis?level=country&metric=machineReadable&dir=asc')
  })
})

describe('metric classes', () => {
  it('gives a region without datasets no quality and no share, but zero datasets', () => {
    expect(metricValue(region('A', 0, null, null), 'datasets')).toBe(0)
    expect(metricValue(region('A', 0, 200, 0.5), 'quality')).toBeNull()
    expect(metricValue(region('A', 3, 200, 0.5), 'machineReadable')).toBe(0.5)
  })

  it('colours datasets in round steps, quality by MQA band and the share by fifths', () => {
    const datasets = metricClasses('datasets', [0, 120, 480])
    expect(datasets[0]).toEqual({ min: 1, max: 100 })
    expect(classIndex('datasets', 0, datasets)).toBe(-1)
    expect(classIndex('datasets', 480, datasets)).toBe(datasets.length - 1)
    const quality = metricClasses('quality', [])
    expect(quality.map((item) => item.band)).toEqual(['bad', 'sufficient', 'good', 'excellent'])
    expect(classIndex('quality', 120, quality)).toBe(0)
    expect(classIndex('quality', 121, quality)).toBe(1)
    expect(classIndex('quality', 405, quality)).toBe(3)
    const share = metricClasses('machineReadable', [])
    expect(share).toHaveLength(5)
    expect(classIndex('machineReadable', 0, share)).toBe(0)
    expect(classIndex('machineReadable', 0.41, share)).toBe(2)
    expect(classIndex('machineReadable', 1, share)).toBe(4)
    expect(classIndex('machineReadable', null, share)).toBe(-1)
  })
})

describe('rankRegions', () => {
  const regions = [region('Brno', 10, 200, 0.5), region('Plzeň', 30, 150, 0.9), region('Zlín', 0), region('Praha', 20, 200, 0.1)]

  it('ranks by the metric, ties share a rank, regions without a value come last unranked', () => {
    const byQuality = rankRegions(regions, 'quality', 'desc')
    expect(byQuality.map((item) => [item.name, item.rank])).toEqual([
      ['Praha', 1],
      ['Brno', 1],
      ['Plzeň', 3],
      ['Zlín', null],
    ])
    expect(rankRegions(regions, 'machineReadable', 'asc').map((item) => item.name)).toEqual(['Praha', 'Brno', 'Plzeň', 'Zlín'])
    expect(rankRegions(regions, 'datasets', 'desc').map((item) => [item.name, item.rank])).toEqual([
      ['Plzeň', 1],
      ['Praha', 2],
      ['Brno', 3],
      ['Zlín', 4],
    ])
  })
})

describe('framedCountries', () => {
  it('frames the countries that hold most of the datasets, not a stray one far away', () => {
    const regions = [
      { id: 'RU', datasets: 2 },
      { id: 'CZ', datasets: 10_000 },
      { id: 'DE', datasets: 400 },
      { id: 'PL', datasets: 300 },
      { id: 'SK', datasets: 250 },
      { id: 'LU', datasets: 2 },
      { id: 'FR', datasets: 0 },
    ]
    expect(framedCountries(regions)).toEqual(['CZ', 'DE', 'PL', 'SK'])
    expect(framedCountries([{ id: 'RU', datasets: 1 }])).toEqual(['RU'])
    expect(framedCountries([])).toEqual([])
  })
})
