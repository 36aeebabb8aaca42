// State of the top loading bar, driven by Vike's page-transition hooks (pages/+onPageTransitionStart.ts, ...End.ts).
// Timings from the spec: show only after 200 ms, creep over 2 s, stay 500 ms at full, then reset after 400 ms.
export const PROGRESS_TIMING = { throttleMs: 200, durationMs: 2000, hideDelayMs: 500, resetDelayMs: 400, heightPx: 3 }

export type ProgressState = { phase: 'idle' | 'running' | 'done' | 'fading'; startedAt: number }

let state: ProgressState = { phase: 'idle', startedAt: 0 }
const listeners = new Set<() => void>()
let timers: ReturnType<typeof setTimeout>[] = []

function set(next: ProgressState) {
  state = next
  for (const listener of listeners) listener()
}

function clearTimers() {
  for (const timer of timers) clearTimeout(timer)
  timers = []
}

export function startProgress(): void {
  clearTimers()
  // Fast navigations never show the bar.
  timers.push(setTimeout(() => set({ phase: 'running', startedAt: Date.now() }), PROGRESS_TIMING.throttleMs))
}

export function finishProgress(): void {
  clearTimers()
  if (state.phase === 'idle') return
  set({ ...state, phase: 'done' })
  timers.push(
    setTimeout(() => {
      set({ ...state, phase: 'fading' })
      timers.push(setTimeout(() => set({ phase: 'idle', startedAt: 0 }), PROGRESS_TIMING.resetDelayMs))
    }, PROGRESS_TIMING.hideDelayMs),
  )
}

export function getProgress(): ProgressState {
  return state
}

export function subscribeProgress(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
