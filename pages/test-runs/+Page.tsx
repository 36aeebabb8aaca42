import { useData } from 'vike-react/useData'
import { PageIntro } from '../../components/PageIntro.tsx'
import { NeedsJavaScript } from '../../components/NeedsJavaScript.tsx'
import { NoProject } from '../../features/test-runs/NoProject.tsx'
import { RunList } from '../../features/test-runs/RunList.tsx'
import { StartRunForm } from '../../features/test-runs/StartRunForm.tsx'
import { ApiProvider } from '../../lib/api/trpc.tsx'
import { useT } from '../../lib/i18n/I18nProvider.tsx'
import type { Data } from './+data.ts'

export default function Page() {
  const t = useT()
  const { list, start } = useData<Data>()
  if (start) {
    return (
      <PageIntro title={t('runs.startTitle')} description={t('runs.startIntro', { project: start.project.name })}>
        <NeedsJavaScript />
        {/* Here rather than in a +Wrapper, which the run's own page below this folder would inherit. */}
        <ApiProvider>
          <StartRunForm key={start.project.id} choices={start} />
        </ApiProvider>
      </PageIntro>
    )
  }
  if (!list) {
    return (
      <PageIntro title={t('pages.testRunsTitle')} description={t('pages.testRunsDescription')}>
        <NoProject />
      </PageIntro>
    )
  }
  return (
    <PageIntro title={t('pages.testRunsTitle')} description={t('runs.listIntro', { project: list.project.name })}>
      <RunList list={list} />
    </PageIntro>
  )
}
