import { useEffect, useMemo, useRef, useState, type RefObject } from 'react'
import type { CustomFieldDefinition } from '../../lib/domain/custom-fields.ts'
import type { FieldErrors } from '../../lib/forms/validation.ts'
import { useApiAction } from '../../lib/api/use-api-action.ts'
import { useT } from '../../lib/i18n/I18nProvider.tsx'
import { draftFromCase, type CaseDraft } from './case-draft.ts'
import { editorFailureTexts, loadDraftChecks, noteCaseSaved } from './case-calls.ts'
import type { TestCaseFields } from '../../lib/forms/test-management-schemas.ts'
import type { EditorContext } from './editor-types.ts'

// The state of one case being edited, shared by both editors: the draft as typed, the saved version it was started
// from, field errors by the server's paths, and the concurrent-edit rule: every save names the version it was
// written over; when someone saved meanwhile the server refuses, the editor fetches their version, shows both and
// saves what the user chose against it. Nothing typed is dropped on any failure. The API client and the checks load
// after the page (./case-calls.ts): the checks once it has hydrated, the client with the first call.

export type SavedState = { version: number; draft: CaseDraft }

export type ConflictState = {
  /** The server's message, naming who saved. */
  message: string
  theirs: CaseDraft
  version: number
  updatedBy: string | null
  /** The version this editor started from, to tell the user's changes from theirs; null when unknown. */
  base: CaseDraft | null
  customFields: CustomFieldDefinition[]
}

export type SaveResult = { id: string; version: number; created: boolean; draft: CaseDraft }

type Options = {
  context: EditorContext
  caseId: string | null
  initialDraft: CaseDraft
  initialSaved: SavedState | null
  onSaved?: (result: SaveResult) => void
  /** The editor's outer element: where the first field with a message is looked for after a refused save. */
  container: RefObject<HTMLElement | null>
}

function clearErrors(errors: FieldErrors, prefixes: readonly string[]): FieldErrors {
  const kept = Object.entries(errors).filter(([key]) => !prefixes.some((prefix) => key === prefix || key.startsWith(`${prefix}.`)))
  return kept.length === Object.keys(errors).length ? errors : Object.fromEntries(kept)
}

