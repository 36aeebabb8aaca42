import { useState, type FormEvent } from 'react'
import type { z } from 'zod'
import { apiFailure } from '../api/trpc.tsx'
import type { FormPostState } from './form-post.ts'
import { fieldErrors, type FieldErrors } from './validation.ts'
import { useT } from '../i18n/I18nProvider.tsx'

type State = { pending: boolean; errors: FieldErrors; formError: string | null }

/**
 * A form checked in the browser with the same zod schema the server uses, then submitted; server refusals land
 * under the fields they concern. Nothing the user typed is lost when a submission fails. `posted`: the form's state
 * when the page comes back from a refused post without JavaScript (lib/forms/use-posted-form.ts), its messages shown.
 */
export function useSchemaForm<S extends z.ZodType>(schema: S, submit: (value: z.output<S>) => Promise<void>, posted: FormPostState | null = null) {
  const t = useT()
  const [state, setState] = useState<State>(() => ({ pending: false, errors: posted?.fieldErrors ?? {}, formError: posted?.formError ?? null }))

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const values = Object.fromEntries(new FormData(event.currentTarget).entries())
    const parsed = schema.safeParse(values)
    if (!parsed.success) {
      setState({ pending: false, errors: fieldErrors(parsed.error.issues, t), formError: null })
      return
    }
    setState({ pending: true, errors: {}, formError: null })
    try {
      await submit(parsed.data)
      setState({ pending: false, errors: {}, formError: null })
    } catch (error) {
      const failure = apiFailure(error, { network: t('auth.networkError'), unexpected: t('auth.unexpectedError') })
      const hasFieldError = Object.keys(failure.fieldErrors).length > 0
      setState({ pending: false, errors: failure.fieldErrors, formError: hasFieldError ? null : failure.message })
    }
  }

  return { ...state, onSubmit }
}
