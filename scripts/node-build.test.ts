import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { takeLock } from './node-build.ts'

const dir = mkdtempSync(path.join(tmpdir(), 'portalscope-lock-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('the build lock', () => {
  it('makes a second taker wait until the first lets go', async () => {
    const file = path.join(dir, 'a.lock')
    const releaseFirst = await takeLock(file, () => undefined)
    expect(readFileSync(file, 'utf8')).toBe(String(process.pid))
    const order: string[] = []
    let waited!: () => void
    const waiting = new Promise<void>((resolve) => (waited = resolve))
    const second = takeLock(file, () => {
      order.push('second waits')
      waited()
    }).then((release) => {
      order.push('second holds')
      return release
    })
    await waiting
    order.push('first lets go')
    releaseFirst()
    ;(await second)()
    expect(order).toEqual(['second waits', 'first lets go', 'second holds'])
    expect(existsSync(file)).toBe(false)
  })

  it('takes over a lock whose process is gone', async () => {
    const file = path.join(dir, 'b.lock')
    // A process that ended: its pid is no longer alive.
    const child = spawn(process.execPath, ['-e', ''])
    const pid = child.pid!
    await new Promise((resolve) => child.on('exit', resolve))
    writeFileSync(file, String(pid))
    let waited = false
    const release = await takeLock(file, () => (waited = true))
    expect(waited).toBe(false)
    expect(readFileSync(file, 'utf8')).toBe(String(process.pid))
    release()
  })
})
