import { useState, type FormEvent } from 'react'
import { Button } from '../../components/ui/button.tsx'
import { Input } from '../../components/ui/input.tsx'
import { css } from '../../styled-system/css'
import { useApiQuery } from '../../lib/api/use-api-query.ts'
import { CASE_STATES, PRIORITIES, type CaseState, type Priority } from '../../lib/domain/test-management.ts'
import { useT } from '../../lib/i18n/I18nProvider.tsx'
import type { MessageKey } from '../../lib/i18n/catalog.ts'
import { PRIORITY_LABELS, STATE_LABELS } from './labels.ts'
import { nativeSelect } from '../../components/native-controls.ts'
import { fieldLabel, hint } from './styles.ts'
import { applyBulkChange } from './optimistic.ts'
import type { BulkAction, SuiteList } from './types.ts'
import { checkForm } from '../../lib/forms/form-checks.ts'

const loadBulkActionSchema = () => import('../../lib/forms/test-management-schemas.ts').then((schemas) => schemas.BulkActionSchema)

const KINDS = ['priority', 'state', 'addTags', 'removeTags', 'folder', 'addToSuite', 'delete'] as const
type Kind = (typeof KINDS)[number]
const KIND_LABELS: Record<Kind, MessageKey> = {
  priority: 'cases.bulkPriority',
  state: 'cases.bulkState',
  addTags: 'cases.bulkAddTags',
  removeTags: 'cases.bulkRemoveTags',
  folder: 'cases.bulkFolder',
  addToSuite: 'cases.bulkAddToSuite',
  delete: 'cases.bulkDelete',
}

type Suites = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; suites: SuiteList['suites'] }

/**
 * The project's suites, asked for (with the API client, loaded then) once `wanted` is true, and kept while the
 * form is open; a failed call is tried once more, then `retry` is offered.
 */
function useSuites(projectId: string, wanted: boolean) {
  const answer = useApiQuery({ projectId }, (client, input, signal) => client.testSuites.list.query(input, { signal }), {
    enabled: wanted,
    freshMs: Number.POSITIVE_INFINITY,
    retries: 1,
  })
  const suites: Suites = answer.data ? { state: 'ready', suites: answer.data.suites } : answer.failure ? { state: 'failed' } : { state: 'loading' }
  return { suites, retry: () => void answer.refresh() }
}

const splitTags = (text: string) =>
  text
    .split(/[,;]/)
    .map((tag) => tag.trim())
    .filter(Boolean)

/**
 * One change to every selected case, in one call: a priority or state, tags added or removed, a folder, a static
 * suite to add them to, or deletion (which the page offers to undo). The values are checked with the schema the
 * server uses. `onApply` also gets how the list reads once the change is saved (`applyBulkChange`, which comes with
 * this form rather than with the page).
 */