export function useCaseEditor({ context, caseId: initialCaseId, initialDraft, initialSaved, onSaved, container }: Options) {
  const t = useT()
  const [caseId, setCaseId] = useState(initialCaseId)
  const [draft, setDraft] = useState(initialDraft)
  const [saved, setSaved] = useState(initialSaved)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const [conflict, setConflict] = useState<ConflictState | null>(null)
  // A save (create or update over a version), and their version fetched after a refused one.
  const saveCall = useApiAction(
    (client, { id, expectedVersion, fields }: { id: string | null; expectedVersion: number; fields: TestCaseFields }) =>
      id === null
        ? client.testCases.create.mutate({ projectId: context.projectId, ...fields }).then((created) => ({ id: created.id, version: created.version, created: true }))
        : client.testCases.update.mutate({ id, expectedVersion, ...fields }).then((updated) => ({ id, version: updated.version, created: false })),
    { failureTexts: editorFailureTexts(t) },
  )
  const latestCall = useApiAction((client, id: string) => client.testCases.byId.query({ id }), { failureTexts: editorFailureTexts(t) })
  const pending = saveCall.pending || latestCall.pending
  const [errorTurn, setErrorTurn] = useState(0)
  const memberIds = useMemo(() => new Set(context.members.map((member) => member.userId)), [context.members])

  // The checks are there by the first save.
  useEffect(() => {
    void loadDraftChecks()
  }, [])

  // After a refused save, the first field with a message gets the focus, so keyboard and screen-reader users land on it.
  useEffect(() => {
    if (errorTurn > 0) container.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [errorTurn, container])

  /** Changes fields of the draft; their messages go, since they were about what was there before. */
  function change(patch: Partial<CaseDraft>, clear: readonly string[] = Object.keys(patch)) {
    setDraft((current) => ({ ...current, ...patch }))
    setErrors((current) => clearErrors(current, clear))
    setNotice(null)
  }

  function changeWith(update: (current: CaseDraft) => CaseDraft, clear: readonly string[]) {
    setDraft(update)
    setErrors((current) => clearErrors(current, clear))
    setNotice(null)
  }

  async function loadConflict(message: string, id: string, base: SavedState | null) {
    const answer = await latestCall.run(id, { refresh: false })
    if (!answer.ok) {
      setFormError(`${message} ${t('editor.conflictLoadFailed', { reason: answer.failure.message })}`)
      return
    }
    const latest = answer.result
    if (latest.case.deleted) {
      setFormError(t('editor.caseDeleted'))
      return
    }
    setConflict({
      message,
      theirs: draftFromCase(latest.case),
      version: latest.case.version,
      updatedBy: latest.updatedBy,
      base: base?.draft ?? null,
      customFields: latest.customFields,
    })
  }

  // Set at once (state is not): the checks load before the save starts, so a second press (a double click, Ctrl+S
  // twice) would otherwise come before `pending` renders, and create the case twice.
  const saving = useRef(false)

  async function saveAs(current: CaseDraft, base: SavedState | null): Promise<boolean> {
    if (saving.current) return false
    saving.current = true
    try {
      return await checkAndSave(current, base)
    } finally {
      saving.current = false
    }
  }

  async function checkAndSave(current: CaseDraft, base: SavedState | null): Promise<boolean> {
    const checks = await loadDraftChecks()
    if (!checks) {
      setFormError(t('editor.networkError'))
      setNotice(null)
      return false
    }
    const checked = checks.checkDraft(current, context.customFields, memberIds, t)
    if (!checked.ok) {
      setErrors(checked.errors)
      setFormError(t('editor.fixErrors', { count: Object.keys(checked.errors).length }))
      setNotice(null)
      setErrorTurn((turn) => turn + 1)
      return false
    }
    setErrors({})
    setFormError(null)
    setNotice(null)
    // The editor keeps its own state: nothing of the page's data to read again.
    const answer = await saveCall.run({ id: caseId, expectedVersion: base?.version ?? 1, fields: checked.fields }, { refresh: false })
    if (answer.ok) {
      const result: SaveResult = { ...answer.result, draft: current }
      if (result.created) setCaseId(result.id)
      // What the server keeps is the normalised form (tags, folder, estimate); the editor shows it unless the user has
      // typed on while the save was under way.
      const kept = { ...draftFromCase({ ...checked.fields }), custom: { ...checked.fields.custom } }
      setSaved({ version: result.version, draft: kept })
      setDraft((now) => (now === current ? kept : now))
      setNotice(t('editor.savedVersion', { version: result.version }))
      noteCaseSaved()
      onSaved?.({ ...result, draft: kept })
      return true
    }
    const { failure } = answer
    if (failure.status === 409 && caseId !== null) {
      await loadConflict(failure.message, caseId, base)
      return false
    }
    const hasFieldErrors = Object.keys(failure.fieldErrors).length > 0
    setErrors(failure.fieldErrors)
    setFormError(hasFieldErrors ? t('editor.fixErrors', { count: Object.keys(failure.fieldErrors).length }) : failure.message)
    if (hasFieldErrors) setErrorTurn((turn) => turn + 1)
    return false
  }

  /** Saves the draft over the version it was started from. */
  function save(): Promise<boolean> {
    if (conflict) return Promise.resolve(false)
    return saveAs(draft, saved)
  }

  /**
   * Takes the draft merged as the user chose (./case-merge.ts, in the comparison) against the other person's version;
   * saves it when asked to.
   */
  function resolveConflict(merged: CaseDraft, andSave: boolean): Promise<boolean> {
    if (!conflict) return Promise.resolve(false)
    const base = { version: conflict.version, draft: conflict.theirs }
    setDraft(merged)
    setSaved(base)
    setConflict(null)
    setFormError(null)
    return andSave ? saveAs(merged, base) : Promise.resolve(true)
  }

  /** Shows a comparison without a refused save first: a restored draft written over an older version. */
  function openConflict(next: ConflictState, mine: CaseDraft) {
    setDraft(mine)
    setConflict(next)
    setErrors({})
    setFormError(null)
  }

  return {
    caseId,
    draft,
    saved,
    errors,
    formError,
    notice,
    conflict,
    pending,
    change,
    changeWith,
    replaceDraft: (next: CaseDraft) => {
      setDraft(next)
      setErrors({})
      setNotice(null)
    },
    save,
    resolveConflict,
    openConflict,
  }
}

export type CaseEditor = ReturnType<typeof useCaseEditor>
