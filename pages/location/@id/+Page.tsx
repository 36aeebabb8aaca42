import { useData } from 'vike-react/useData'
import { PageIntro } from '../../../components/PageIntro.tsx'
import { useLocale, useT } from '../../../lib/i18n/I18nProvider.tsx'
import type { Data } from './+data.ts'

export default function Page() {
  const t = useT()
  const locale = useLocale()
  const { region } = useData<Data>()
  const level = region.level === 'cz-kraj' ? t('pages.locationKraj', { id: region.id }) : t('pages.locationCountry', { id: region.id })
  return <PageIntro title={locale === 'cs' ? region.nameCs : region.nameEn} description={`${level}. ${t('pages.locationDescription')}`} />
}
