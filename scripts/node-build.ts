// The Node server's build, made when the sources are newer than the last one: for `npm start` and for `npm test`.
// One build at a time per checkout: a second start waits for the first one's build instead of building into the same
// folder while the first one serves it (its pages' scripts answered 404 until a restart).
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'

const ROOT = path.resolve(import.meta.dirname, '..')
export const SERVER_ENTRY = path.join(ROOT, 'dist/node/server/index.mjs')
const BUILD_STAMP = path.join(ROOT, 'dist/node/.build-stamp')
const LOCK = path.join(ROOT, 'dist/node-build.lock')
const SOURCES = ['pages', 'server', 'db', 'lib', 'renderer', 'features', 'components', 'locales', 'theme', 'public', 'vite.config.ts', 'panda.config.ts', 'postcss.config.cjs', 'package.json']

function newestMtime(entry: string): number {
  const full = path.join(ROOT, entry)
  if (!existsSync(full)) return 0
  const stat = statSync(full)
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = stat.mtimeMs
  for (const child of readdirSync(full)) newest = Math.max(newest, newestMtime(path.join(entry, child)))
  return newest
}

function needsBuild(): boolean {
  if (!existsSync(SERVER_ENTRY) || !existsSync(BUILD_STAMP)) return true
  const built = statSync(BUILD_STAMP).mtimeMs
  return SOURCES.some((entry) => newestMtime(entry) > built)
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** Takes a lock (a file created exclusively, holding our pid); waits while a live process holds it. */
export async function takeLock(file: string, onWait: () => void): Promise<() => void> {
  mkdirSync(path.dirname(file), { recursive: true })
  let told = false
  for (;;) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' })
      return () => rmSync(file, { force: true })
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
    const holder = Number(readFileSync(file, 'utf8').trim())
    // A lock left by a build that died (killed, the machine restarted) is taken over.
    if (!Number.isInteger(holder) || holder <= 0 || !alive(holder)) {
      rmSync(file, { force: true })
      continue
    }
    if (!told) onWait()
    told = true
    await sleep(500)
  }
}

/** Builds the Node server unless the last build is newer than every source; answers whether it built. */
export async function buildNodeIfStale(log: (line: string) => void = console.log): Promise<boolean> {
  if (!needsBuild()) return false
  const release = await takeLock(LOCK, () => log('Another start of Portalscope is building it; waiting for that build…'))
  try {
    // The build that held the lock may have made exactly this.
    if (!needsBuild()) return false
    log('Building Portalscope…')
    // Always a production build, whatever NODE_ENV the shell (or a test runner) has: a development build's JSX does
    // not run on the production React the server loads.
    const status = await new Promise<number | null>((resolve, reject) => {
      const build = spawn('npx', ['vike', 'build'], { cwd: ROOT, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production', PORTALSCOPE_TARGET: 'node' } })
      build.on('error', reject)
      build.on('close', resolve)
    })
    if (status !== 0) throw new Error(`The build failed (exit ${status ?? 'signal'})`)
    writeFileSync(BUILD_STAMP, new Date().toISOString())
    return true
  } finally {
    release()
  }
}
