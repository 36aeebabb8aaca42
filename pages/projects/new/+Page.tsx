import { useData } from 'vike-react/useData'
import { PageIntro } from '../../../components/PageIntro.tsx'
import { useT } from '../../../lib/i18n/I18nProvider.tsx'
import type { Data } from './+data.ts'
import { NewProjectForm } from './NewProjectForm.tsx'

export default function Page() {
  const t = useT()
  const { portals } = useData<Data>()
  return (
    <PageIntro title={t('pages.projectNewTitle')} description={t('pages.projectNewDescription')}>
      <NewProjectForm portals={portals} />
    </PageIntro>
  )
}
