// `npm test` (and `npm run validate`, CI's `.ci/run`): every suite, with the app built once for all of them. Stages
// that do not need each other run side by side, two at a time (the machines this runs on have two cores):
//   1. the Node build, then the Workers build (never both at once: Vike compiles each +config.ts to a file beside it,
//      named by its content, and deletes it when done, so two builds in one checkout delete each other's), beside the
//      type check and the linter (with --checks);
//   2. unit and integration tests beside the Workers smoke test (which runs the Workers build under wrangler dev);
//   3. the load test (it keeps two cores busy: alone);
//   4. the end-to-end journeys against the built Node server (E2E_SHARD=1/2 runs a half, for CI on two machines).
// A task that runs beside another writes to a log that is printed when it ends; the last stage's output streams.
import { spawn } from 'node:child_process'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { buildNodeIfStale } from './node-build.ts'

const ROOT = path.resolve(import.meta.dirname, '..')
const LOGS = path.join(ROOT, 'test-results/stages')
const CONCURRENCY = 2
const checks = process.argv.includes('--checks')

type Task = { name: string; command?: string[]; env?: Record<string, string>; run?: () => Promise<void> }

const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(0)} s`
// A failure is told again at the very end, with the end of its log: CI shows the last lines of a run, and a task that
// ran beside another printed its log long before.
const lastLines = (file: string, count = 40) => readFileSync(file, 'utf8').trimEnd().split('\n').slice(-count).join('\n')

/** Runs a command, its output to a log (beside others) or to this terminal (alone); rejects on a non-zero exit. */
function execute(task: Task, alone: boolean): Promise<void> {
  if (task.run) return task.run()
  const [command, ...args] = task.command!
  const logFile = path.join(LOGS, `${task.name.replace(/[^a-z0-9]+/gi, '-')}.log`)
  return new Promise((resolve, reject) => {
    const child = spawn(command!, args, { cwd: ROOT, env: { ...process.env, ...task.env }, stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'] })
    const chunks: Buffer[] = []
    child.stdout?.on('data', (chunk: Buffer) => chunks.push(chunk))
    child.stderr?.on('data', (chunk: Buffer) => chunks.push(chunk))
    child.on('error', reject)
    child.on('close', (code) => {
      if (!alone) {
        writeFileSync(logFile, Buffer.concat(chunks))
        process.stdout.write(readFileSync(logFile))
      }
      if (code === 0) resolve()
      else reject(new Error(`${task.name} failed (exit ${code ?? 'signal'})${alone ? '' : `; its last lines:\n${lastLines(logFile)}`}`))
    })
  })
}

/** Runs tasks two at a time; the first failure is reported once every task of the stage has ended. */
async function stage(name: string, tasks: Task[]): Promise<void> {
  const started = Date.now()
  console.log(`\n=== ${name}: ${tasks.map((task) => task.name).join(', ')}`)
  const queue = [...tasks]
  const failures: Error[] = []
  const alone = tasks.length === 1
  const worker = async () => {
    for (let task = queue.shift(); task; task = queue.shift()) {
      const taskStarted = Date.now()
      try {
        await execute(task, alone)
        console.log(`--- ${task.name}: passed in ${seconds(taskStarted)}`)
      } catch (error) {
        console.log(`--- ${task.name}: FAILED after ${seconds(taskStarted)}`)
        failures.push(error as Error)
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, tasks.length) }, worker))
  console.log(`=== ${name}: ${failures.length === 0 ? 'passed' : 'FAILED'} in ${seconds(started)}`)
  if (failures.length > 0) throw failures[0]
}

const npx = (...args: string[]) => ['npx', ...args]
// The stages after the builds use them: nothing builds again.
const built = { PORTALSCOPE_SKIP_BUILD: '1' }
const shard = process.env.E2E_SHARD ? [`--shard=${process.env.E2E_SHARD}`] : []

mkdirSync(LOGS, { recursive: true })
const started = Date.now()
try {
  await stage('Build', [
    {
      name: 'builds for Node and Workers',
      run: async () => {
        await buildNodeIfStale((line) => console.log(line))
        await execute({ name: 'build for Workers', command: npx('vike', 'build'), env: { NODE_ENV: 'production', PORTALSCOPE_TARGET: 'workers' } }, false)
      },
    },
    ...(checks ? [{ name: 'type check', command: npx('tsc', '--noEmit', '-p', '.') }, { name: 'lint', command: npx('eslint', '.') }] : []),
  ])
  await stage('Unit and Workers', [
    { name: 'unit and integration tests', command: npx('vitest', 'run') },
    { name: 'Workers smoke test', command: npx('vitest', 'run', '--config', 'tests/edge/vitest.config.ts'), env: built },
  ])
  await stage('Load', [{ name: 'load test', command: npx('vitest', 'run', '--config', 'tests/load/vitest.config.ts'), env: built }])
  await stage('End to end', [{ name: 'journeys', command: npx('playwright', 'test', ...shard), env: built }])
  console.log(`\nAll tests passed in ${seconds(started)}.`)
} catch (error) {
  console.error(`\n${(error as Error).message} (after ${seconds(started)}).`)
  process.exit(1)
}
