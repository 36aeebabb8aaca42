import { useData } from 'vike-react/useData'
import { css } from '../../styled-system/css'
import { PageIntro } from '../../components/PageIntro.tsx'
import { DataSection } from '../../features/accounts/profile/DataSection.tsx'
import { DetailsSection, PasswordSection, PreferencesSection } from '../../features/accounts/profile/DetailsSection.tsx'
import { SessionsSection } from '../../features/accounts/profile/SessionsSection.tsx'
import { TokensSection } from '../../features/accounts/profile/TokensSection.tsx'
import { useT } from '../../lib/i18n/I18nProvider.tsx'
import type { Data } from './+data.ts'

export default function Page() {
  const t = useT()
  const { me, sessions, tokens } = useData<Data>()
  if (!me.user) return null
  return (
    <PageIntro title={t('pages.profileTitle')} description={t('pages.profileDescription')}>
      <div className={css({ display: 'grid', gap: '6' })}>
        <DetailsSection user={me.user} />
        <PreferencesSection />
        <PasswordSection />
        <SessionsSection sessions={sessions} />
        <TokensSection tokens={tokens} />
        <DataSection />
      </div>
    </PageIntro>
  )
}