export function BulkForm({
  projectId,
  count,
  folders,
  tags,
  pending,
  onApply,
}: {
  projectId: string
  count: number
  folders: string[]
  tags: string[]
  pending: boolean
  onApply: (action: BulkAction, preview: typeof applyBulkChange) => void
}) {
  const t = useT()
  const [kind, setKind] = useState<Kind>('priority')
  const [priority, setPriority] = useState<Priority>('high')
  const [state, setState] = useState<CaseState>('active')
  const [tagText, setTagText] = useState('')
  const [folder, setFolder] = useState('')
  const [suiteId, setSuiteId] = useState('')
  const [error, setError] = useState<string | null>(null)
  const { suites, retry: retrySuites } = useSuites(projectId, kind === 'addToSuite')
  const staticSuites = suites.state === 'ready' ? suites.suites.filter((suite) => suite.kind === 'static') : []

  const action = (): unknown => {
    switch (kind) {
      case 'priority':
        return { kind, priority }
      case 'state':
        return { kind, state }
      case 'addTags':
      case 'removeTags':
        return { kind, tags: splitTags(tagText) }
      case 'folder':
        return { kind, folder }
      case 'addToSuite':
        return { kind, suiteId }
      case 'delete':
        return { kind }
    }
  }

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const parsed = await checkForm(loadBulkActionSchema, action(), t)
    if (!parsed.ok) {
      setError(parsed.errors ? (Object.values(parsed.errors)[0] ?? t('validation.invalidFormat')) : t('common.networkError'))
      return
    }
    if ((parsed.data.kind === 'addTags' || parsed.data.kind === 'removeTags') && parsed.data.tags.length === 0) {
      setError(t('validation.required'))
      return
    }
    if (parsed.data.kind === 'addToSuite' && !parsed.data.suiteId) {
      setError(t('validation.required'))
      return
    }
    setError(null)
    onApply(parsed.data, applyBulkChange)
  }

  const valueId = 'bulk-value'
  const errorId = error ? 'bulk-error' : undefined
  return (
    <form onSubmit={onSubmit} aria-label={t('cases.bulkLabel')} className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'flex-end' })}>
      <div>
        <label htmlFor="bulk-kind" className={fieldLabel}>
          {t('cases.bulkAction')}
        </label>
        <select id="bulk-kind" value={kind} onChange={(event) => { setKind(event.target.value as Kind); setError(null) }} className={nativeSelect}>
          {KINDS.map((value) => (
            <option key={value} value={value}>
              {t(KIND_LABELS[value])}
            </option>
          ))}
        </select>
      </div>
      {kind === 'priority' ? (
        <div>
          <label htmlFor={valueId} className={fieldLabel}>
            {t('cases.fieldPriority')}
          </label>
          <select id={valueId} value={priority} onChange={(event) => setPriority(event.target.value as Priority)} className={nativeSelect}>
            {PRIORITIES.map((value) => (
              <option key={value} value={value}>
                {t(PRIORITY_LABELS[value])}
              </option>
            ))}
          </select>
        </div>
      ) : kind === 'state' ? (
        <div>
          <label htmlFor={valueId} className={fieldLabel}>
            {t('cases.fieldState')}
          </label>
          <select id={valueId} value={state} onChange={(event) => setState(event.target.value as CaseState)} className={nativeSelect}>
            {CASE_STATES.map((value) => (
              <option key={value} value={value}>
                {t(STATE_LABELS[value])}
              </option>
            ))}
          </select>
        </div>
      ) : kind === 'addTags' || kind === 'removeTags' ? (
        <div className={css({ minW: '12rem' })}>
          <label htmlFor={valueId} className={fieldLabel}>
            {t('cases.bulkTagsLabel')}
          </label>
          <Input id={valueId} value={tagText} onChange={(event) => setTagText(event.target.value)} list="bulk-tags" aria-invalid={error ? true : undefined} aria-describedby={errorId} />
          <datalist id="bulk-tags">
            {tags.map((tag) => (
              <option key={tag} value={tag} />
            ))}
          </datalist>
        </div>
      ) : kind === 'folder' ? (
        <div className={css({ minW: '12rem' })}>
          <label htmlFor={valueId} className={fieldLabel}>
            {t('cases.bulkFolderLabel')}
          </label>
          <Input id={valueId} value={folder} onChange={(event) => setFolder(event.target.value)} list="bulk-folders" placeholder={t('cases.bulkFolderPlaceholder')} aria-invalid={error ? true : undefined} aria-describedby={errorId} />
          <datalist id="bulk-folders">
            {folders.map((path) => (
              <option key={path} value={path} />
            ))}
          </datalist>
        </div>
      ) : kind === 'addToSuite' ? (
        <div>
          <label htmlFor={valueId} className={fieldLabel}>
            {t('cases.bulkSuiteLabel')}
          </label>
          {suites.state === 'loading' ? (
            <p className={hint}>{t('common.loading')}</p>
          ) : suites.state === 'failed' ? (
            <p className={hint}>
              {t('cases.suitesFailed')}{' '}
              <Button size="sm" variant="ghost" onClick={retrySuites}>
                {t('common.retry')}
              </Button>
            </p>
          ) : staticSuites.length === 0 ? (
            <p id={valueId} className={hint}>
              {t('cases.noStaticSuites')}
            </p>
          ) : (
            <select id={valueId} value={suiteId} onChange={(event) => setSuiteId(event.target.value)} className={nativeSelect} aria-invalid={error ? true : undefined} aria-describedby={errorId}>
              <option value="">{t('cases.chooseSuite')}</option>
              {staticSuites.map((suite) => (
                <option key={suite.id} value={suite.id}>
                  {suite.name}
                </option>
              ))}
            </select>
          )}
        </div>
      ) : null}
      <Button type="submit" tone={kind === 'delete' ? 'error' : 'primary'} loading={pending}>
        {kind === 'delete' ? t('cases.bulkDeleteButton', { count }) : t('cases.bulkApply', { count })}
      </Button>
      {error ? (
        <p id="bulk-error" role="alert" className={css({ color: 'error.text', fontSize: 'sm', flexBasis: '100%' })}>
          {error}
        </p>
      ) : null}
    </form>
  )
}
