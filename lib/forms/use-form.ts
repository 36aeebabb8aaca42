import { useState, type FormEvent } from 'react'
import type { z } from 'zod'
import type { FormPostState } from './form-post.ts'
import type { FieldErrors } from './validation.ts'
import { checkForm, usePreloadedSchema, type SchemaLoader } from './form-checks.ts'
import type { ApiClient } from '../api/browser-client.ts'
import { useApiAction, type AfterSuccess } from '../api/use-api-action.ts'
import { useT } from '../i18n/I18nProvider.tsx'

type State = { errors: FieldErrors; formError: string | null }

/**
 * A form checked in the browser with the same zod schema the server uses, then sent through `useApiAction` (`call`,
 * with `refresh` for what follows a success: the page's data read again by default); server refusals land under the
 * fields they concern. Nothing the user typed is lost when a submission fails. `posted`: the form's state when the
 * page comes back from a refused post without JavaScript (lib/forms/use-posted-form.ts), its messages shown.
 * `loadSchema` imports the schema's module: zod is about 25 KB gzip, so it is not part of the page's first load
 * (decision 021) but fetched once the page has hydrated (./form-checks.ts), well before anyone submits.
 */
export function useSchemaForm<S extends z.ZodType, R>(
  loadSchema: SchemaLoader<S>,
  call: (client: ApiClient, value: z.output<S>) => Promise<R>,
  { posted = null, refresh = true }: { posted?: FormPostState | null; refresh?: AfterSuccess<R> } = {},
) {
  const t = useT()
  const action = useApiAction(call)
  const [state, setState] = useState<State>(() => ({ errors: posted?.fieldErrors ?? {}, formError: posted?.formError ?? null }))
  usePreloadedSchema(loadSchema)

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const values = Object.fromEntries(new FormData(event.currentTarget).entries())
    const checked = await checkForm(loadSchema, values, t)
    if (!checked.ok) {
      setState({ errors: checked.errors ?? {}, formError: checked.errors ? null : t('common.networkError') })
      return
    }
    setState({ errors: {}, formError: null })
    const outcome = await action.run(checked.data, { refresh })
    if (outcome.ok) return
    const { fieldErrors, message } = outcome.failure
    setState({ errors: fieldErrors, formError: Object.keys(fieldErrors).length > 0 ? null : message })
  }

  /** `done`: the last submission was saved (a form that says so stays on screen). */
  return { ...state, pending: action.pending, done: action.done, onSubmit }
}
