import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { finishProgress, getProgress, PROGRESS_TIMING, startProgress } from './progress-store.ts'
import { isChunkLoadError, reloadOnceForNewBuild } from './reload-guard.ts'
import { UPDATE_CHECK_INTERVAL_MS, watchForNewBuild } from './update-check.ts'
import { fetchServerBuild } from '../../lib/server-build.ts'

function memoryStorage() {
  const values = new Map<string, string>()
  return { getItem: (key: string) => values.get(key) ?? null, setItem: (key: string, value: string) => void values.set(key, value) }
}

describe('reload guard', () => {
  const reload = vi.fn()
  beforeEach(() => {
    reload.mockReset()
    vi.stubGlobal('window', { location: { reload } })
  })
  afterEach(() => vi.unstubAllGlobals())

  const answers = async () => true
  it('reloads once, then not again within 10 seconds', async () => {
    const storage = memoryStorage()
    expect(await reloadOnceForNewBuild(1_000_000, storage, answers)).toBe(true)
    expect(await reloadOnceForNewBuild(1_009_000, storage, answers)).toBe(false)
    expect(reload).toHaveBeenCalledTimes(1)
    expect(await reloadOnceForNewBuild(1_010_001, storage, answers)).toBe(true)
    expect(reload).toHaveBeenCalledTimes(2)
  })

  it('does not reload when the server cannot be reached (the page would become the browser’s error page)', async () => {
    const storage = memoryStorage()
    expect(await reloadOnceForNewBuild(1_000_000, storage, async () => false)).toBe(false)
    expect(reload).not.toHaveBeenCalled()
    // Once it answers again, a failed load reloads as before.
    expect(await reloadOnceForNewBuild(1_000_500, storage, answers)).toBe(true)
    expect(reload).toHaveBeenCalledTimes(1)
  })

  it('recognises failed page-code loads in the major browsers', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(true)
    expect(isChunkLoadError(new Error('error loading dynamically imported module'))).toBe(true)
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true)
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false)
  })
})

describe('update check', () => {
  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllGlobals()
  })

  it('reads the build marker from the health procedure', async () => {
    const ok = (async () => new Response(JSON.stringify({ result: { data: { json: { build: 'b-2' } } } }))) as unknown as typeof fetch
    expect(await fetchServerBuild(ok)).toBe('b-2')
    const down = (async () => {
      throw new TypeError('offline')
    }) as unknown as typeof fetch
    expect(await fetchServerBuild(down)).toBeNull()
    expect(await fetchServerBuild((async () => new Response('nope', { status: 502 })) as unknown as typeof fetch)).toBeNull()
  })

  it('checks hourly and offers the reload once when the build changed', async () => {
    vi.useFakeTimers()
    let build = 'b-1'
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ result: { data: { json: { build } } } })))
    const onNewBuild = vi.fn()
    const stop = watchForNewBuild('b-1', onNewBuild)
    await vi.advanceTimersByTimeAsync(UPDATE_CHECK_INTERVAL_MS)
    expect(onNewBuild).not.toHaveBeenCalled()
    build = 'b-2'
    await vi.advanceTimersByTimeAsync(UPDATE_CHECK_INTERVAL_MS - 1)
    expect(onNewBuild).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    expect(onNewBuild).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(UPDATE_CHECK_INTERVAL_MS * 3)
    expect(onNewBuild).toHaveBeenCalledTimes(1)
    stop()
  })
})

describe('loading bar timing', () => {
  afterEach(() => vi.useRealTimers())

  it('stays hidden for fast navigations and runs through its phases for slow ones', () => {
    vi.useFakeTimers()
    startProgress()
    vi.advanceTimersByTime(PROGRESS_TIMING.throttleMs - 1)
    finishProgress()
    expect(getProgress().phase).toBe('idle')

    startProgress()
    vi.advanceTimersByTime(PROGRESS_TIMING.throttleMs)
    expect(getProgress().phase).toBe('running')
    finishProgress()
    expect(getProgress().phase).toBe('done')
    vi.advanceTimersByTime(PROGRESS_TIMING.hideDelayMs)
    expect(getProgress().phase).toBe('fading')
    vi.advanceTimersByTime(PROGRESS_TIMING.resetDelayMs)
    expect(getProgress().phase).toBe('idle')
    expect(PROGRESS_TIMING).toEqual({ throttleMs: 200, durationMs: 2000, hideDelayMs: 500, resetDelayMs: 400, heightPx: 3 })
  })
})
