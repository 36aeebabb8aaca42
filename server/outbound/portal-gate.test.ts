import { describe, expect, it } from 'vitest'
import { CkanError } from './errors.server.ts'
import { PortalGate } from './portal-gate.server.ts'

const failure = () => true

describe('PortalGate', () => {
  it('keeps at most two requests in flight and spaces their starts', async () => {
    const gate = new PortalGate('test', { maxInFlight: 2, politenessDelayMs: 20, failureThreshold: 5, openMs: 1000 })
    let inFlight = 0
    let peak = 0
    const starts: number[] = []
    const task = async () => {
      starts.push(Date.now())
      inFlight++
      peak = Math.max(peak, inFlight)
      await new Promise((resolve) => setTimeout(resolve, 30))
      inFlight--
    }
    await Promise.all(Array.from({ length: 6 }, () => gate.run(task, failure)))
    expect(peak).toBe(2)
    const gaps = starts.slice(1).map((start, i) => start - starts[i]!)
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(15)
  })

  it('opens after repeated failures, refuses at once, then lets one probe through', async () => {
    let now = 0
    const gate = new PortalGate('test', { maxInFlight: 2, politenessDelayMs: 0, failureThreshold: 3, openMs: 1000 }, () => now)
    const boom = () => Promise.reject(new CkanError('timeout', 'slow'))
    for (let i = 0; i < 3; i++) await expect(gate.run(boom, failure)).rejects.toMatchObject({ kind: 'timeout' })
    expect(gate.state).toBe('open')
    await expect(gate.run(async () => 'never', failure)).rejects.toMatchObject({ kind: 'circuit-open' })
    now = 1001
    expect(gate.state).toBe('half-open')
    expect(await gate.run(async () => 'back', failure)).toBe('back')
    expect(gate.state).toBe('closed')
  })

  it('does not count refusals that say nothing about the portal’s health', async () => {
    const gate = new PortalGate('test', { maxInFlight: 2, politenessDelayMs: 0, failureThreshold: 2, openMs: 1000 })
    const notFound = () => Promise.reject(new CkanError('ckan-error', 'Not found'))
    for (let i = 0; i < 5; i++) await expect(gate.run(notFound, () => false)).rejects.toBeTruthy()
    expect(gate.state).toBe('closed')
  })
})
