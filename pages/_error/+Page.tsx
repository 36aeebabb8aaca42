import { usePageContext } from 'vike-react/usePageContext'
import { css } from '../../styled-system/css'
import { useT } from '../../lib/i18n/I18nProvider.tsx'

// https://vike.dev/error-page — rendered for unknown paths (404) and for any failure (status from the abort, else 500).
export default function Page() {
  const t = useT()
  const { is404, urlPathname, abortStatusCode, abortReason } = usePageContext()
  const status = is404 ? 404 : (abortStatusCode ?? 500)
  // A refusal of the API (someone else's project, a role that is too low) says why, in the user's language.
  const reason = typeof abortReason === 'object' && abortReason && typeof abortReason.userMessage === 'string' ? abortReason.userMessage : null
  const title = status === 404 ? t('errors.notFoundTitle') : status === 403 ? t('errors.forbiddenTitle') : t('errors.serverErrorTitle')
  const message = reason ?? (status === 404 ? t('errors.notFoundMessage', { path: urlPathname }) : status === 403 ? t('errors.forbiddenMessage') : t('errors.serverErrorMessage'))
  return (
    <section aria-labelledby="error-title" data-status={status} className={css({ py: '12' })}>
      <p className={css({ fontSize: '4xl', fontWeight: '700', color: 'text.muted' })}>{status}</p>
      <h1 id="error-title" className={css({ fontSize: '2xl', fontWeight: '600', my: '2' })}>
        {title}
      </h1>
      <p role="alert">{message}</p>
      <p className={css({ mt: '6' })}>
        <a href="/">{t('errors.backHome')}</a>
      </p>
    </section>
  )
}
