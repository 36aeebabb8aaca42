import { useData } from 'vike-react/useData'
import { lazyWithGroups } from '../../../components/lazy-with-groups.tsx'
import { useT } from '../../../lib/i18n/I18nProvider.tsx'
import type { Data } from './+data.ts'

// Files load after the page (decision 021); the server renders them in place. Its texts are the page's.
const AttachmentsPanel = lazyWithGroups([], () => import('../../../components/AttachmentsPanel.tsx'))

/** The files of a result (the open case's latest): from the page's data when it is the one the page opened with. */
export function ResultAttachments({ resultId, canWrite }: { resultId: number; canWrite: boolean }) {
  const t = useT()
  const data = useData<Data>()
  const seed = data.attachments.result?.resultId === resultId ? data.attachments.result.items : undefined
  return <AttachmentsPanel key={resultId} target={{ kind: 'result', resultId }} seed={seed} canWrite={canWrite} heading={t('attachments.resultHeading')} headingLevel={4} maxMegabytes={data.attachments.maxMb} testId="result-attachments" />
}
