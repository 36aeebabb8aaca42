// The `portalscope` command line as data: what was asked, or why it cannot be (exit code 2 with the usage). Pure, so
// every rule here has a unit test (args.test.ts); portalscope.ts does the I/O.

import { RUN_EXPORT_FORMATS, isRunExportFormat, type RunExportFormat } from '../lib/domain/run-report.ts'

export const COMMANDS = ['run', 'import-junit', 'export'] as const
export type CommandName = (typeof COMMANDS)[number]

export type RunCommand = {
  name: 'run'
  suiteId: string
  portalId: string | null
  runName: string | null
  build: string | null
  commit: string | null
  wait: boolean
  /** With --wait: give up after this many seconds (exit 1); null waits as long as it takes. */
  timeoutS: number | null
  /** With --wait: complete the run once no check is pending (a run given up on with --timeout is left open). */
  complete: boolean
}
export type ImportJunitCommand = { name: 'import-junit'; runId: string; file: string; createUnknown: boolean; addCases?: boolean }
export type ExportCommand = { name: 'export'; runId: string; format: RunExportFormat; output: string | null }
export type Command = RunCommand | ImportJunitCommand | ExportCommand

/** Where the server is and who calls it: flags win over PORTALSCOPE_URL and PORTALSCOPE_TOKEN. */
export type Connection = { url: string; token: string }

export type Parsed =
  | { kind: 'help'; topic: CommandName | null }
  | { kind: 'command'; command: Command; connection: Connection }
  | { kind: 'usage-error'; message: string; topic: CommandName | null }

const BOOLEAN_FLAGS: Record<CommandName, readonly string[]> = {
  run: ['wait', 'complete'],
  'import-junit': ['create-unknown', 'add-cases'],
  export: [],
}
const VALUE_FLAGS: Record<CommandName, readonly string[]> = {
  run: ['suite', 'portal', 'name', 'build', 'commit', 'timeout'],
  'import-junit': [],
  export: ['format', 'output'],
}
const CONNECTION_FLAGS = ['url', 'token'] as const
const POSITIONALS: Record<CommandName, readonly string[]> = { run: [], 'import-junit': ['runId', 'file'], export: ['runId'] }

export const USAGE: Record<CommandName | 'general', string> = {
  general: `Usage: portalscope <command> [options]

Commands:
  run --suite <suiteId> [--wait] [--complete]
                                         start a run of a suite's automated checks
  import-junit <runId> <file.xml>        record a JUnit XML report's results in a run
  export <runId> --format junit|csv|json write a run as a file

Connection (every command):
  --url <url>       the Portalscope server (default: $PORTALSCOPE_URL)
  --token <token>   a personal API token from the profile page (default: $PORTALSCOPE_TOKEN)

Exit codes: 0 ok; 1 a check failed or was blocked, or the server refused the operation;
2 usage or configuration error; 3 the server could not be reached or refused the token (401/403).
Run \`portalscope <command> --help\` for a command's options.`,
  run: `Usage: portalscope run --suite <suiteId> [--portal <portalId>] [--name <text>] [--build <text>]
                       [--commit <sha>] [--wait] [--timeout <seconds>] [--complete]

Starts a run of the suite's cases and queues their automated checks on the server.
  --suite <id>        the test suite (its id, from the suite's page address)
  --portal <id>       the portal the checks target when a case names none (the run's portal)
  --name <text>       the run's name (default: "CI <date and time, UTC>")
  --build <text>      the build under test, kept with the run
  --commit <sha>      the commit under test, kept with the run
  --wait              follow the checks (progress on stderr) until none is pending, then print a summary
  --timeout <s>       with --wait: give up after this many seconds (exit 1)
  --complete          with --wait: complete the run once its checks are done, so it leaves the open runs
                      (a run given up on with --timeout stays open)

Needs a token with the "write" scope. Exits 1 when a check failed or was blocked (with --wait).`,
  'import-junit': `Usage: portalscope import-junit <runId> <file.xml> [--add-cases] [--create-unknown]

Records the results of a JUnit XML report in a run: each test case is matched to a case of the project.
  --add-cases         add the cases the run does not hold yet (without it, such a report is refused
                      and nothing is recorded; the answer says how many cases it would add)
  --create-unknown    create test cases for tests that match no case (they are added to the run,
                      so this needs --add-cases too)

Needs a token with the "write" scope. Exits 1 when the server refuses the import.`,
  export: `Usage: portalscope export <runId> --format junit|csv|json [--output <file>]

Writes a run as JUnit XML (for CI dashboards), CSV (for spreadsheets) or JSON (every result).
  --format <format>   junit, csv or json
  --output <file>     write to this file instead of standard output`,
}

