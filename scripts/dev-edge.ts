// `npm run dev:edge [-- wrangler dev options]`: build for workerd, apply the migrations to the local D1
// database, and run `wrangler dev` on the result. Everything stays on this machine.
import { spawnSync } from 'node:child_process'
import path from 'node:path'

const ROOT = path.resolve(import.meta.dirname, '..')
const env = {
  ...process.env,
  // wrangler must run in production mode for the built worker; these keep it from calling home.
  NODE_ENV: 'production',
  WRANGLER_SEND_METRICS: 'false',
  CLOUDFLARE_CF_FETCH_ENABLED: 'false',
  PORTALSCOPE_TARGET: 'workers',
}

function run(args: string[]): void {
  const result = spawnSync('npx', args, { cwd: ROOT, stdio: 'inherit', env })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

if (process.env.PORTALSCOPE_SKIP_BUILD !== '1') run(['vike', 'build'])
run(['wrangler', 'd1', 'migrations', 'apply', 'DB', '--local'])
run(['wrangler', 'dev', ...process.argv.slice(2)])
