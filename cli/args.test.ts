import { describe, expect, it } from 'vitest'
import { parseArgs, type Parsed } from './args.ts'

const ENV = { PORTALSCOPE_URL: 'https://portalscope.example.cz', PORTALSCOPE_TOKEN: 'abc.def' }
const parse = (line: string, env: Record<string, string | undefined> = ENV): Parsed => parseArgs(line.split(' ').filter(Boolean), env)
const command = (line: string, env?: Record<string, string | undefined>) => {
  const parsed = parse(line, env)
  if (parsed.kind !== 'command') throw new Error(`expected a command, got ${JSON.stringify(parsed)}`)
  return parsed
}
const usageError = (line: string, env?: Record<string, string | undefined>) => {
  const parsed = parse(line, env)
  if (parsed.kind !== 'usage-error') throw new Error(`expected a usage error, got ${JSON.stringify(parsed)}`)
  return parsed
}

describe('portalscope arguments', () => {
  it('reads run with every option, in both flag spellings', () => {
    const parsed = command('run --suite s1 --portal live-a --name=Nightly --build 2026.11 --commit abc123 --wait --timeout 600')
    expect(parsed.command).toEqual({ name: 'run', suiteId: 's1', portalId: 'live-a', runName: 'Nightly', build: '2026.11', commit: 'abc123', wait: true, timeoutS: 600, complete: false })
    expect(command('run --suite s1 --wait --complete').command).toMatchObject({ wait: true, complete: true })
    expect(parsed.connection).toEqual({ url: 'https://portalscope.example.cz', token: 'abc.def' })
  })

  it('leaves what run was not told to the server or the defaults', () => {
    expect(command('run --suite s1').command).toEqual({ name: 'run', suiteId: 's1', portalId: null, runName: null, build: null, commit: null, wait: false, timeoutS: null, complete: false })
  })

  it('reads import-junit and export', () => {
    expect(command('import-junit r1 reports/junit.xml --create-unknown').command).toEqual({ name: 'import-junit', runId: 'r1', file: 'reports/junit.xml', createUnknown: true, addCases: false })
    expect(command('import-junit r1 reports/junit.xml --add-cases').command).toEqual({ name: 'import-junit', runId: 'r1', file: 'reports/junit.xml', createUnknown: false, addCases: true })
    expect(command('export r1 --format csv --output run.csv').command).toEqual({ name: 'export', runId: 'r1', format: 'csv', output: 'run.csv' })
    expect(command('export r1 --format=junit').command).toEqual({ name: 'export', runId: 'r1', format: 'junit', output: null })
  })

  it('lets flags override the environment, and drops a path or credentials from the address', () => {
    const parsed = command('export r1 --format json --url http://user:pw@localhost:3000/some/path/ --token flag.token')
    expect(parsed.connection).toEqual({ url: 'http://localhost:3000', token: 'flag.token' })
  })

  it('answers help for the program and for each command', () => {
    expect(parse('')).toEqual({ kind: 'help', topic: null })
    expect(parse('--help')).toEqual({ kind: 'help', topic: null })
    expect(parse('help export')).toEqual({ kind: 'help', topic: 'export' })
    // Help needs no configuration: it is what someone without it reads.
    expect(parse('run --help', {})).toEqual({ kind: 'help', topic: 'run' })
    expect(parse('import-junit -h', {})).toEqual({ kind: 'help', topic: 'import-junit' })
  })

  it.each([
    ['deploy', 'Unknown command "deploy".', null],
    ['--suite s1', 'A command comes first, before "--suite".', null],
    ['run', '--suite <suiteId> is required.', 'run'],
    ['run --suite', '--suite needs a value.', 'run'],
    ['run --suite --wait', '--suite needs a value.', 'run'],
    ['run --suite s1 --timeout 60', '--timeout only applies with --wait.', 'run'],
    ['run --suite s1 --wait --timeout soon', '--timeout takes a whole number of seconds (1 or more).', 'run'],
    ['run --suite s1 --wait=yes', '--wait takes no value.', 'run'],
    ['run --suite s1 --complete', '--complete only applies with --wait: the run is completed once its checks are done.', 'run'],
    ['run --suite s1 --wait --complete=yes', '--complete takes no value.', 'run'],
    ['run --suite s1 --suite s2', '--suite is given twice.', 'run'],
    ['run --suite s1 --format csv', 'Unknown option "--format" for run.', 'run'],
    ['run --suite s1 -w', 'Unknown option "-w".', 'run'],
    ['run --suite s1 extra', 'Unexpected argument "extra".', 'run'],
    ['import-junit r1', 'Missing <file>.', 'import-junit'],
    ['export', 'Missing <runId>.', 'export'],
    ['export r1', '--format is required (junit, csv, json).', 'export'],
    ['export r1 --format xml', 'Unknown format "xml": use junit, csv, json.', 'export'],
  ])('refuses "%s" with a clear message', (line, message, topic) => {
    expect(usageError(line)).toEqual({ kind: 'usage-error', message, topic })
  })

  it('refuses a missing or malformed configuration without ever repeating the token', () => {
    expect(usageError('export r1 --format json', {}).message).toMatch(/^No server address: set PORTALSCOPE_URL/)
    expect(usageError('export r1 --format json', { PORTALSCOPE_URL: 'http://localhost:3000' }).message).toMatch(/^No API token: set PORTALSCOPE_TOKEN/)
    expect(usageError('export r1 --format json', { ...ENV, PORTALSCOPE_TOKEN: '   ' }).message).toMatch(/^No API token/)
    expect(usageError('export r1 --format json', { ...ENV, PORTALSCOPE_URL: 'localhost:3000' }).message).toMatch(/must start with http/)
    expect(usageError('export r1 --format json', { ...ENV, PORTALSCOPE_URL: 'not a url' }).message).toMatch(/is not a URL/)
    const secret = 'secret-id.secret-value'
    const refused = usageError(`export r1 --format json --url ftp://x --token ${secret}`)
    expect(JSON.stringify(refused)).not.toContain(secret)
  })
})
