import type { ResultView } from '../queries/test-runs.server.ts'

/**
 * The cause of a refused test result: the newer result it was stale against, which the error formatter passes on as
 * `data.conflict.latest` so the tester can compare it with theirs before recording again.
 */
export class ResultConflict extends Error {
  readonly latest: ResultView | null

  constructor(message: string, latest: ResultView | null) {
    super(message)
    this.latest = latest
  }
}
