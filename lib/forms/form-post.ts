// What a form posted without JavaScript comes back with when the server refuses it: the page is rendered again for
// the same address with the values as typed and the messages under the fields (server/forms/form-posts.server.ts).
// `form` names which form of the page it was, so a page with several forms shows the state in the right one.

export type FormPostState = {
  form: string
  values: Record<string, string | string[]>
  fieldErrors: Record<string, string>
  formError: string | null
}

/** The hidden field that names the form of a page a post came from. */
export const FORM_NAME_FIELD = '_form'

/** The query of the sign-in page a password reset posted without JavaScript leads to (it says the password changed). */
export const RESET_DONE_QUERY = { reset: 'done' } as const

/** The posted state for the form `name`, if the page was rendered after that form was refused. */
export function postedStateFor(state: FormPostState | null | undefined, name: string): FormPostState | null {
  return state && state.form === name ? state : null
}

/** A posted value as one string (the first, for fields that may repeat). */
export function postedValue(state: FormPostState | null, field: string): string | undefined {
  const value = state?.values[field]
  return Array.isArray(value) ? value[0] : value
}

/** A posted value as a list (checkboxes and multiple selects). */
export function postedValues(state: FormPostState | null, field: string): string[] | undefined {
  const value = state?.values[field]
  return value === undefined ? undefined : Array.isArray(value) ? value : [value]
}
