import { useT } from '../lib/i18n/I18nProvider.tsx'
import { FormAlert } from './FormAlert.tsx'

/** Shown only when the browser runs no JavaScript, above an interactive editor that cannot work without it. */
export function NeedsJavaScript() {
  const t = useT()
  return (
    <noscript>
      <FormAlert tone="info">{t('common.needsJavaScript')}</FormAlert>
    </noscript>
  )
}
