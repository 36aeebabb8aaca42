// Requests to the Portalscope server for the `portalscope` command: the typed tRPC client and the two HTTP routes
// outside tRPC (run export, JUnit import), with every failure turned into a Failure (outcome.ts decides the exit code).

import { TRPCClientError } from '@trpc/client'
import { AnswerTooLarge, boundedText } from '../lib/api/bounded-body.ts'
import { createPortalscopeClient, type PortalscopeClient } from '../lib/api/client.ts'
import { madeBy } from '../lib/made-by.ts'
import type { Connection } from './args.ts'
import type { Failure } from './outcome.ts'

/** A request that did not succeed, carried up to the command's end, where it becomes a message and an exit code. */
export class RequestFailed extends Error {
  readonly failure: Failure
  constructor(failure: Failure) {
    super(failure.kind === 'network' ? failure.detail : `${failure.status} ${failure.message}`)
    this.failure = failure
  }
}

// Messages for a CI log: English, whatever language the token's account chose.
const LANG = 'en'

/** The most of one answer the command reads: a run of 5,000 cases is a few MB (a 150 MB answer took it to 828 MB). */
export const CLI_MAX_ANSWER_BYTES = 16 * 1024 * 1024

export function apiClient(connection: Connection): PortalscopeClient {
  return createPortalscopeClient(connection.url, { token: connection.token, locale: LANG, maxAnswerBytes: CLI_MAX_ANSWER_BYTES })
}

/** An error body is a line or two; more than this is not read. */
const MAX_ERROR_BYTES = 64 * 1024

/** Calls the API; a refusal or a network error becomes RequestFailed. */
export async function call<T>(request: Promise<T>): Promise<T> {
  try {
    return await request
  } catch (error) {
    throw new RequestFailed(failureOf(error))
  }
}

/** What went wrong with a tRPC call or a fetch: an answer with a status, or none at all. */
export function failureOf(error: unknown): Failure {
  if (madeBy(error, RequestFailed)) return error.failure
  if (madeBy(error, TRPCClientError)) {
    const status = (error.data as { httpStatus?: number } | undefined)?.httpStatus
    if (typeof status === 'number') return { kind: 'http', status, message: error.message }
    // No tRPC error body: the request never got an answer (or got one that is not the API's, e.g. a proxy's page).
    return { kind: 'network', detail: networkDetail(error.cause ?? error) }
  }
  return { kind: 'network', detail: networkDetail(error) }
}

/** The innermost reason of a failed fetch ("connect ECONNREFUSED 127.0.0.1:3000" rather than "fetch failed"). */
function networkDetail(error: unknown): string {
  let current: unknown = error
  let detail = 'no answer'
  for (let depth = 0; depth < 5 && madeBy(current, Error); depth++) {
    detail = current.message || detail
    current = current.cause
  }
  return detail
}

/** An answer's body as text, up to `maxBytes`; a longer one fails as the request's failure (exit 3), not as a fault. */
export async function answerText(response: Response, maxBytes: number): Promise<string> {
  try {
    return await boundedText(response, maxBytes)
  } catch (error) {
    if (madeBy(error, AnswerTooLarge)) throw new RequestFailed({ kind: 'network', detail: error.message })
    throw error
  }
}

/** A request to an HTTP route of the app (not tRPC), with the token; answers the response when it is 2xx. */
export async function request(connection: Connection, path: string, init: RequestInit = {}): Promise<Response> {
  const url = new URL(path, connection.url)
  url.searchParams.set('lang', LANG)
  let response: Response
  try {
    response = await fetch(url, { ...init, headers: { ...init.headers, authorization: `Bearer ${connection.token}` } })
  } catch (error) {
    throw new RequestFailed({ kind: 'network', detail: networkDetail(error) })
  }
  if (!response.ok) throw new RequestFailed({ kind: 'http', status: response.status, message: await errorMessage(response) })
  return response
}

/**
 * The app's error bodies are `{ error: { message, code } }` (or `{ error: 'Not found' }`), a busy database answers a
 * line of text; anything else (a proxy's HTML page) is summarised by its status, never dumped into the log.
 */
async function errorMessage(response: Response): Promise<string> {
  const text = (await boundedText(response, MAX_ERROR_BYTES).catch(() => '')).trim()
  try {
    const body = JSON.parse(text) as { error?: string | { message?: unknown } }
    const message = typeof body.error === 'string' ? body.error : body.error?.message
    if (typeof message === 'string') return message
  } catch {
    if (response.headers.get('content-type')?.startsWith('text/plain') && text.length <= 300) return text
  }
  return response.statusText
}
