import { useRef, useState, type FormEvent } from 'react'
import { css } from '../../styled-system/css'
import { FormAlert } from '../../components/FormAlert.tsx'
import { Button } from '../../components/ui/button.tsx'
import { TextareaField, TextField } from '../../components/ui/input.tsx'
import type { ApiClient, ApiInputs } from '../../lib/api/browser-client.ts'
import { useApiAction } from '../../lib/api/use-api-action.ts'
import type { Priority, SuiteKind, SuiteRule } from '../../lib/domain/test-management.ts'
import type { FieldErrors } from '../../lib/forms/validation.ts'
import { useT } from '../../lib/i18n/I18nProvider.tsx'
import { suiteHref } from '../../lib/routing/project-links.ts'
import { CaseSearchDialog } from './CaseSearchDialog.tsx'
import { DeleteSuiteButton } from './DeleteSuiteButton.tsx'
import { EMPTY_RULE } from './rule-text.ts'
import { lazyWithGroups } from '../../components/lazy-with-groups.tsx'
import type { CaseInfo } from './StaticContentEditor.tsx'
import {
  caseIdsOf,
  contentFromServer,
  contentInput,
  editorState,
  isDirty,
  rebase,
  UNSECTIONED,
  withOp,
  type ContentOp,
  type EditorState,
  type SuiteContent,
} from './suite-draft.ts'
import { LeaveDialog, useLeaveWarning } from './use-leave-warning.tsx'
import { checkForm } from '../../lib/forms/form-checks.ts'
import { useInvalidFocus } from '../../lib/forms/invalid-focus.ts'

const loadSuiteFieldsSchema = () => import('../../lib/forms/test-management-schemas.ts').then((schemas) => schemas.SuiteFieldsSchema)

type Fields = { name: string; description: string; rule: SuiteRule | null }
type ServerSuite = { id: string; name: string; description: string; kind: SuiteKind; rule: SuiteRule | null; version: number }
type ServerSection = { id: string | null; name: string; cases: CaseInfo[] }

export type SuiteEditorProps = {
  suite: ServerSuite
  project: { id: string; key: string; name: string }
  sections: ServerSection[]
  tags: ReadonlyArray<{ tag: string; cases: number }>
  folders: readonly string[]
  portals: ReadonlyArray<{ id: string; name: string }>
}

// Each kind's editor is its own chunk, out of the page's first load (decision 021). Both start loading when the page's
// code runs; the server renders the one shown in place, and the page hydrates once it is there (no "Loading…").
const StaticContentEditor = lazyWithGroups([], () => import('./StaticContentEditor.tsx'))
const RuleBuilder = lazyWithGroups([], () => import('./RuleBuilder.tsx'))

const sectionTitle = css({ fontSize: 'xl', fontWeight: '600' })
const panel = css({ display: 'grid', gap: '4' })

/** The suite as last saved, in the editor's terms (a dynamic suite has no content of its own to edit). */
function savedOf(suite: ServerSuite, sections: readonly ServerSection[]): { version: number; fields: Fields; content: SuiteContent } {
  return {
    version: suite.version,
    fields: { name: suite.name, description: suite.description, rule: suite.kind === 'dynamic' ? (suite.rule ?? EMPTY_RULE) : null },
    content: contentFromServer(suite.kind === 'static' ? sections : []),
  }
}

function withCases(known: ReadonlyMap<string, CaseInfo>, more: Iterable<CaseInfo>): Map<string, CaseInfo> {
  const next = new Map(known)
  for (const item of more) next.set(item.id, { id: item.id, key: item.key, title: item.title, priority: item.priority as Priority, state: item.state })
  return next
}

/** A section name must be there and fit, as the server keeps it. */
function sectionNameErrors(content: SuiteContent, t: ReturnType<typeof useT>): Record<string, string> {
  const errors: Record<string, string> = {}
  for (const section of content.slice(1)) {
    const name = section.name.trim()
    if (!name) errors[section.key] = t('validation.required')
    else if (name.length > 120) errors[section.key] = t('validation.maxLength', { max: 120 })
  }
  return errors
}

