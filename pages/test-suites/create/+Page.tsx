import { useData } from 'vike-react/useData'
import { PageIntro } from '../../../components/PageIntro.tsx'
import { NeedsJavaScript } from '../../../components/NeedsJavaScript.tsx'
import { NoProject } from '../../../features/test-suites/NoProject.tsx'
import { SuiteCreateForm } from '../../../features/test-suites/SuiteCreateForm.tsx'
import { useT } from '../../../lib/i18n/I18nProvider.tsx'
import type { Data } from './+data.ts'

export default function Page() {
  const t = useT()
  const { choices } = useData<Data>()
  return (
    <PageIntro title={t('pages.testSuiteCreateTitle')} description={choices ? t('suites.createIntro', { project: choices.project.name }) : t('pages.testSuiteCreateDescription')}>
      <NeedsJavaScript />
      {choices ? <SuiteCreateForm key={choices.project.id} choices={choices} /> : <NoProject />}
    </PageIntro>
  )
}
