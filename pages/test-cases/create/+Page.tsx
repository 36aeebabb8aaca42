import { useData } from 'vike-react/useData'
import { PageIntro } from '../../../components/PageIntro.tsx'
import { NeedsJavaScript } from '../../../components/NeedsJavaScript.tsx'
import { CaseForm } from '../../../features/case-editor/CaseForm.tsx'
import { NoProject } from '../../../features/case-editor/NoProject.tsx'
import { useT } from '../../../lib/i18n/I18nProvider.tsx'
import type { Data } from './+data.ts'

export default function Page() {
  const t = useT()
  const { editor } = useData<Data>()
  return (
    <PageIntro title={t('pages.testCaseCreateTitle')} description={editor ? t('editor.createIntro', { project: editor.project.name }) : t('pages.testCaseCreateDescription')}>
      <NeedsJavaScript />
      {editor ? <CaseForm context={editor.context} saved={null} folder={editor.folder} /> : <NoProject />}
    </PageIntro>
  )
}
