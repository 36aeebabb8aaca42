// A bounded queue for heavy requests within one process (a CSV import holds its file and a row per case): at most
// `running` run at once, at most `waiting` more wait their turn in order of arrival, and any beyond are refused at once
// (WorkQueueFull) rather than holding their memory while they wait. Per process: on Node the web server is one
// process; on Workers an isolate serves one request at a time, so there this queue never holds more than one and a
// plain in-process queue is all it takes.

export class WorkQueueFull extends Error {
  constructor() {
    super('Too many requests of this kind are waiting; try again shortly')
    this.name = 'WorkQueueFull'
  }
}

/** What a queue has done: running and waiting now, the most that ever ran at once, how many waited, how many were refused. */
export type WorkQueueStats = { running: number; waiting: number; peakRunning: number; waited: number; refused: number }

export type WorkQueue = { readonly stats: Readonly<WorkQueueStats>; run: <T>(work: () => Promise<T>) => Promise<T> }

export function createWorkQueue(limits: { running: number; waiting: number }): WorkQueue {
  const stats: WorkQueueStats = { running: 0, waiting: 0, peakRunning: 0, waited: 0, refused: 0 }
  const turns: Array<() => void> = []
  // A finishing task hands its place straight to the next in line, so that one arriving meanwhile cannot take it.
  const release = () => {
    const next = turns.shift()
    if (next) {
      stats.waiting--
      next()
    } else stats.running--
  }
  return {
    stats,
    async run<T>(work: () => Promise<T>): Promise<T> {
      if (stats.running < limits.running) stats.running++
      else if (turns.length >= limits.waiting) {
        stats.refused++
        throw new WorkQueueFull()
      } else {
        stats.waiting++
        stats.waited++
        await new Promise<void>((resolve) => turns.push(resolve))
      }
      stats.peakRunning = Math.max(stats.peakRunning, stats.running)
      try {
        return await work()
      } finally {
        release()
      }
    },
  }
}