/** Reads `argv` (without node and the script) and the environment into a command, a help request or a usage error. */
export function parseArgs(argv: readonly string[], env: Readonly<Record<string, string | undefined>>): Parsed {
  const [first, ...rest] = argv
  if (first === undefined || first === '--help' || first === '-h' || first === 'help') {
    const topic = first === 'help' ? rest[0] : undefined
    if (topic === undefined) return { kind: 'help', topic: null }
    return isCommand(topic) ? { kind: 'help', topic } : usageError(`Unknown command "${topic}".`, null)
  }
  if (!isCommand(first)) return usageError(first.startsWith('-') ? `A command comes first, before "${first}".` : `Unknown command "${first}".`, null)
  const name = first

  const values = new Map<string, string>()
  const flags = new Set<string>()
  const positionals: string[] = []
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!
    if (arg === '--help' || arg === '-h') return { kind: 'help', topic: name }
    if (arg === '--') {
      positionals.push(...rest.slice(i + 1))
      break
    }
    if (!arg.startsWith('--')) {
      if (arg.startsWith('-') && arg.length > 1) return usageError(`Unknown option "${arg}".`, name)
      positionals.push(arg)
      continue
    }
    const equals = arg.indexOf('=')
    const flag = arg.slice(2, equals === -1 ? undefined : equals)
    if (BOOLEAN_FLAGS[name].includes(flag)) {
      if (equals !== -1) return usageError(`--${flag} takes no value.`, name)
      flags.add(flag)
      continue
    }
    if (!VALUE_FLAGS[name].includes(flag) && !(CONNECTION_FLAGS as readonly string[]).includes(flag)) {
      return usageError(`Unknown option "--${flag}" for ${name}.`, name)
    }
    const value = equals === -1 ? rest[++i] : arg.slice(equals + 1)
    if (value === undefined || (equals === -1 && value.startsWith('--'))) return usageError(`--${flag} needs a value.`, name)
    if (values.has(flag)) return usageError(`--${flag} is given twice.`, name)
    values.set(flag, value)
  }

  const expected = POSITIONALS[name]
  if (positionals.length < expected.length) return usageError(`Missing ${expected.slice(positionals.length).map((p) => `<${p}>`).join(' ')}.`, name)
  if (positionals.length > expected.length) return usageError(`Unexpected argument "${positionals[expected.length]}".`, name)

  let command: Command
  if (name === 'run') {
    const suiteId = values.get('suite')?.trim()
    if (!suiteId) return usageError('--suite <suiteId> is required.', name)
    const timeout = values.get('timeout')
    let timeoutS: number | null = null
    if (timeout !== undefined) {
      if (!/^\d+$/.test(timeout) || Number(timeout) < 1) return usageError('--timeout takes a whole number of seconds (1 or more).', name)
      if (!flags.has('wait')) return usageError('--timeout only applies with --wait.', name)
      timeoutS = Number(timeout)
    }
    if (flags.has('complete') && !flags.has('wait')) return usageError('--complete only applies with --wait: the run is completed once its checks are done.', name)
    command = {
      name,
      suiteId,
      portalId: blankToNull(values.get('portal')),
      runName: blankToNull(values.get('name')),
      build: blankToNull(values.get('build')),
      commit: blankToNull(values.get('commit')),
      wait: flags.has('wait'),
      timeoutS,
      complete: flags.has('complete'),
    }
  } else if (name === 'import-junit') {
    command = { name, runId: positionals[0]!, file: positionals[1]!, createUnknown: flags.has('create-unknown'), addCases: flags.has('add-cases') }
  } else {
    const format = values.get('format')
    if (format === undefined) return usageError(`--format is required (${RUN_EXPORT_FORMATS.join(', ')}).`, name)
    if (!isRunExportFormat(format)) return usageError(`Unknown format "${format}": use ${RUN_EXPORT_FORMATS.join(', ')}.`, name)
    command = { name, runId: positionals[0]!, format, output: blankToNull(values.get('output')) }
  }

  const connection = connectionFrom(values.get('url') ?? env.PORTALSCOPE_URL, values.get('token') ?? env.PORTALSCOPE_TOKEN)
  if (typeof connection === 'string') return usageError(connection, name)
  return { kind: 'command', command, connection }
}

/** The server and token, checked: a message when either is missing or the address is not http(s). */
export function connectionFrom(url: string | undefined, token: string | undefined): Connection | string {
  const trimmedUrl = url?.trim()
  if (!trimmedUrl) return 'No server address: set PORTALSCOPE_URL (or pass --url), e.g. https://portalscope.example.cz.'
  let parsed: URL
  try {
    parsed = new URL(trimmedUrl)
  } catch {
    return `The server address "${trimmedUrl}" is not a URL: use e.g. https://portalscope.example.cz.`
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return `The server address must start with http:// or https:// (got ${parsed.protocol}).`
  const trimmedToken = token?.trim()
  // The token itself never appears in a message (it would end up in CI logs).
  if (!trimmedToken) return 'No API token: set PORTALSCOPE_TOKEN (or pass --token); create one on your profile page.'
  // The app answers at the root of its origin (its API is /api/...); a path or credentials in the address are dropped.
  return { url: parsed.origin, token: trimmedToken }
}

function isCommand(value: string): value is CommandName {
  return (COMMANDS as readonly string[]).includes(value)
}

function blankToNull(value: string | undefined): string | null {
  const trimmed = value?.trim()
  return trimmed ? trimmed : null
}

function usageError(message: string, topic: CommandName | null): Parsed {
  return { kind: 'usage-error', message, topic }
}
