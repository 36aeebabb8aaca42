import { TRPCError } from '@trpc/server'
import type { Context, Next } from 'hono'
import { ZodError, type z } from 'zod'
import { busyErrorIn } from '../../db/busy.server.ts'
import type { Translate } from '../../lib/i18n/intl.ts'
import { FORM_NAME_FIELD, RESET_DONE_QUERY, type FormPostState } from '../../lib/forms/form-post.ts'
import { fieldErrors } from '../../lib/forms/validation.ts'
import { ResetPasswordFormSchema, SignupFormSchema } from '../../lib/forms/account-schemas.ts'
import { afterInvitedSignIn, projectHref } from '../../lib/routing/project-links.ts'
import { parseScope } from '../../lib/domain/run-assignment.ts'
import { safeRedirectTarget } from '../../lib/routing/route-table.ts'
import type { AppBindings } from '../app-bindings.server.ts'
import { crossSiteRefusal, csrfViolation } from '../auth/request-info.server.ts'
import { createContext, requestContextOptions } from '../trpc/context.server.ts'
import { FieldError } from '../trpc/field-error.server.ts'
import { createCaller } from '../trpc/router.server.ts'
import { madeBy } from '../../lib/made-by.ts'

// Simple forms work without JavaScript: the form posts to its own page; the server runs the same tRPC procedure the
// script would call, then redirects (303, post/redirect/get) or renders the page again with the values as typed and
// the messages under the fields (422). With JavaScript the same forms call the API directly and never post.
// Signing in and up are forms too: the procedure sets the session cookie on the context's answer headers, which go
// out with the redirect exactly as tRPC's HTTP handler sends them.

type Caller = ReturnType<typeof createCaller>
type FormValues = { get(name: string): string; getAll(name: string): string[] }

type FormPost = {
  /** The page's path, `{param}` segments as in the route table. */
  path: string
  /** The value of the hidden `_form` field (a page may have several forms). */
  form: string
  /**
   * `member`: needs a session (one that expired goes to sign in first); `guest`: signing in or up, for visitors (a
   * signed-in visitor is sent where the form would have taken them); `anyone`: the password reset link.
   */
  access: 'member' | 'guest' | 'anyone'
  /** Runs the procedure; answers where to go on success. `url` is the page's address, its query included. */
  run: (caller: Caller, values: FormValues, params: Record<string, string>, url: URL) => Promise<string>
}

/**
 * The form's own rules beyond the procedure's input (the new password typed twice), checked with the schema the
 * script checks before it calls; a refusal carries the issues as the procedure's own input refusals do.
 */
function formRules<S extends z.ZodType>(schema: S, fields: Record<string, string>): z.output<S> {
  const parsed = schema.safeParse(fields)
  if (!parsed.success) throw new TRPCError({ code: 'BAD_REQUEST', cause: parsed.error })
  return parsed.data
}

/** Where signing in or up leads: the page asked for (same site only), else the signed-in home. */
function afterSignIn(url: URL): string {
  return safeRedirectTarget(url.searchParams.get('redirect'))
}

/** The invitation link's token a sign-in or sign-up page carries in its query (docs/decisions/028-invitations.md). */
function invitationIn(url: URL): string | undefined {
  return url.searchParams.get('invitation') || undefined
}

