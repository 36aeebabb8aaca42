import { useState, type FormEvent } from 'react'
import type { z } from 'zod'
import type { FormPostState } from './form-post.ts'
import type { FieldErrors } from './validation.ts'
import { checkForm, usePreloadedSchema, type SchemaLoader } from './form-checks.ts'
import { loadApiFailure, failureTexts } from '../api/load-client.ts'
import { useT } from '../i18n/I18nProvider.tsx'

type State = { pending: boolean; errors: FieldErrors; formError: string | null }

/**
 * A form checked in the browser with the same zod schema the server uses, then submitted; server refusals land
 * under the fields they concern. Nothing the user typed is lost when a submission fails. `posted`: the form's state
 * when the page comes back from a refused post without JavaScript (lib/forms/use-posted-form.ts), its messages shown.
 * `loadSchema` imports the schema's module: zod is about 25 KB gzip, so it is not part of the page's first load
 * (decision 021) but fetched once the page has hydrated (./form-checks.ts), well before anyone submits.
 */
export function useSchemaForm<S extends z.ZodType>(loadSchema: SchemaLoader<S>, submit: (value: z.output<S>) => Promise<void>, posted: FormPostState | null = null) {
  const t = useT()
  const [state, setState] = useState<State>(() => ({ pending: false, errors: posted?.fieldErrors ?? {}, formError: posted?.formError ?? null }))
  usePreloadedSchema(loadSchema)

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const values = Object.fromEntries(new FormData(event.currentTarget).entries())
    const checked = await checkForm(loadSchema, values, t)
    if (!checked.ok) {
      setState({ pending: false, errors: checked.errors ?? {}, formError: checked.errors ? null : t('common.networkError') })
      return
    }
    setState({ pending: true, errors: {}, formError: null })
    try {
      await submit(checked.data)
      setState({ pending: false, errors: {}, formError: null })
    } catch (error) {
      const failure = await loadApiFailure(error, failureTexts(t))
      const hasFieldError = Object.keys(failure.fieldErrors).length > 0
      setState({ pending: false, errors: failure.fieldErrors, formError: hasFieldError ? null : failure.message })
    }
  }

  return { ...state, onSubmit }
}
