import type { CanonicalFormat } from '../domain/canonical-formats.ts'

// A canonical format's code (CSV) is data and stays as it is; its name is a message in the page's language
// (docs/decisions/005-languages.md).

/** The message of a canonical format's name ("Comma-separated values" for CSV). */
export function formatNameKey(format: CanonicalFormat) {
  return `formatnames.${format}` as const
}
