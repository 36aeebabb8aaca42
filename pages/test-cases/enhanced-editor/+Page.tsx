import { useData } from 'vike-react/useData'
import { PageIntro } from '../../../components/PageIntro.tsx'
import { NeedsJavaScript } from '../../../components/NeedsJavaScript.tsx'
import { EnhancedEditor } from '../../../features/case-editor/EnhancedEditor.tsx'
import { NoProject } from '../../../features/case-editor/NoProject.tsx'
import { useT } from '../../../lib/i18n/I18nProvider.tsx'
import type { Data } from './+data.ts'

export default function Page() {
  const t = useT()
  const { editor } = useData<Data>()
  return (
    <PageIntro title={t('pages.enhancedEditorTitle')} description={editor ? t('editor.enhancedIntro', { project: editor.project.name }) : t('pages.enhancedEditorDescription')}>
      <NeedsJavaScript />
      {editor ? <EnhancedEditor context={editor.context} userId={editor.userId} cases={editor.cases} firstDraftId={editor.firstDraftId} folder={editor.folder} /> : <NoProject />}
    </PageIntro>
  )
}