/** Server field errors come keyed by the input's path (`suite.name`); the form's fields are `name`, `rule`. */
function formFieldErrors(errors: FieldErrors): FieldErrors {
  return Object.fromEntries(Object.entries(errors).map(([path, message]) => [path.replace(/^suite\./, '').replace(/^rule\..*$/, 'rule'), message]))
}

/**
 * The edit page of a suite: its name and description; a static suite's sections and cases (arranged by drag and drop
 * or keyboard, added by search), or a dynamic suite's rule with its live preview. One Save sends what changed over
 * the version the page loaded; when someone saved in between, their version can be loaded with these changes
 * applied on top, so nothing typed here is lost.
 */
export function SuiteEditor({ suite, project, sections, tags, folders, portals }: SuiteEditorProps) {
  const t = useT()
  const saved = savedOf(suite, sections)
  const [state, setState] = useState<EditorState<Fields>>(() => editorState(saved.version, saved.fields, saved.content))
  const [cases, setCases] = useState(() => withCases(new Map(), sections.flatMap((section) => section.cases)))
  const [errors, setErrors] = useState<FieldErrors>({})
  const [sectionErrors, setSectionErrors] = useState<Record<string, string>>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [conflict, setConflict] = useState<string | null>(null)
  const [notice, setNotice] = useState<{ tone: 'success' | 'info'; text: string } | null>(null)
  const [announcement, setAnnouncement] = useState('')
  const [deleted, setDeleted] = useState(false)
  const newKeys = useRef(0)
  const conflictRef = useRef<HTMLDivElement>(null)
  const formRef = useRef<HTMLFormElement>(null)
  const focusInvalid = useInvalidFocus()
  const dirty = isDirty(state)
  const unsaved = dirty.fields || dirty.content
  const warning = useLeaveWarning(unsaved && !deleted)

  function setFields(change: Partial<Fields>) {
    setState((current) => ({ ...current, fields: { ...current.fields, ...change } }))
    setNotice(null)
  }

  function change(op: ContentOp, said: string) {
    setState((current) => withOp(current, op))
    setNotice(null)
    if (said) setAnnouncement(said)
  }

  function addCases(picked: CaseInfo[], sectionKey: string) {
    setCases((known) => withCases(known, picked))
    const name = sectionKey === UNSECTIONED ? t('suites.unsectioned') : (state.content.find((section) => section.key === sectionKey)?.name ?? '')
    change({ kind: 'addCases', caseIds: picked.map((item) => item.id), section: sectionKey }, t('suites.casesAdded', { count: picked.length, section: name }))
  }

  /** The suite as saved now, straight from the server. */
  async function loadSaved(client: ApiClient) {
    const fresh = await client.testSuites.byId.query({ id: suite.id })
    setCases((known) => withCases(known, fresh.sections.flatMap((section) => section.cases)))
    return savedOf(fresh.suite, fresh.sections)
  }

  // One Save: the fields, then the content, over the version each call answers; then the suite as saved.
  const saveCall = useApiAction(async (client, { snapshot, fields }: { snapshot: EditorState<Fields>; fields: ApiInputs['testSuites']['update']['suite'] }) => {
    const changed = isDirty(snapshot)
    let version = snapshot.version
    if (changed.fields) {
      version = (await client.testSuites.update.mutate({ id: suite.id, expectedVersion: version, suite: fields })).version
      // Saved, even if the content below is refused.
      setState((current) => ({ ...current, version, baseFields: snapshot.fields }))
    }
    if (changed.content) {
      await client.testSuites.setContent.mutate({ suiteId: suite.id, expectedVersion: version, sections: contentInput(snapshot.content) })
    }
    return loadSaved(client)
  })
  const reload = useApiAction((client, _: void) => loadSaved(client))
  const saving = saveCall.pending
  const reloading = reload.pending

  async function save() {
    const snapshot = state
    const parsed = await checkForm(loadSuiteFieldsSchema, { ...snapshot.fields, kind: suite.kind, rule: suite.kind === 'dynamic' ? snapshot.fields.rule : null }, t)
    const names = suite.kind === 'static' ? sectionNameErrors(snapshot.content, t) : {}
    setConflict(null)
    setNotice(null)
    if (!parsed.ok || Object.keys(names).length > 0) {
      setErrors(parsed.ok ? {} : formFieldErrors(parsed.errors ?? {}))
      setSectionErrors(names)
      setFormError(!parsed.ok && !parsed.errors ? t('common.networkError') : t('suites.fixErrors'))
      focusInvalid(formRef.current)
      return
    }
    setErrors({})
    setSectionErrors({})
    setFormError(null)
    const outcome = await saveCall.run({ snapshot, fields: parsed.data }, { refresh: false })
    if (outcome.ok) {
      // What was changed while the save ran stays, on top of what was saved.
      setState((current) => rebase(current, { ops: snapshot.ops.length, fields: snapshot.fields }, outcome.result))
      setNotice({ tone: 'success', text: t('suites.saved') })
      return
    }
    const { failure } = outcome
    if (failure.status === 409) {
      setConflict(failure.message)
      requestAnimationFrame(() => conflictRef.current?.focus())
    } else {
      const byField = formFieldErrors(failure.fieldErrors)
      setErrors(byField)
      setFormError(Object.keys(byField).length > 0 ? t('suites.fixErrors') : failure.message)
    }
  }

  async function reloadTheirs() {
    const outcome = await reload.run(undefined, { refresh: false })
    if (!outcome.ok) {
      setFormError(outcome.failure.message)
      return
    }
    // Nothing of the editor's was saved: every change is applied again, on their version.
    setState((current) => rebase(current, { ops: 0, fields: current.baseFields }, outcome.result))
    setConflict(null)
    setNotice({ tone: 'info', text: t('suites.reapplied') })
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (!saving) void save()
  }

  const included = new Set(caseIdsOf(state.content))
  const busy = saving || reloading
  return (
    <>
      <form ref={formRef} onSubmit={onSubmit} noValidate className={css({ display: 'grid', gap: '8', maxW: '1040px' })} data-testid="suite-editor">
        <section aria-labelledby="suite-details-title" className={panel}>
          <h2 id="suite-details-title" className={sectionTitle}>
            {t('suites.detailsTitle')}
          </h2>
          <TextField
            label={t('suites.name')}
            name="name"
            required
            maxLength={120}
            autoComplete="off"
            value={state.fields.name}
            onChange={(event) => setFields({ name: event.target.value })}
            invalid={Boolean(errors.name)}
            errorText={errors.name}
          />
          <TextareaField
            label={t('suites.description')}
            name="description"
            rows={4}
            value={state.fields.description}
            onChange={(event) => setFields({ description: event.target.value })}
            invalid={Boolean(errors.description)}
            errorText={errors.description}
            helperText={t('suites.descriptionHint')}
          />
        </section>
        {suite.kind === 'static' ? (
          <section aria-labelledby="suite-content-title" className={panel}>
            <div className={css({ display: 'flex', gap: '3', alignItems: 'center', flexWrap: 'wrap', justifyContent: 'space-between' })}>
              <h2 id="suite-content-title" className={sectionTitle}>
                {t('suites.casesTitle')}
              </h2>
              <CaseSearchDialog
                projectId={project.id}
                included={included}
                sections={state.content.map((section) => ({ key: section.key, name: section.key === UNSECTIONED ? t('suites.unsectioned') : section.name || t('suites.untitledSection') }))}
                tags={tags}
                folders={folders}
                onAdd={addCases}
                disabled={busy}
              />
            </div>
            <p className={css({ color: 'text.muted', fontSize: 'sm' })}>{t('suites.contentHint')}</p>
            <StaticContentEditor
              content={state.content}
              cases={cases}
              onChange={change}
              newKey={() => `new-${++newKeys.current}`}
              errors={sectionErrors}
              disabled={busy}
            />
          </section>
        ) : (
          <section aria-labelledby="suite-rule-title" className={panel}>
            <h2 id="suite-rule-title" className={sectionTitle}>
              {t('suites.ruleTitle')}
            </h2>
            <p className={css({ color: 'text.muted' })}>{t('suites.ruleIntro')}</p>
            <RuleBuilder
              projectId={project.id}
              rule={state.fields.rule ?? EMPTY_RULE}
              onChange={(rule) => setFields({ rule })}
              tags={tags}
              folders={folders}
              portals={portals}
              error={errors.rule}
              initialPreview={
                suite.rule
                  ? {
                      rule: saved.fields.rule ?? EMPTY_RULE,
                      total: sections[0]?.cases.length ?? 0,
                      cases: (sections[0]?.cases ?? []).slice(0, 200).map(({ id, key, title, priority }) => ({ id, key, title, priority })),
                    }
                  : undefined
              }
            />
          </section>
        )}
        <div
          className={css({
            position: 'sticky',
            bottom: '0',
            zIndex: 'docked',
            bg: 'bg',
            borderTopWidth: '1px',
            borderTopStyle: 'solid',
            borderColor: 'border',
            py: '3',
            display: 'grid',
            gap: '3',
          })}
          data-testid="save-bar"
        >
          {conflict ? (
            <div ref={conflictRef} tabIndex={-1} data-testid="conflict" className={css({ outline: 'none' })}>
              <FormAlert tone="error">
                <p className={css({ fontWeight: '600' })}>{conflict}</p>
                <p className={css({ mt: '1' })}>{t('suites.conflictKept')}</p>
                <Button className={css({ mt: '3' })} onClick={() => void reloadTheirs()} loading={reloading}>
                  {t('suites.reloadAndReapply')}
                </Button>
              </FormAlert>
            </div>
          ) : null}
          {formError ? <FormAlert tone="error">{formError}</FormAlert> : null}
          {notice ? <FormAlert tone={notice.tone}>{notice.text}</FormAlert> : null}
          <div className={css({ display: 'flex', gap: '3', alignItems: 'center', flexWrap: 'wrap' })}>
            <Button type="submit" loading={saving} disabled={reloading || !unsaved}>
              {t('common.save')}
            </Button>
            <span className={css({ color: unsaved ? 'text' : 'text.muted', fontSize: 'sm' })} data-testid="save-state">
              {saving ? t('suites.saving') : unsaved ? t('suites.unsaved') : t('suites.allSaved')}
            </span>
            <a href={suiteHref(project.id, suite.id)} className={css({ ms: 'auto', color: 'primary.text', textDecoration: 'underline', minH: '10', display: 'inline-flex', alignItems: 'center' })}>
              {t('suites.viewSuite')}
            </a>
          </div>
        </div>
        <div role="status" aria-live="polite" className={css({ srOnly: true })} data-testid="editor-announcement">
          {announcement}
        </div>
      </form>
      <section aria-labelledby="suite-delete-title" className={css({ display: 'grid', gap: '3', mt: '10', maxW: '1040px', borderTopWidth: '1px', borderTopStyle: 'solid', borderColor: 'border', pt: '6' })}>
        <h2 id="suite-delete-title" className={sectionTitle}>
          {t('suites.deleteSectionTitle')}
        </h2>
        <p className={css({ color: 'text.muted' })}>{t('suites.deleteSectionText')}</p>
        <div>
          <DeleteSuiteButton suite={{ id: suite.id, name: state.baseFields.name }} projectId={project.id} onDeleted={() => setDeleted(true)} />
        </div>
      </section>
      <LeaveDialog warning={warning} />
    </>
  )
}
