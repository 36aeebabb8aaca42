import { Suspense, useEffect, useMemo, useRef, useState } from 'react'
import { css } from '../../styled-system/css'
import { Button } from '../../components/ui/button.tsx'
import { FormAlert } from '../../components/FormAlert.tsx'
import { useIntl, useT } from '../../lib/i18n/I18nProvider.tsx'
import { caseEditHref, caseHref } from '../../lib/routing/project-links.ts'
import { draftFromCase, emptyDraft, type CaseDraft } from './case-draft.ts'
import { differingFields, draftsDiffer } from './case-diff.ts'
import { sectionClass } from './controls.tsx'
import { CheckEditor, CustomFieldsEditor, EditorConflict, PartLoading, TargetPicker } from './lazy-parts.tsx'
import { loadDraftStore, useDraftStore } from './use-draft-store.ts'
import type { DraftOwner, DraftStorage, StoredDraft } from './draft-store.ts'
import type { EditorContext, SavedCase } from './editor-types.ts'
import { fieldLabel } from './labels.ts'
import { MarkdownField } from './MarkdownField.tsx'
import { MetaFields } from './MetaFields.tsx'
import { TitleField } from './TitleField.tsx'
import { useCaseEditor, type SaveResult } from './use-case-editor.ts'
import { useRevealOnAppear } from './reveal-on-appear.ts'
import { lazyWithGroups } from '../../components/lazy-with-groups.tsx'

/** A case open in the enhanced editor: a saved case, or a new one known by its draft id. */
export type OpenCase = { value: string; saved: SavedCase | null; newDraftId: string; restore: StoredDraft | null }
export type TabStatus = { title: string; dirty: boolean }

type Props = {
  open: OpenCase
  context: EditorContext
  owner: DraftOwner
  folder: string
  active: boolean
  onSaved: (value: string, result: SaveResult) => void
  onStatus: (value: string, status: TabStatus) => void
  onClose: (value: string) => void
}

function browserStorage(): DraftStorage | null {
  try {
    return window.localStorage
  } catch {
    return null
  }
}

// The sortable list (with its drag and keyboard moves) is not in the page's first load; the page hydrates once it is there.
const SortableStepList = lazyWithGroups([], () => import('./SortableStepList.tsx'))

const sectionTitle = css({ fontSize: 'md', fontWeight: '600' })
const AUTOSAVE_MS = 500

