import { useEffect, useState, type FormEvent } from 'react'
import type { z } from 'zod'
import type { FormPostState } from './form-post.ts'
import type { FieldErrors } from './validation.ts'
import { useT } from '../i18n/I18nProvider.tsx'

type State = { pending: boolean; errors: FieldErrors; formError: string | null }

/** What checking needs: the schema, the issue-to-message mapping and the failure reading, all of them with zod. */
function loadChecks<S extends z.ZodType>(loadSchema: () => Promise<S>) {
  return Promise.all([loadSchema(), import('./validation.ts'), import('../api/browser-client.ts')])
}

/**
 * A form checked in the browser with the same zod schema the server uses, then submitted; server refusals land
 * under the fields they concern. Nothing the user typed is lost when a submission fails. `posted`: the form's state
 * when the page comes back from a refused post without JavaScript (lib/forms/use-posted-form.ts), its messages shown.
 * `loadSchema` imports the schema's module: zod is about 25 KB gzip, so it is not part of the page's first load
 * (decision 021) but fetched once the page has hydrated, well before anyone submits.
 */
export function useSchemaForm<S extends z.ZodType>(loadSchema: () => Promise<S>, submit: (value: z.output<S>) => Promise<void>, posted: FormPostState | null = null) {
  const t = useT()
  const [state, setState] = useState<State>(() => ({ pending: false, errors: posted?.fieldErrors ?? {}, formError: posted?.formError ?? null }))

  useEffect(() => {
    // A failed fetch here is tried again on submit.
    loadChecks(loadSchema).catch(() => undefined)
  }, [loadSchema])

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const values = Object.fromEntries(new FormData(event.currentTarget).entries())
    let checks: Awaited<ReturnType<typeof loadChecks<S>>>
    try {
      checks = await loadChecks(loadSchema)
    } catch {
      setState({ pending: false, errors: {}, formError: t('common.networkError') })
      return
    }
    const [schema, { fieldErrors }, { apiFailure }] = checks
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
      const failure = apiFailure(error, { network: t('common.networkError'), unexpected: t('common.unexpectedError') })
      const hasFieldError = Object.keys(failure.fieldErrors).length > 0
      setState({ pending: false, errors: failure.fieldErrors, formError: hasFieldError ? null : failure.message })
    }
  }

  return { ...state, onSubmit }
}
