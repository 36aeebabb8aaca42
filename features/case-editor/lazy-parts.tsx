import { Suspense } from 'react'
import { css } from '../../styled-system/css'
import { useT } from '../../lib/i18n/I18nProvider.tsx'
import { lazyWithGroups } from '../../components/lazy-with-groups.tsx'
import type { EditorContext } from './editor-types.ts'
import type { CaseEditor } from './use-case-editor.ts'

// Parts of both editors that are not in their first load (decision 021), each with the catalogue groups only it uses
// (`editorparts`: the texts of these parts, apart from the editors' own group); the server renders them in place, and
// the browser starts loading their code when the page's code runs. The check of an automated case (with "Try it now"
// and its evidence: the check's texts, check types, evidence) and the comparison shown when someone else saved
// meanwhile are on few cases. Callers put those two in a Suspense boundary, since a
// case made automated, or a conflict, shows one after the page has hydrated: it says "Loading…" until its code and
// texts are there. The target picker and the custom fields are on every case: without a boundary of their own, the
// page hydrates once they have loaded, as it would with them in its bundle.
export const CheckEditor = lazyWithGroups(['checks', 'checktypes', 'editorparts', 'evidence'], () => import('./CheckEditor.tsx'))
const ConflictPanel = lazyWithGroups(['checks', 'checktypes', 'editorparts'], () => import('./ConflictPanel.tsx'))
export const TargetPicker = lazyWithGroups(['editorparts'], () => import('./TargetPicker.tsx'))
export const CustomFieldsEditor = lazyWithGroups(['editorparts'], () => import('./CustomFieldsEditor.tsx'))

/** What a part's Suspense boundary shows while its code and texts load. */
export function PartLoading() {
  const t = useT()
  return <p className={css({ color: 'text.muted' })}>{t('common.loading')}</p>
}

/** The comparison of both versions while the editor has a conflict to resolve; nothing otherwise. */
export function EditorConflict({ editor, context, headingLevel }: { editor: CaseEditor; context: EditorContext; headingLevel: 2 | 3 }) {
  if (!editor.conflict) return null
  return (
    <Suspense fallback={<PartLoading />}>
      <ConflictPanel
        key={editor.conflict.version}
        conflict={editor.conflict}
        mine={editor.draft}
        customFields={context.customFields}
        sharedSteps={context.sharedSteps}
        members={context.members}
        pending={editor.pending}
        headingLevel={headingLevel}
        onResolve={(merged, andSave) => void editor.resolveConflict(merged, andSave)}
      />
    </Suspense>
  )
}