/** One case in the enhanced editor, saved on its own; its draft is kept in the browser as it is typed. */
export function EnhancedCasePanel({ open, context, owner, folder, active, onSaved, onStatus, onClose }: Props) {
  const t = useT()
  const intl = useIntl()
  const { drafts, unavailable: draftsUnavailable } = useDraftStore()
  const savedDraft = useMemo(() => (open.saved ? draftFromCase(open.saved) : null), [open.saved])
  const [initialDraft] = useState<CaseDraft>(() => open.restore?.draft ?? savedDraft ?? emptyDraft(folder))
  const panelRef = useRef<HTMLDivElement>(null)
  const editor = useCaseEditor({
    container: panelRef,
    context,
    caseId: open.saved?.id ?? null,
    initialDraft,
    initialSaved: open.saved && savedDraft ? { version: open.saved.version, draft: savedDraft } : null,
    onSaved: (result) => {
      const storage = browserStorage()
      // Without the drafts' module (it could not be fetched) nothing was kept, and asking for it again would take the
      // failure for a new build and reload the page just saved.
      if (storage && !draftsUnavailable) {
        void loadDraftStore().then((store) => {
          store?.clearDraft(storage, owner, { newDraftId: open.newDraftId })
          store?.clearDraft(storage, owner, { caseId: result.id })
        })
      }
      onSaved(open.value, result)
    },
  })
  const initialRef = useRef(initialDraft)
  const [decided, setDecided] = useState(false)
  const [draftNote, setDraftNote] = useState<{ at: number } | 'failed' | null>(null)
  const subject = useMemo(() => (editor.caseId ? { caseId: editor.caseId } : { newDraftId: open.newDraftId }), [editor.caseId, open.newDraftId])

  // A draft left from before (a reload, a crash) is offered once the page runs in the browser and the drafts' module
  // is there, if it says something the saved case does not.
  const stored = useMemo(() => {
    const storage = drafts ? browserStorage() : null
    return drafts && storage && open.saved ? drafts.loadDraft(storage, owner, { caseId: open.saved.id }) : null
  }, [drafts, open.saved, owner])
  const offer = drafts && !decided && open.saved && savedDraft && !open.restore ? drafts.draftOffer(stored, { version: open.saved.version, draft: savedDraft }) : ({ kind: 'none' } as const)
  const offerRef = useRevealOnAppear<HTMLDivElement>(offer.kind === 'offer')

  useEffect(() => {
    const storage = browserStorage()
    if (offer.kind === 'same' && drafts && storage && open.saved) drafts.clearDraft(storage, owner, { caseId: open.saved.id })
  }, [offer.kind, drafts, open.saved, owner])

  // Autosave: a moment after typing stops, the draft goes to localStorage; a draft equal to the saved case is removed.
  // An offered draft is left alone until the user has chosen; nothing is written before the stored one has been read.
  const { draft, saved } = editor
  useEffect(() => {
    if (!drafts || draft === initialRef.current || offer.kind === 'offer') return
    const timer = setTimeout(() => {
      const storage = browserStorage()
      if (!storage) return
      const unchanged = saved ? !draftsDiffer(draft, saved.draft) : !draftsDiffer(draft, emptyDraft(folder))
      if (unchanged) {
        drafts.clearDraft(storage, owner, subject)
        setDraftNote(null)
        return
      }
      const ok = drafts.saveDraft(storage, owner, subject, { baseVersion: saved?.version ?? null, base: saved?.draft ?? null, draft })
      setDraftNote(ok ? { at: Date.now() } : 'failed')
    }, AUTOSAVE_MS)
    return () => clearTimeout(timer)
  }, [draft, saved, drafts, offer.kind, owner, subject, folder])

  const dirty = saved ? draftsDiffer(draft, saved.draft) : draftsDiffer(draft, emptyDraft(folder))
  useEffect(() => {
    onStatus(open.value, { title: draft.title, dirty })
  }, [onStatus, open.value, draft.title, dirty])

  // Ctrl+S (Cmd+S) saves the case on screen; the listener is renewed with each render so it saves what is typed now.
  useEffect(() => {
    if (!active) return
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 's') {
        event.preventDefault()
        if (!event.repeat) void editor.save()
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  })

  function restore(offered: StoredDraft, caseChanged: boolean) {
    setDecided(true)
    if (!open.saved || !savedDraft) return
    if (caseChanged) {
      // Written over an older version: the draft is compared with the case as it is now before anything is saved.
      editor.openConflict(
        {
          message: t('editor.draftOutdated', { version: open.saved.version }),
          theirs: savedDraft,
          version: open.saved.version,
          updatedBy: null,
          base: offered.base,
          customFields: context.customFields,
        },
        offered.draft,
      )
    } else {
      editor.replaceDraft(offered.draft)
    }
  }

  function discard() {
    const storage = browserStorage()
    if (drafts && storage && open.saved) drafts.clearDraft(storage, owner, { caseId: open.saved.id })
    setDecided(true)
  }

  const headingId = `case-${open.value}-title`
  const caseId = editor.caseId
  return (
    <div
      ref={panelRef}
      className={css({ display: 'grid', gap: '5', minW: '0' })}
    >
      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'center' })}>
        <h2 id={headingId} className={css({ fontSize: 'xl', fontWeight: '600', me: 'auto', overflowWrap: 'anywhere', minW: '0' })}>
          {open.saved ? `${open.saved.key}: ${draft.title || open.saved.title}` : draft.title || t('editor.newCase')}
        </h2>
        {caseId ? (
          <>
            <a href={caseHref(caseId)} className={css({ color: 'primary.text', textDecoration: 'underline', fontSize: 'sm' })}>
              {t('editor.openCasePage')}
            </a>
            <a href={caseEditHref(caseId)} className={css({ color: 'primary.text', textDecoration: 'underline', fontSize: 'sm' })}>
              {t('editor.openPlainForm')}
            </a>
          </>
        ) : null}
        <Button size="sm" variant="ghost" onClick={() => onClose(open.value)}>
          {t('editor.closeCase')}
        </Button>
      </div>

      {offer.kind === 'offer' ? (
        <FormAlert tone="info">
          <div ref={offerRef} className={css({ display: 'grid', gap: '2' })} data-testid="draft-offer">
            <p>
              {t(offer.caseChanged ? 'editor.draftOfferChanged' : 'editor.draftOffer', {
                time: intl.formatDate(offer.stored.savedAt, { dateStyle: 'medium', timeStyle: 'short' }),
                fields: differingFields(offer.stored.draft, savedDraft ?? emptyDraft())
                  .map((key) => fieldLabel(t, key, context.customFields))
                  .join(', '),
              })}
            </p>
            <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2' })}>
              <Button size="sm" onClick={() => restore(offer.stored, offer.caseChanged)}>
                {t('editor.restoreDraft')}
              </Button>
              <Button size="sm" variant="outline" onClick={discard}>
                {t('editor.discardDraft')}
              </Button>
            </div>
          </div>
        </FormAlert>
      ) : null}

      <EditorConflict editor={editor} context={context} headingLevel={3} />
      {editor.formError ? <FormAlert tone="error">{editor.formError}</FormAlert> : null}

      <div className={css({ display: 'grid', gap: '6', gridTemplateColumns: { base: 'minmax(0, 1fr)', lg: 'minmax(0, 2fr) minmax(0, 1fr)' }, alignItems: 'start' })}>
        <div className={css({ display: 'grid', gap: '5', minW: '0' })}>
          <TitleField projectId={context.projectId} caseId={caseId} value={draft.title} error={editor.errors.title} onChange={(title) => editor.change({ title })} />
          <MarkdownField label={t('editor.fieldDescription')} value={draft.description} onChange={(description) => editor.change({ description })} error={editor.errors.description} testId="case-description" />
          <MarkdownField label={t('editor.fieldPreconditions')} value={draft.preconditions} onChange={(preconditions) => editor.change({ preconditions })} error={editor.errors.preconditions} testId="case-preconditions" />
          <section aria-labelledby={`${headingId}-steps`} className={sectionClass}>
            <h3 id={`${headingId}-steps`} className={sectionTitle}>
              {t('editor.fieldSteps')}
            </h3>
            <SortableStepList
              projectId={context.projectId}
              steps={draft.steps}
              sharedSteps={context.sharedSteps}
              errors={editor.errors}
              onChange={(steps, clear) => editor.change({ steps }, clear ?? ['steps'])}
            />
          </section>
          {draft.type === 'automated' ? (
            <Suspense fallback={<PartLoading />}>
              <CheckEditor projectId={context.projectId} portals={context.portals} value={draft.check} errors={editor.errors} onChange={(check, clear) => editor.change({ check }, clear)} headingLevel={3} />
            </Suspense>
          ) : null}
        </div>
        <div className={css({ display: 'grid', gap: '6', minW: '0' })}>
          <section aria-labelledby={`${headingId}-details`} className={sectionClass}>
            <h3 id={`${headingId}-details`} className={sectionTitle}>
              {t('editor.details')}
            </h3>
            <MetaFields draft={draft} errors={editor.errors} onChange={editor.change} className={css({ display: 'grid', gap: '4' })} />
          </section>
          <section aria-labelledby={`${headingId}-target`} className={sectionClass}>
            <h3 id={`${headingId}-target`} className={sectionTitle}>
              {t('editor.fieldTarget')}
            </h3>
            <TargetPicker projectId={context.projectId} value={draft.target} error={editor.errors.target} onChange={(target) => editor.change({ target })} />
          </section>
          <section aria-labelledby={`${headingId}-custom`} className={sectionClass}>
            <h3 id={`${headingId}-custom`} className={sectionTitle}>
              {t('editor.customFields')}
            </h3>
            <CustomFieldsEditor
              fields={context.customFields}
              members={context.members}
              values={draft.custom}
              errors={editor.errors}
              onChange={(fieldId, value) => editor.changeWith((current) => ({ ...current, custom: { ...current.custom, [fieldId]: value } }), [`custom.${fieldId}`])}
              className={css({ display: 'grid', gap: '4' })}
            />
          </section>
        </div>
      </div>

      <div
        className={css({
          position: 'sticky',
          bottom: '0',
          zIndex: '1',
          display: 'flex',
          flexWrap: 'wrap',
          gap: '3',
          alignItems: 'center',
          py: '3',
          px: { base: '3', md: '4' },
          bg: 'surface',
          borderTopWidth: '1px',
          borderStyle: 'solid',
          borderColor: 'border',
          borderRadius: 'l2',
          boxShadow: 'e8',
        })}
      >
        <Button onClick={() => void editor.save()} loading={editor.pending} disabled={Boolean(editor.conflict)} aria-keyshortcuts="Control+S Meta+S" data-testid="case-save">
          {caseId ? t('editor.saveChanges') : t('editor.createCase')}
        </Button>
        <span className={css({ fontSize: 'sm', color: 'text.muted' })} aria-hidden="true">
          <kbd className={kbd}>Ctrl</kbd>+<kbd className={kbd}>S</kbd> / <kbd className={kbd}>⌘</kbd>+<kbd className={kbd}>S</kbd>
        </span>
        <p role="status" aria-live="polite" className={css({ fontSize: 'sm', color: 'text.muted', flex: '1', minW: '0' })} data-testid="save-status">
          {editor.pending
            ? t('editor.saving')
            : editor.conflict
              ? t('editor.resolveFirst')
              : (editor.notice ??
                (draftNote === 'failed'
                  ? t('editor.draftNotKept')
                  : draftsUnavailable && dirty
                    ? t('editor.draftsUnavailable')
                    : draftNote && dirty
                      ? t('editor.draftKept', { time: intl.formatTime(draftNote.at, { timeStyle: 'short' }) })
                      : ''))}
        </p>
      </div>
    </div>
  )
}

const kbd = css({ fontFamily: 'mono', fontSize: 'xs', px: '1.5', py: '0.5', borderRadius: 'l1', borderWidth: '1px', borderStyle: 'solid', borderColor: 'border.strong', bg: 'bg', color: 'text' })
