import { z } from '../zod.ts'

// What a JUnit import posted without JavaScript comes back with: the server redirects to the run's page with the
// summary (or the refusal's code) in `?junit=`, and the page shows it. Only figures and message codes travel, never a
// name or a word from the file or the address: the page words them itself, so a link made up by someone else cannot put
// text in the app's mouth.

const count = z.number().int().min(0).max(10_000_000)

export const JunitNoticeSchema = z.discriminatedUnion('ok', [
  z.strictObject({
    ok: z.literal(true),
    recorded: count,
    created: count,
    addedToRun: count,
    unmatchedCount: count,
    counts: z.strictObject({ passed: count, failed: count, blocked: count, skipped: count }),
    warnings: count,
  }),
  z.strictObject({
    ok: z.literal(false),
    /** A problem of the file (`junit.problem_<code>`) or of the request (a tRPC error code, `noFile`, `form`). */
    problem: z.string().regex(/^[A-Za-z_]{1,40}$/),
    line: count.nullable(),
    /** The problem's figures (a limit); the names a problem has (an element, an entity) stay out. */
    params: z.record(z.string().regex(/^[a-z]{1,20}$/), count),
  }),
])
export type JunitNotice = z.infer<typeof JunitNoticeSchema>

/** A problem's parameters as a notice carries them: its figures only. */
export function noticeParams(params: Record<string, string | number>): Record<string, number> {
  const figures: Record<string, number> = {}
  for (const [name, value] of Object.entries(params)) if (typeof value === 'number' && /^[a-z]{1,20}$/.test(name)) figures[name] = value
  return figures
}

export function junitNoticeParam(notice: JunitNotice): string {
  return `junit=${encodeURIComponent(JSON.stringify(notice))}`
}

/** The notice in a page's query, or null when there is none or it does not fit. */
export function parseJunitNotice(value: string | undefined): JunitNotice | null {
  if (!value || value.length > 8000) return null
  try {
    const parsed = JunitNoticeSchema.safeParse(JSON.parse(value))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}
