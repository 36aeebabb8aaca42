import { getHTTPStatusCodeFromError } from '@trpc/server/http'
import type { Context } from 'hono'
import { junitFileName, JunitNeedsAddCases } from '../lib/domain/junit-match.ts'
import { JUNIT_MAX_BYTES, JunitImportError } from '../lib/domain/junit-read.ts'
import { junitNoticeParam, noticeParams, type JunitNotice } from '../lib/forms/junit-notice.ts'
import { runHref } from '../lib/routing/project-links.ts'
import type { AppBindings } from './app-bindings.server.ts'
import { MultipartError, multipartBoundary, readMultipartUpload } from './forms/multipart-stream.server.ts'
import { createContext, requestContextOptions } from './trpc/context.server.ts'
import { createCaller } from './trpc/router.server.ts'
import { apiRefusal } from './trpc/http-refusal.server.ts'
import { discardRest } from './request-body.server.ts'
import { madeBy } from '../lib/made-by.ts'

/** Form fields and headers around the file in a multipart upload. */
const FORM_OVERHEAD = 256 * 1024

/** The path this route serves, for the body-limit middleware (which would buffer a chunked body to count it). */
export const JUNIT_IMPORT_PATH = /^\/api\/test-runs\/[^/]+\/import-junit\/?$/

const truthy = (value: string | null | undefined) => value !== undefined && value !== null && ['1', 'true', 'on', 'yes'].includes(value.toLowerCase())

/**
 * POST /api/test-runs/:runId/import-junit: a JUnit XML report recorded into a run (docs/junit-import.md). The body is
 * the XML itself (`?createUnknown=1&filename=x.xml`), or a multipart form with a `file` field (after a
 * `createUnknown` checkbox) from the run's page without JavaScript, which is answered with a redirect back to the
 * page and a summary there. It goes through testRuns.importJunit, so the same rules answer: 401 signed out, 404 for
 * non-members, 403 for viewers (and for testers asking to create cases), 400 for a file that is not a sound report or
 * a completed run, 413 past 256 MB (counted while the body streams in, never buffered).
 */
export async function junitImportResponse(c: Context<AppBindings>): Promise<Response> {
  const context = await createContext(requestContextOptions(c))
  const caller = createCaller(context)
  const id = c.req.param('runId') ?? ''
  const boundary = multipartBoundary(c.req.header('content-type'))
  const asForm = boundary !== null
  const declared = Number(c.req.header('content-length') ?? NaN)

  const refuse = (status: number, code: string, message: string, notice: JunitNotice, extra: { wouldAdd?: number } = {}) => {
    if (asForm && context.user) return c.redirect(`${runHref(id)}?${junitNoticeParam(notice)}`, 303)
    const headers: Record<string, string> = {}
    const retryAfter = context.resHeaders.get('Retry-After')
    if (retryAfter) headers['Retry-After'] = retryAfter
    return c.json({ error: { message, code, ...extra } }, status as 400, headers)
  }

  if (Number.isFinite(declared) && declared > JUNIT_MAX_BYTES + (asForm ? FORM_OVERHEAD : 0)) {
    // Too large to read off the connection: it closes after the answer.
    c.set('bodyLeftUnread', true)
    return refuse(413, 'PAYLOAD_TOO_LARGE', context.t('junit.problem_tooLarge', { megabytes: JUNIT_MAX_BYTES / 1024 / 1024 }), { ok: false, problem: 'tooLarge', line: null, params: {} })
  }
  const raw = c.req.raw.body
  let body: ReadableStream<Uint8Array> | null = raw
  let createUnknown = truthy(c.req.query('createUnknown'))
  // Scripts that do not say add the cases the run lacks, as before; the page and the command ask first (addCases=0).
  let addCases = c.req.query('addCases') === undefined || truthy(c.req.query('addCases'))
  let file = junitFileName(c.req.query('filename'))
  if (asForm && raw) {
    try {
      const upload = await readMultipartUpload(raw, boundary, 'file')
      createUnknown = truthy(upload.fields.get('createUnknown'))
      // The form's checkbox: unticked, the page says how many cases would be added.
      addCases = truthy(upload.fields.get('addCases'))
      body = upload.file?.stream ?? null
      if (upload.file) file = junitFileName(upload.file.filename)
    } catch (error) {
      if (!madeBy(error, MultipartError)) throw error
      // The form's reader holds what is left of the body: the connection closes after the answer.
      c.set('bodyLeftUnread', true)
      return refuse(400, 'BAD_REQUEST', context.t('junit.formUnreadable'), { ok: false, problem: 'form', line: null, params: {} })
    }
  }
  if (!body) return refuse(400, 'BAD_REQUEST', context.t('junit.noFile'), { ok: false, problem: 'noFile', line: null, params: {} })

  try {
    const summary = await caller.testRuns.importJunit({ id, createUnknown, addCases, file, body })
    if (asForm) {
      const { counts, recorded, created, addedToRun, unmatchedCount, warnings } = summary
      return c.redirect(`${runHref(id)}?${junitNoticeParam({ ok: true, recorded, created, addedToRun, unmatchedCount, counts, warnings: warnings.length })}`, 303)
    }
    return c.json(summary, 200, { 'Cache-Control': 'no-store' })
  } catch (error) {
    // Refusals answer as the API does (and the form says why); anything else (a fault) goes to the app's error handler.
    const refusal = apiRefusal(error)
    if (!refusal) throw error
    // Refused before or while reading: what is left is read off the connection and dropped after the answer goes out,
    // or the connection closes after it.
    if (!discardRest(body, JUNIT_MAX_BYTES + FORM_OVERHEAD)) c.set('bodyLeftUnread', true)
    const cause = madeBy(refusal.cause, JunitImportError) ? refusal.cause : null
    if (madeBy(refusal.cause, JunitNeedsAddCases)) {
      const count = refusal.cause.count
      return refuse(409, refusal.code, refusal.message, { ok: false, problem: 'needsAddCases', line: null, params: { count } }, { wouldAdd: count })
    }
    const notice: JunitNotice = cause ? { ok: false, problem: cause.problem, line: cause.line, params: noticeParams(cause.params) } : { ok: false, problem: refusal.code, line: null, params: {} }
    return refuse(getHTTPStatusCodeFromError(refusal), refusal.code, refusal.message, notice)
  }
}