const FORM_POSTS: FormPost[] = [
  {
    path: '/projects/new',
    form: 'project-create',
    access: 'member',
    run: async (caller, values) => {
      const { id } = await caller.projects.create({ name: values.get('name'), key: values.get('key'), description: values.get('description'), portalIds: values.getAll('portalIds') })
      return projectHref('overview', id)
    },
  },
  {
    path: '/ckan-instances',
    form: 'portal-add',
    access: 'member',
    run: async (caller, values) => {
      await caller.portals.add({ url: values.get('url'), name: values.get('name'), country: values.get('country') })
      return '/ckan-instances'
    },
  },
  {
    // The run page's bulk assignment: the ticked cases (`runCaseIds`), a section or a folder, to a member or nobody.
    path: '/test-runs/{id}',
    form: 'run-assign',
    access: 'member',
    run: async (caller, values, params, url) => {
      const scope = parseScope(values.get('scope'))
      const who = values.get('assigneeId')
      const target = scope?.kind === 'section' ? { section: scope.name } : scope?.kind === 'folder' ? { folder: scope.path } : { runCaseIds: values.getAll('runCaseIds') }
      await caller.testRuns.assign({ id: params.id ?? '', assigneeId: who && who !== 'none' ? who : null, ...target })
      return `${url.pathname}${url.search}`
    },
  },
  {
    path: '/test-cases/{id}',
    form: 'case-default-assignee',
    access: 'member',
    run: async (caller, values, params, url) => {
      const who = values.get('assigneeId')
      await caller.testCases.setDefaultAssignee({ caseId: params.id ?? '', assigneeId: who && who !== 'none' ? who : null })
      return `${url.pathname}${url.search}`
    },
  },
  {
    path: '/auth/login',
    form: 'login',
    access: 'guest',
    run: async (caller, values, _params, url) => {
      const invitation = invitationIn(url)
      const { joinedProjectId } = await caller.auth.login({ email: values.get('email'), password: values.get('password'), invitation })
      return afterInvitedSignIn(joinedProjectId, invitation, afterSignIn(url))
    },
  },
  {
    path: '/auth/signup',
    form: 'signup',
    access: 'guest',
    run: async (caller, values, _params, url) => {
      const fields = { name: values.get('name'), email: values.get('email'), password: values.get('password'), passwordConfirm: values.get('passwordConfirm') }
      const { name, email, password } = formRules(SignupFormSchema, fields)
      const invitation = invitationIn(url)
      const { joinedProjectId } = await caller.auth.signup({ name, email, password, invitation })
      return afterInvitedSignIn(joinedProjectId, invitation, afterSignIn(url))
    },
  },
  {
    path: '/invitation',
    form: 'invitation-accept',
    access: 'member',
    run: async (caller, _values, _params, url) => {
      const { projectId } = await caller.invitations.accept({ token: url.searchParams.get('token') ?? '' })
      return projectHref('overview', projectId)
    },
  },
  {
    path: '/auth/reset-password',
    form: 'reset-password',
    access: 'anyone',
    run: async (caller, values, _params, url) => {
      const { password } = formRules(ResetPasswordFormSchema, { password: values.get('password'), passwordConfirm: values.get('passwordConfirm') })
      await caller.auth.resetPassword({ token: url.searchParams.get('token') ?? '', password })
      // Every session ended with the reset: the sign-in page says that the password changed.
      return `/auth/login?${new URLSearchParams(RESET_DONE_QUERY).toString()}`
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
  if (madeBy(error, TRPCError)) {
    // zod refusals of the input carry message keys; the form shows them in the user's language.
    if (madeBy(error.cause, ZodError)) return { fieldErrors: fieldErrors(error.cause.issues, t), formError: null }
    if (madeBy(error.cause, FieldError)) return { fieldErrors: error.cause.fields, formError: null }
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
  const url = new URL(c.req.url)
  const pathname = url.pathname
  const body = await c.req.formData()
  const formName = String(body.get(FORM_NAME_FIELD) ?? '')
  let params: Record<string, string> | null = null
  const post = FORM_POSTS.find((candidate) => candidate.form === formName && (params = matchPath(candidate.path, pathname)) !== null)
  if (!post || !params) return next()
  // A page's form is posted by a browser, which always says where from: without a session cookie too (the check before
  // this one lets those through for scripts), or another site could sign a visitor in to its own account.
  if (csrfViolation(c.req.raw, true)) return crossSiteRefusal()
  if (post.access === 'guest' && c.var.user) return c.redirect(afterSignIn(url), 303)
  // A post without a session (it expired) goes to sign in, then back to the page.
  if (post.access === 'member' && !c.var.user) return c.redirect(`/auth/login?redirect=${encodeURIComponent(pathname)}`, 303)
  const values: FormValues = {
    get: (name) => {
      const value = body.get(name)
      return typeof value === 'string' ? value : ''
    },
    getAll: (name) => body.getAll(name).filter((value): value is string => typeof value === 'string'),
  }
  const ctx = await createContext(requestContextOptions(c))
  try {
    const target = await post.run(createCaller(ctx), values, params, url)
    // What the procedure adds to its answer (the session cookie) goes out with the redirect.
    for (const [name, value] of ctx.resHeaders) c.header(name, value, { append: true })
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
    // The page again, with the messages: the request was understood and refused (Retry-After when it was throttled).
    for (const [name, value] of ctx.resHeaders) c.res.headers.append(name, value)
    if (c.res.status === 200) c.res = new Response(c.res.body, { status: 422, headers: c.res.headers })
  }
}
