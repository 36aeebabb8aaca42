import { CkanError } from './errors.server.ts'

// Politeness towards other people's servers: at most two requests in flight per portal, a pause between request
// starts, and a circuit breaker that stops calling a portal for a while after repeated failures.
export type GateOptions = {
  maxInFlight: number
  politenessDelayMs: number
  failureThreshold: number
  openMs: number
}

export const DEFAULT_GATE_OPTIONS: GateOptions = { maxInFlight: 2, politenessDelayMs: 100, failureThreshold: 5, openMs: 60_000 }

type Waiter = () => void

export class PortalGate {
  private inFlight = 0
  private queue: Waiter[] = []
  private lastStart = 0
  private consecutiveFailures = 0
  private openUntil = 0
  private probing = false

  readonly key: string
  private readonly options: GateOptions
  private readonly now: () => number

  constructor(key: string, options: GateOptions = DEFAULT_GATE_OPTIONS, now: () => number = Date.now) {
    this.key = key
    this.options = options
    this.now = now
  }

  /** Runs `task` when the portal may be called; the circuit breaker refuses at once while open. */
  async run<T>(task: () => Promise<T>, isFailure: (error: unknown) => boolean): Promise<T> {
    this.checkCircuit()
    await this.acquire()
    try {
      const result = await task()
      this.consecutiveFailures = 0
      this.openUntil = 0
      return result
    } catch (error) {
      if (isFailure(error)) {
        this.consecutiveFailures++
        if (this.consecutiveFailures >= this.options.failureThreshold) this.openUntil = this.now() + this.options.openMs
      }
      throw error
    } finally {
      this.probing = false
      this.release()
    }
  }

  get state(): 'closed' | 'open' | 'half-open' {
    if (this.openUntil === 0) return 'closed'
    return this.now() < this.openUntil ? 'open' : 'half-open'
  }

  private checkCircuit(): void {
    const state = this.state
    if (state === 'open') {
      throw new CkanError('circuit-open', `Calls to ${this.key} are paused after ${this.consecutiveFailures} failures in a row`)
    }
    if (state === 'half-open') {
      // One probe at a time decides whether the portal is back.
      if (this.probing) throw new CkanError('circuit-open', `Calls to ${this.key} are paused while a probe runs`)
      this.probing = true
    }
  }

  private async acquire(): Promise<void> {
    if (this.inFlight >= this.options.maxInFlight) {
      await new Promise<void>((resolve) => this.queue.push(resolve))
    }
    this.inFlight++
    const wait = this.lastStart + this.options.politenessDelayMs - this.now()
    this.lastStart = Math.max(this.now(), this.lastStart + this.options.politenessDelayMs)
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
  }

  private release(): void {
    this.inFlight--
    this.queue.shift()?.()
  }
}

const gates = new Map<string, PortalGate>()

/** One gate per portal (its Action API base), shared by every caller in this process (harvests, live searches, health checks). */
export function gateFor(apiBase: string, options?: Partial<GateOptions>): PortalGate {
  const key = apiBase.replace(/\/+$/, '')
  let gate = gates.get(key)
  if (!gate) {
    gate = new PortalGate(key, { ...DEFAULT_GATE_OPTIONS, ...options })
    gates.set(key, gate)
  }
  return gate
}

export function resetGates(): void {
  gates.clear()
}
