import type { ResultStatus } from './test-runs.ts'

// The pure rules of giving a run's cases to testers (docs/decisions/026-run-case-assignment.md).

/** Which cases of a run an assignment names: chosen ones, a section (as the run froze it) or a folder and its subfolders. */
export type AssignTarget = { runCaseIds: string[] } | { section: string } | { folder: string }

/** One tester's share of a run: done is a case with a result, to do one without; `assigneeId` null is nobody's. */
export type TesterProgress = { assigneeId: string | null; done: number; todo: number }

/**
 * Each tester's done and to do in a run, testers in the order of `members` (names are the caller's), those no longer
 * members after them, and the cases given to nobody last; a tester with no case is left out.
 */
export function testerProgress(cases: ReadonlyArray<{ assigneeId: string | null; latest: { status: ResultStatus } | null }>, memberOrder: readonly string[] = []): TesterProgress[] {
  const byTester = new Map<string | null, TesterProgress>()
  for (const item of cases) {
    const entry = byTester.get(item.assigneeId) ?? { assigneeId: item.assigneeId, done: 0, todo: 0 }
    if (item.latest) entry.done += 1
    else entry.todo += 1
    byTester.set(item.assigneeId, entry)
  }
  const rank = (id: string | null) => (id === null ? Number.MAX_SAFE_INTEGER : memberOrder.includes(id) ? memberOrder.indexOf(id) : memberOrder.length)
  return [...byTester.values()].sort((a, b) => rank(a.assigneeId) - rank(b.assigneeId))
}

/** The run's sections in the order they first appear ('' is no section, left out). */
export function sectionsOf(cases: ReadonlyArray<{ sectionName: string }>): string[] {
  return [...new Set(cases.map((item) => item.sectionName).filter(Boolean))]
}

/** Every folder the run's cases are in, with the folders above them, sorted ('' left out): `A`, `A/B`, `C`. */
export function foldersOf(cases: ReadonlyArray<{ folder: string }>): string[] {
  const all = new Set<string>()
  for (const { folder } of cases) {
    const parts = folder.split('/').filter(Boolean)
    for (let depth = 1; depth <= parts.length; depth++) all.add(parts.slice(0, depth).join('/'))
  }
  return [...all].sort((a, b) => a.localeCompare(b))
}

/** The value of the "which cases" choice in the assign form: the chosen cases, a section or a folder. */
export type AssignScope = { kind: 'selected' } | { kind: 'section'; name: string } | { kind: 'folder'; path: string }

export function scopeValue(scope: AssignScope): string {
  return scope.kind === 'selected' ? 'selected' : scope.kind === 'section' ? `section:${scope.name}` : `folder:${scope.path}`
}

export function parseScope(value: string): AssignScope | null {
  if (value === 'selected') return { kind: 'selected' }
  if (value.startsWith('section:') && value.length > 'section:'.length) return { kind: 'section', name: value.slice('section:'.length) }
  if (value.startsWith('folder:') && value.length > 'folder:'.length) return { kind: 'folder', path: value.slice('folder:'.length) }
  return null
}
