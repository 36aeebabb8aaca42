import { usePageContext } from 'vike-react/usePageContext'
import { css } from '../../styled-system/css'
import { useT } from '../../lib/i18n/I18nProvider.tsx'

// https://vike.dev/error-page — rendered for unknown paths (404) and for any failure (status from the abort, else 500).
export default function Page() {
  const t = useT()
  const { is404, urlPathname, abortStatusCode } = usePageContext()
  const status = is404 ? 404 : (abortStatusCode ?? 500)
  return (
    <section aria-labelledby="error-title" data-status={status} className={css({ py: '12' })}>
      <p className={css({ fontSize: '4xl', fontWeight: '700', color: 'text.muted' })}>{status}</p>
      <h1 id="error-title" className={css({ fontSize: '2xl', fontWeight: '600', my: '2' })}>
        {is404 ? t('errors.notFoundTitle') : t('errors.serverErrorTitle')}
      </h1>
      <p role="alert">{is404 ? t('errors.notFoundMessage', { path: urlPathname }) : t('errors.serverErrorMessage')}</p>
      <p className={css({ mt: '6' })}>
        <a href="/">{t('errors.backHome')}</a>
      </p>
    </section>
  )
}
