#!/usr/bin/env node
// `npx portalscope <command>`: test runs from scripts and CI against a Portalscope server (docs/api.md, "Scripts and
// CI"; docs/decisions/015-automation-client.md). Configured by PORTALSCOPE_URL and PORTALSCOPE_TOKEN.

import { parseArgs, USAGE, type Command, type Connection } from './args.ts'
import { exportRun, importJunit, runSuite, type Output } from './commands.ts'
import { describeFailure, EXIT, type ExitCode } from './outcome.ts'
import { RequestFailed } from './requests.ts'
import { inertLine } from './terminal.ts'
import { madeBy } from '../lib/made-by.ts'

// Every line goes out inert: none that a CI runner would take for its command (cli/terminal.ts).
const io: Output = {
  out: (line) => process.stdout.write(`${inertLine(line)}\n`),
  err: (line) => process.stderr.write(`${inertLine(line)}\n`),
  stdout: process.stdout,
}

async function execute(command: Command, connection: Connection): Promise<ExitCode> {
  try {
    switch (command.name) {
      case 'run':
        return await runSuite(command, connection, io)
      case 'import-junit':
        return await importJunit(command, connection, io)
      case 'export':
        return await exportRun(command, connection, io)
    }
  } catch (error) {
    // Anything but a request's failure is a fault of this program: shown whole (and exit 1), for the bug report.
    if (!madeBy(error, RequestFailed)) throw error
    const { exitCode, message } = describeFailure(error.failure, connection.url)
    io.err(message)
    return exitCode
  }
}

const parsed = parseArgs(process.argv.slice(2), process.env)
if (parsed.kind === 'help') {
  io.out(USAGE[parsed.topic ?? 'general'])
  process.exitCode = EXIT.ok
} else if (parsed.kind === 'usage-error') {
  io.err(`portalscope: ${parsed.message}\n`)
  io.err(USAGE[parsed.topic ?? 'general'])
  process.exitCode = EXIT.usage
} else {
  process.exitCode = await execute(parsed.command, parsed.connection)
}
