/**
 * Characters a one-line name never needs: control characters (line breaks, tabs, escape sequences), line and
 * paragraph separators and bidirectional controls. Names are printed where these act: a CI log reads `::error` after
 * a line break as the runner's command, ANSI escapes rewrite a terminal, a bidirectional override reorders a title.
 */
export const NOT_IN_A_LINE = /[\p{Cc}\u2028\u2029\u200E\u200F\u202A-\u202E\u2066-\u2069]/u

export function isOneLine(value: string): boolean {
  return !NOT_IN_A_LINE.test(value)
}

const EVERY_NOT_IN_A_LINE = new RegExp(NOT_IN_A_LINE.source, 'gu')

/** A text made into one line: what may not be in a line becomes a space, white space runs one space. */
export function asOneLine(value: string): string {
  return value.replace(EVERY_NOT_IN_A_LINE, ' ').replace(/\s+/g, ' ').trim()
}

/** Each character that may not be in a line, for a caller that writes them some other way. */
export function replaceNotInALine(value: string, replacement: (character: string) => string): string {
  return value.replace(EVERY_NOT_IN_A_LINE, replacement)
}
