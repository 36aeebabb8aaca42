import { PageIntro } from '../../../../components/PageIntro.tsx'
import { useT } from '../../../../lib/i18n/I18nProvider.tsx'

export default function Page() {
  const t = useT()
  return <PageIntro title={t('pages.projectSettingsTitle')} description={t('pages.projectSettingsDescription')} />
}
