import { useData } from 'vike-react/useData'
import { css } from '../../styled-system/css'
import { PageIntro } from '../../components/PageIntro.tsx'
import { useIntl, useT } from '../../lib/i18n/I18nProvider.tsx'
import type { Data } from './+data.ts'

export default function Page() {
  const t = useT()
  const intl = useIntl()
  const data = useData<Data>()
  const via = data.via === 'cookie' ? t('pages.testAuthViaCookie') : data.via === 'token' ? t('pages.testAuthViaToken') : t('pages.testAuthViaNone')
  return (
    <PageIntro title={t('pages.testAuthTitle')} description={t('pages.testAuthDescription')}>
      <dl className={css({ display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', gap: '2 6' })}>
        <dt>{t('pages.testAuthSignedIn')}</dt>
        <dd data-testid="signed-in">{data.signedIn ? t('common.yes') : t('common.no')}</dd>
        {data.signedIn ? (
          <>
            <dt>{t('pages.testAuthUser')}</dt>
            <dd data-testid="signed-in-as">
              {data.name} ({data.email})
            </dd>
          </>
        ) : null}
        <dt>{t('pages.testAuthVia')}</dt>
        <dd data-testid="auth-via">{via}</dd>
        {data.expiresAt ? (
          <>
            <dt>{t('pages.testAuthExpires')}</dt>
            <dd data-testid="session-expires">{intl.formatDate(data.expiresAt, { dateStyle: 'long', timeStyle: 'short' })}</dd>
          </>
        ) : null}
        <dt>{t('pages.testAuthRuntime')}</dt>
        <dd>{data.runtime}</dd>
      </dl>
    </PageIntro>
  )
}
