import { lazy, Suspense } from 'react'
import { useData } from 'vike-react/useData'
import { PageIntro } from '../../components/PageIntro.tsx'
import { NeedsJavaScript } from '../../components/NeedsJavaScript.tsx'
import { NoProject } from '../../features/test-runs/NoProject.tsx'
import { RunList } from '../../features/test-runs/RunList.tsx'
import { useT } from '../../lib/i18n/I18nProvider.tsx'
import type { Data } from './+data.ts'
import { StaleRuns } from './StaleRuns.tsx'

// Loaded only when the page is the start form (`?start`): the run list does not carry the form and its API client.
const StartRunSection = lazy(() => import('../../features/test-runs/StartRunSection.tsx'))

export default function Page() {
  const t = useT()
  const { list, start, stale } = useData<Data>()
  if (start) {
    return (
      <PageIntro title={t('runs.startTitle')} description={t('runs.startIntro', { project: start.project.name })}>
        <NeedsJavaScript />
        <Suspense fallback={null}>
          <StartRunSection choices={start} />
        </Suspense>
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
      {stale ? <StaleRuns stale={stale} /> : null}
    </PageIntro>
  )
}
