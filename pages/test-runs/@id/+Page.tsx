import { useData } from 'vike-react/useData'
import { lazyWithGroups } from '../../../components/lazy-with-groups.tsx'
import { roleAtLeast } from '../../../lib/domain/test-management.ts'
import { useT } from '../../../lib/i18n/I18nProvider.tsx'
import { css } from '../../../styled-system/css'
import { RunExecution } from './RunExecution.tsx'
import type { Data } from './+data.ts'

// Files load after the page (decision 021); the server renders them in place. Its texts are the page's.
const AttachmentsPanel = lazyWithGroups([], () => import('../../../components/AttachmentsPanel.tsx'))

export default function Page() {
  const data = useData<Data>()
  const t = useT()
  const canWrite = roleAtLeast(data.role, 'tester') && data.detail.run.state !== 'completed'
  // A new first paint (a link from elsewhere) starts the view over.
  return (
    <>
      <RunExecution key={`${data.detail.run.id}:${data.detail.version}:${data.open?.runCase.id ?? ''}`} initial={{ detail: data.detail, info: data.run, members: data.members, query: data.query, open: data.open, junitNotice: data.junitNotice }} />
      <div className={css({ mt: '8' })}>
        <AttachmentsPanel target={{ kind: 'run', runId: data.detail.run.id }} seed={data.attachments.run} canWrite={canWrite} heading={t('attachments.runHeading')} headingLevel={2} maxMegabytes={data.attachments.maxMb} testId="run-attachments" />
      </div>
    </>
  )
}
