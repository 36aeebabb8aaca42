import type { JunitRetry, KeptText } from './junit-read.ts'

// What a result keeps of its JUnit report case, apart from the reader (./junit-read.ts) and the matching
// (./junit-match.ts): the run page shows it without loading either.

/** The evidence a result keeps of its test case (test_result.evidence, kind 'junit'). */
export type JunitEvidence = {
  kind: 'junit'
  file: string
  classname: string
  name: string
  time: number | null
  /** The `file` a tool named for the test (absent in evidence recorded before it was kept). */
  sourceFile?: string | null
  failures: Array<{ element: 'failure' | 'error'; type: string; message: string; detail: string; detailHash: string; detailBytes: number }>
  moreFailures: number
  /** Attempts before the final one (Surefire reruns); absent in evidence recorded before they were kept. */
  retries?: JunitRetry[]
  /** Passed on a rerun after failed attempts. */
  flaky?: boolean
  skipped: string | null
  systemOut: KeptText | null
  systemErr: KeptText | null
  suite: { path: string[]; systemOut: KeptText | null; systemErr: KeptText | null } | null
}

export function isJunitEvidence(value: unknown): value is JunitEvidence {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'junit'
}
