/** The badge tone of a run's state in the lists of runs (the run list, a dashboard's and a suite's latest runs, reports). */
export const STATE_TONES = { open: 'info', in_progress: 'warning', completed: 'success' } as const
