import { describe, expect, it } from 'vitest'
import { HEALTH_STATUSES, HEALTH_TONE, healthCounts, healthSeverity, isHealthStatus, problemPortals } from './health.ts'

const portal = (id: string, status: (typeof HEALTH_STATUSES)[number]) => ({ id, health: { status } })

describe('portal health', () => {
  it('counts every class, with zero for classes nobody is in', () => {
    const counts = healthCounts([portal('a', 'up'), portal('b', 'down'), portal('c', 'up'), portal('d', 'demo')])
    expect(counts).toEqual({ up: 2, slow: 0, down: 1, unknown: 0, demo: 1 })
  })

  it('lists down portals before slow ones and leaves healthy ones out', () => {
    const list = [portal('a', 'slow'), portal('b', 'up'), portal('c', 'down'), portal('d', 'unknown'), portal('e', 'down')]
    expect(problemPortals(list).map((p) => p.id)).toEqual(['c', 'e', 'a'])
  })

  it('orders by severity: down, slow, not checked, up, demo', () => {
    const sorted = [...HEALTH_STATUSES].sort((a, b) => healthSeverity(a) - healthSeverity(b))
    expect(sorted).toEqual(['down', 'slow', 'unknown', 'up', 'demo'])
  })

  it('gives down an error tone and up a success tone', () => {
    expect(HEALTH_TONE.down).toBe('error')
    expect(HEALTH_TONE.up).toBe('success')
    expect(HEALTH_TONE.slow).toBe('warning')
  })

  it('recognises only the known classes', () => {
    expect(isHealthStatus('down')).toBe(true)
    expect(isHealthStatus('offline')).toBe(false)
    expect(isHealthStatus(undefined)).toBe(false)
  })
})
