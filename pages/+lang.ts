import type { PageContext } from 'vike/types'

// https://vike.dev/lang — `<html lang>` follows the interface language.
export default function lang(pageContext: PageContext): string {
  return pageContext.locale
}
