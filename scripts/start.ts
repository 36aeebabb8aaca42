// `npm start`: build the Node server when the sources are newer than the last build, apply the database
// migrations, then serve. One process, one libSQL file; nothing else to install or run.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { migrateLibsql } from '../db/migrate.server.ts'

const ROOT = path.resolve(import.meta.dirname, '..')
const SERVER_ENTRY = path.join(ROOT, 'dist/node/server/index.mjs')
const BUILD_STAMP = path.join(ROOT, 'dist/node/.build-stamp')
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

if (process.env.PORTALSCOPE_SKIP_BUILD !== '1' && needsBuild()) {
  console.log('Building Portalscope…')
  // Always a production build, whatever NODE_ENV the shell (or a test runner) has: a development build's JSX does not
  // run on the production React the server loads.
  const result = spawnSync('npx', ['vike', 'build'], { cwd: ROOT, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production', PORTALSCOPE_TARGET: 'node' } })
  if (result.status !== 0) process.exit(result.status ?? 1)
  writeFileSync(BUILD_STAMP, new Date().toISOString())
}

const databaseUrl = process.env.DATABASE_URL ?? 'file:./data/portalscope.db'
process.env.DATABASE_URL = databaseUrl
await migrateLibsql(databaseUrl)
process.env.NODE_ENV = 'production'
await import(SERVER_ENTRY)
