import { CkanError } from './errors.server.ts'

// Politeness towards other people's servers: at most two requests in flight per portal (or per server address, for
// resource checks), a pause between request starts, and a circuit breaker that stops calling it for a while after
// repeated failures.
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

  /**
   * Runs `task` when the portal may be called; the circuit breaker refuses at once while open. `signal` gives up the
   * wait (a cancelled check leaves its turn to others); a task it aborted is no failure of the server's.
   */
  async run<T>(task: () => Promise<T>, isFailure: (error: unknown) => boolean, signal?: AbortSignal): Promise<T> {
    this.checkCircuit()
    try {
      await this.acquire(signal)
    } catch (error) {
      this.probing = false
      throw error
    }
    try {
      const result = await task()
      this.consecutiveFailures = 0
      this.openUntil = 0
      return result
    } catch (error) {
      if (isFailure(error) && !signal?.aborted) {
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

  private async acquire(signal?: AbortSignal): Promise<void> {
    signal?.throwIfAborted()
    if (this.inFlight >= this.options.maxInFlight) {
      await new Promise<void>((resolve, reject) => {
        const onAbort = () => {
          this.queue.splice(this.queue.indexOf(waiter), 1)
          reject(signal!.reason)
        }
        const waiter = () => {
          signal?.removeEventListener('abort', onAbort)
          resolve()
        }
        this.queue.push(waiter)
        signal?.addEventListener('abort', onAbort, { once: true })
      })
    }
    this.inFlight++
    const wait = this.lastStart + this.options.politenessDelayMs - this.now()
    this.lastStart = Math.max(this.now(), this.lastStart + this.options.politenessDelayMs)
    if (wait <= 0) return
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer)
        signal?.removeEventListener('abort', done)
        resolve()
      }
      const timer = setTimeout(done, wait)
      signal?.addEventListener('abort', done, { once: true })
    })
    if (signal?.aborted) {
      this.release()
      signal.throwIfAborted()
    }
  }

  private release(): void {
    this.inFlight--
    this.queue.shift()?.()
  }
}

const gates = new Map<string, PortalGate>()
/** Bounded: past this many portals and addresses, the oldest gate is forgotten. */
const MAX_GATES = 10_000

/**
 * One gate per portal (its Action API base: harvests, live searches, health checks) or per server address (resource
 * checks, server/outbound/resource-probe.server.ts), shared by every caller in this process.
 */
export function gateFor(key: string, options?: Partial<GateOptions>): PortalGate {
  const name = key.replace(/\/+$/, '')
  let gate = gates.get(name)
  if (!gate) {
    if (gates.size >= MAX_GATES) gates.delete(gates.keys().next().value as string)
    gate = new PortalGate(name, { ...DEFAULT_GATE_OPTIONS, ...options })
    gates.set(name, gate)
  }
  return gate
}

export function resetGates(): void {
  gates.clear()
}
