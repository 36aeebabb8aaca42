import { usePageContext } from 'vike-react/usePageContext'
import { navigate } from 'vike/client/router'
import { css } from '../../styled-system/css'
import { Button } from '../../components/ui/button.tsx'
import { useT } from '../../lib/i18n/I18nProvider.tsx'
import { navigationFailed } from './navigation-failed.ts'

// https://vike.dev/error-page — rendered for unknown paths (404), for any failure (status from the abort, else 500),
// and in the browser when a client-side navigation failed without an answer (the server unreachable, the connection
// dropped): that one offers to try again or go back, since the page the person came from is one step back.
export default function Page() {
  const t = useT()
  const pageContext = usePageContext()
  const { is404, urlPathname, abortStatusCode, abortReason } = pageContext
  if (navigationFailed(pageContext)) return <Unreachable />
  const status = is404 ? 404 : (abortStatusCode ?? 500)
  // A refusal of the API (someone else's project, a role that is too low) says why, in the user's language.
  const reason = typeof abortReason === 'object' && abortReason && typeof abortReason.userMessage === 'string' ? abortReason.userMessage : null
  const title = status === 404 ? t('errorpage.notFoundTitle') : status === 403 ? t('errorpage.forbiddenTitle') : t('errorpage.serverErrorTitle')
  const message = reason ?? (status === 404 ? t('errorpage.notFoundMessage', { path: urlPathname }) : status === 403 ? t('errorpage.forbiddenMessage') : t('errorpage.serverErrorMessage'))
  return (
    <section aria-labelledby="error-title" data-status={status} className={css({ py: '12' })}>
      <p className={css({ fontSize: '4xl', fontWeight: '700', color: 'text.muted' })}>{status}</p>
      <h1 id="error-title" className={css({ fontSize: '2xl', fontWeight: '600', my: '2' })}>
        {title}
      </h1>
      <p role="alert">{message}</p>
      <p className={css({ mt: '6' })}>
        <a href="/">{t('errorpage.backHome')}</a>
      </p>
    </section>
  )
}

function Unreachable() {
  const t = useT()
  const retry = () => void navigate(`${window.location.pathname}${window.location.search}`, { keepScrollPosition: true, overwriteLastHistoryEntry: true })
  return (
    <section aria-labelledby="error-title" data-status="unreachable" className={css({ py: '12', display: 'grid', gap: '4', justifyItems: 'start' })}>
      <h1 id="error-title" className={css({ fontSize: '2xl', fontWeight: '600' })}>
        {t('errorpage.unreachableTitle')}
      </h1>
      <p role="alert">{t('errorpage.unreachableMessage')}</p>
      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3' })}>
        <Button onClick={retry}>{t('common.retry')}</Button>
        <Button variant="outline" onClick={() => window.history.back()}>
          {t('errorpage.goBack')}
        </Button>
      </div>
    </section>
  )
}
