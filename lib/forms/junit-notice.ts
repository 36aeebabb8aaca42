import { z } from '../zod.ts'

// What a JUnit import posted without JavaScript comes back with: the server redirects to the run's page with the
// summary (or the refusal's code) in `?junit=`, and the page shows it. Only figures, a few names and message codes
// travel: the page words them itself, so a link made up by someone else cannot put sentences in the app's mouth.

const short = z.string().max(300)
const count = z.number().int().min(0).max(10_000_000)

export const JunitNoticeSchema = z.discriminatedUnion('ok', [
  z.object({
    ok: z.literal(true),
    file: short,
    recorded: count,
    created: count,
    addedToRun: count,
    unmatchedCount: count,
    unmatched: z.array(short).max(10),
    counts: z.object({ passed: count, failed: count, blocked: count, skipped: count }),
    warnings: count,
  }),
  z.object({
    ok: z.literal(false),
    /** A problem of the file (`junit.problem_<code>`) or of the request (a tRPC error code, `noFile`, `form`). */
    problem: z.string().regex(/^[A-Za-z_]{1,40}$/),
    line: count.nullable(),
    params: z.record(z.string().max(40), z.union([short, z.number()])),
  }),
])
export type JunitNotice = z.infer<typeof JunitNoticeSchema>

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
