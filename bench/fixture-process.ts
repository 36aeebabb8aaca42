// The CKAN fixture (tests/ckan-fixture/cli.ts) in a process of its own, as the benchmarks that harvest start it, so
// that serving the portals and harvesting them do not share one event loop. Resolves once every portal is listed.
import { spawn, type ChildProcess } from 'node:child_process'
import path from 'node:path'
import { createInterface } from 'node:readline'

const CLI = path.resolve(import.meta.dirname, '../tests/ckan-fixture/cli.ts')

/** `portals`: the CLI's `slug:datasets[:fault[:key=value,...]]` specs; answers each slug's API base. */
export async function startFixtureProcess(portals: string[], options: { port?: number } = {}): Promise<{ process: ChildProcess; apiBases: Map<string, string> }> {
  const args = [CLI, ...(options.port ? ['--port', String(options.port)] : []), ...portals.flatMap((spec) => ['--portal', spec])]
  const fixture = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] })
  const slugs = new Set(portals.map((spec) => spec.split(':')[0]!))
  const apiBases = new Map<string, string>()
  await new Promise<void>((resolve, reject) => {
    createInterface({ input: fixture.stdout! }).on('line', (line) => {
      const match = /(http:\/\/127\.0\.0\.1:\d+\/([^/\s]+)\/api\/3)/.exec(line)
      if (match && slugs.has(match[2]!)) apiBases.set(match[2]!, match[1]!)
      if (apiBases.size === slugs.size) resolve()
    })
    fixture.on('exit', (code) => reject(new Error(`fixture exited with ${code}`)))
  })
  return { process: fixture, apiBases }
}
