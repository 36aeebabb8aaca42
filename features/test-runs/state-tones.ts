// The badge tone of a run's state in the lists of runs (the run list, a project's recent runs, a report), in a module
// of its own so a page with a state badge does not bring the run list with it.
export const STATE_TONES = { open: 'info', in_progress: 'warning', completed: 'success' } as const
