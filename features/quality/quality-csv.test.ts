import { describe, expect, it } from 'vitest'
import { portalsCsv, publishersCsv } from './quality-csv.ts'

// Splits CSV into records, keeping line breaks inside quoted fields (enough for these tests).
function records(csv: string): string[][] {
  const out: string[][] = []
  let field = ''
  let record: string[] = []
  let quoted = false
  const endField = () => {
    record.push(field)
    field = ''
  }
  for (let i = 0; i < csv.length; i++) {
    const char = csv[i]!
    if (quoted) {
      if (char === '"' && csv[i + 1] === '"') {
        field += '"'
        i++
      } else if (char === '"') quoted = false
      else field += char
    } else if (char === '"') quoted = true
    else if (char === ',') endField()
    else if (char === '\r' && csv[i + 1] === '\n') {
      endField()
      out.push(record)
      record = []
      i++
    } else field += char
  }
  return out
}

describe('portalsCsv', () => {
  it('writes one record per portal under a header, raw values only', () => {
    const csv = portalsCsv([
      { instanceId: 'demo-kraje', name: 'Demo: Krajské portály, s.r.o.', isDemo: true, datasets: 5000, averageScore: 275, band: 'good', asOf: new Date('2026-01-01T00:00:00Z') },
      { instanceId: 'empty', name: 'Empty', isDemo: false, datasets: 0, averageScore: null, band: null, asOf: new Date('2026-01-02T00:00:00Z') },
    ])
    expect(records(csv)).toEqual([
      ['portal_id', 'portal', 'demo', 'datasets', 'average_mqa_score', 'band', 'as_of'],
      ['demo-kraje', 'Demo: Krajské portály, s.r.o.', 'true', '5000', '275', 'good', '2026-01-01T00:00:00.000Z'],
      ['empty', 'Empty', 'false', '0', '', '', '2026-01-02T00:00:00.000Z'],
    ])
  })
})

describe('publishersCsv', () => {
  it('lists the portal ids of a merged publisher in one field', () => {
    const csv = publishersCsv([{ id: 'cz-most', title: 'Statutární město "Most"', portals: [{ instanceId: 'a' }, { instanceId: 'b' }], datasets: 23, averageScore: 290, band: 'good' }])
    expect(records(csv)).toEqual([
      ['publisher_id', 'publisher', 'portal_ids', 'datasets', 'average_mqa_score', 'band'],
      ['cz-most', 'Statutární město "Most"', 'a b', '23', '290', 'good'],
    ])
  })
})
