import { useData } from 'vike-react/useData'
import { PageIntro } from '../../../../components/PageIntro.tsx'
import { NeedsJavaScript } from '../../../../components/NeedsJavaScript.tsx'
import { CaseForm } from '../../../../features/case-editor/CaseForm.tsx'
import { useT } from '../../../../lib/i18n/I18nProvider.tsx'
import type { Data } from './+data.ts'

export default function Page() {
  const t = useT()
  const { editor } = useData<Data>()
  return (
    <PageIntro title={t('editor.editTitle', { key: editor.case.key })} description={t('editor.editIntro', { title: editor.case.title, project: editor.project.name })}>
      <NeedsJavaScript />
      <CaseForm context={editor.context} saved={editor.case} />
    </PageIntro>
  )
}
