import { useData } from 'vike-react/useData'
import { PageIntro } from '../../../../components/PageIntro.tsx'
import { NeedsJavaScript } from '../../../../components/NeedsJavaScript.tsx'
import { KIND_KEYS } from '../../../../features/test-suites/labels.ts'
import { SuiteEditor } from '../../../../features/test-suites/SuiteEditor.tsx'
import { useT } from '../../../../lib/i18n/I18nProvider.tsx'
import type { Data } from './+data.ts'

export default function Page() {
  const t = useT()
  const data = useData<Data>()
  return (
    <PageIntro title={t('suites.editTitle', { name: data.suite.name })} description={t('suites.editIntro', { kind: t(KIND_KEYS[data.suite.kind]), project: data.project.name })}>
      <NeedsJavaScript />
      {/* A new suite (or the same one reloaded) starts a new editor. */}
      <SuiteEditor key={`${data.suite.id}@${data.suite.version}`} suite={data.suite} project={data.project} sections={data.sections} tags={data.tags} folders={data.folders} portals={data.portals} />
    </PageIntro>
  )
}
