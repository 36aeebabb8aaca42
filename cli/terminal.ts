// What the command prints from the server goes into CI logs and terminals, which act on some text: a line break
// then `::error ...` (GitHub Actions) or `##vso[...]` (Azure Pipelines) is a command to the runner, ANSI escape
// sequences recolour or rewrite the terminal, and bidirectional overrides reorder what a reader sees. Pure (terminal.test.ts).

import { replaceNotInALine } from '../lib/domain/one-line.ts'

/** A value from the server as one line of plain text: what may not be in a line written as its `\u{…}` escape. */
export function printable(value: string): string {
  return replaceNotInALine(value, (character) => `\\u{${character.codePointAt(0)!.toString(16).toUpperCase()}}`)
}

/** Lines a CI runner would read as its own commands (after leading white space, as the runners trim it). */
const RUNNER_COMMAND = /^(\s*)(::|##)/

/** A line as written to the log: one that a runner would take for a command starts with a backslash instead. */
export function inertLine(line: string): string {
  return line
    .split('\n')
    .map((part) => part.replace(RUNNER_COMMAND, (_match, space: string, marker: string) => `${space}\\${marker}`))
    .join('\n')
}
