import type { PageContextServer } from 'vike/types'

// https://vike.dev/htmlAttributes — a signed-in user's theme travels with the account; the pre-paint script reads it.
export default function htmlAttributes(pageContext: PageContextServer): Record<string, string> {
  const theme = pageContext.user?.theme
  return theme ? { 'data-user-theme': theme } : {}
}
