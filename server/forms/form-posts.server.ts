import { TRPCError } from '@trpc/server'
import type { Context, Next } from 'hono'
import { ZodError } from 'zod'
import { busyErrorIn } from '../../db/busy.server.ts'
import type { Translate } from '../../lib/i18n/intl.ts'
import { FORM_NAME_FIELD, type FormPostState } from '../../lib/forms/form-post.ts'
import { fieldErrors } from '../../lib/forms/validation.ts'
import { projectHref } from '../../lib/routing/project-links.ts'
import type { AppBindings } from '../app.server.ts'
import { createContext, requestContextOptions } from '../trpc/context.server.ts'
import { FieldError } from '../trpc/field-error.server.ts'
import { createCaller } from '../trpc/router.server.ts'

// Simple forms work without JavaScript: the form posts to its own page; the server runs the same tRPC procedure the
// script would call, then redirects (303, post/redirect/get) or renders the page again with the values as typed and
// the messages under the fields (422). With JavaScript the same forms call the API directly and never post.

type Caller = ReturnType<typeof createCaller>
type FormValues = { get(name: string): string; getAll(name: string): string[] }

type FormPost = {
  /** The page's path, `{param}` segments as in the route table. */
  path: string
  /** The value of the hidden `_form` field (a page may have several forms). */
  form: string
  /** Runs the procedure; answers where to go on success. */
  run: (caller: Caller, values: FormValues, params: Record<string, string>) => Promise<string>
}

const FORM_POSTS: FormPost[] = [
  {
    path: '/projects/new',
    form: 'project-create',
    run: async (caller, values) => {
      const { id } = await caller.projects.create({ name: values.get('name'), key: values.get('key'), description: values.get('description'), portalIds: values.getAll('portalIds') })
      return projectHref('overview', id)
    },
  },
]

function matchPath(pattern: string, pathname: string): Record<string, string> | null {
  const names: string[] = []
  const regex = new RegExp(`^${pattern.replace(/\{(\w+)\}/g, (_, name: string) => (names.push(name), '([^/]+)'))}/?$`)
  const match = regex.exec(pathname)
  if (!match) return null
  try {
    return Object.fromEntries(names.map((name, index) => [name, decodeURIComponent(match[index + 1]!)]))
  } catch {
    return null
  }
}

function isFormBody(c: Context<AppBindings>): boolean {
  const type = c.req.header('content-type') ?? ''
  return type.startsWith('application/x-www-form-urlencoded') || type.startsWith('multipart/form-data')
}

/** The refusal as the form shows it: field messages from the input's rules or the procedure, else one message. */
function refusal(error: unknown, t: Translate): Pick<FormPostState, 'fieldErrors' | 'formError'> {
  if (busyErrorIn(error)) return { fieldErrors: {}, formError: t('errors.busy') }
  if (error instanceof TRPCError) {
    // zod refusals of the input carry message keys; the form shows them in the user's language.
    if (error.cause instanceof ZodError) return { fieldErrors: fieldErrors(error.cause.issues, t), formError: null }
    if (error.cause instanceof FieldError) return { fieldErrors: error.cause.fields, formError: null }
    if (error.code !== 'INTERNAL_SERVER_ERROR') return { fieldErrors: {}, formError: error.message }
  }
  // Anything else is a failure of ours: Hono's error handler answers it with a reference.
  throw error
}

/** Secrets are never sent back into a page. */
const NEVER_KEPT = /password|token|secret/i

/**
 * Hono middleware for page posts. A post to a page with a registered form runs it; anything else goes on to Vike
 * unchanged. The CSRF check (same origin) has run before this.
 */
export async function formPosts(c: Context<AppBindings>, next: Next) {
  if (c.req.method !== 'POST' || !isFormBody(c)) return next()
  const pathname = new URL(c.req.url).pathname
  const body = await c.req.formData()
  const formName = String(body.get(FORM_NAME_FIELD) ?? '')
  let params: Record<string, string> | null = null
  const post = FORM_POSTS.find((candidate) => candidate.form === formName && (params = matchPath(candidate.path, pathname)) !== null)
  if (!post || !params) return next()
  // Every form here is a signed-in one; a post without a session (it expired) goes to sign in, then back to the page.
  if (!c.var.user) return c.redirect(`/auth/login?redirect=${encodeURIComponent(pathname)}`, 303)
  const values: FormValues = {
    get: (name) => {
      const value = body.get(name)
      return typeof value === 'string' ? value : ''
    },
    getAll: (name) => body.getAll(name).filter((value): value is string => typeof value === 'string'),
  }
  const ctx = await createContext(requestContextOptions(c))
  try {
    const target = await post.run(createCaller(ctx), values, params)
    return c.redirect(target, 303)
  } catch (error) {
    const translated = refusal(error, ctx.t)
    const kept: FormPostState['values'] = {}
    for (const [name, value] of body.entries()) {
      if (typeof value !== 'string' || name === FORM_NAME_FIELD || NEVER_KEPT.test(name)) continue
      const before = kept[name]
      kept[name] = before === undefined ? value : Array.isArray(before) ? [...before, value] : [before, value]
    }
    c.set('formPost', { form: formName, values: kept, ...translated })
    await next()
    // The page again, with the messages: the request was understood and refused.
    if (c.res.status === 200) c.res = new Response(c.res.body, { status: 422, headers: c.res.headers })
  }
}
