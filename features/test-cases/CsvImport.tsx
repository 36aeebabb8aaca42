import { useState, type ChangeEvent, type FormEvent } from 'react'
import { FormAlert } from '../../components/FormAlert.tsx'
import { checkRow, nativeSelect } from '../../components/native-controls.ts'
import { Badge } from '../../components/ui/badge.tsx'
import { Button } from '../../components/ui/button.tsx'
import { Table } from '../../components/ui/table.tsx'
import { css } from '../../styled-system/css'
import { useApiAction } from '../../lib/api/use-api-action.ts'
import { CSV_IMPORT_MAX_CHARS } from '../../lib/domain/test-case-csv.ts'
import { useT } from '../../lib/i18n/I18nProvider.tsx'
import type { MessageKey } from '../../lib/i18n/catalog.ts'
import { caseHref } from '../../lib/routing/project-links.ts'
import type { ImportFormat, MappedField } from '../../lib/domain/case-import/imported-case.ts'
import { FIELD_CHOICES } from '../../lib/domain/case-import/values.ts'
import { FIELD_LABELS, PRIORITY_LABELS, STATE_LABELS, TYPE_LABELS } from './labels.ts'
import { hint, keyText, muted, panel, plainList, sectionHeading } from './styles.ts'
import { FileField } from '../../components/FileField.tsx'
import type { ImportPreview, ImportPreviewRow, ImportResult } from './types.ts'

const ACTION_LABELS: Record<ImportPreviewRow['action'], MessageKey> = {
  create: 'cases.importCreate',
  update: 'cases.importUpdate',
  unchanged: 'cases.importUnchanged',
  refuse: 'cases.importRefuse',
}
const ACTION_TONES = { create: 'success', update: 'info', unchanged: 'neutral', refuse: 'error' } as const

type Loaded = { name: string; text: string }
/** The user's choices for a file: our value for each other tool's value (`field value` → ours), columns kept as fields. */
type Choices = { mapping: ReadonlyMap<string, { field: MappedField; value: string; to: string }>; newFields: ReadonlySet<string> }
const NO_CHOICES: Choices = { mapping: new Map(), newFields: new Set() }
const choiceKey = (field: MappedField, value: string) => `${field}\u0000${value}`
const choicesInput = (choices: Choices) => ({ mapping: [...choices.mapping.values()], newFields: [...choices.newFields] })

// Tools' names are not translated; our own CSV is.
const FORMAT_NAMES: Record<Exclude<ImportFormat, 'csv'>, string> = {
  'qase-csv': 'Qase CSV',
  'qase-json': 'Qase JSON',
  'testrail-xml': 'TestRail XML',
  'testlink-xml': 'TestLink XML',
  'zephyr-xml': 'Zephyr Scale XML',
  'kiwi-json': 'Kiwi TCMS JSON',
}
const VALUE_LABELS: { [F in MappedField]: Record<(typeof FIELD_CHOICES)[F][number], MessageKey> } = { priority: PRIORITY_LABELS, type: TYPE_LABELS, state: STATE_LABELS }
/** What the last call of this panel that failed says (in the user's language). */
type Failure = { of: 'preview' | 'import'; message: string; conflict: boolean }

/**
 * Import (our CSV or another tool's export) in two steps: the file is read in the browser and previewed row by row
 * (what will be created, what updated and how, what refused and why, which other tools' values map to which of ours)
 * before anything is written; "Import" then applies exactly that preview in
 * one transaction, and refuses with CONFLICT when a case it updates changed in the meantime. A file the server
 * refuses as a whole (over CSV_IMPORT_MAX_ROWS rows, no Title column, ...) comes back as the preview's file errors; an
 * import refused because others are running (503) as the call's failure, both in the user's language. The API client
 * loads with the first preview; after an import the page's data is rendered again (`onImported`).
 */
export function CsvImport({ projectId, onImported }: { projectId: string; onImported: () => Promise<void> }) {
  const t = useT()
  const [file, setFile] = useState<Loaded | null>(null)
  const [readError, setReadError] = useState<string | null>(null)
  const [preview, setPreview] = useState<ImportPreview | null>(null)
  const [result, setResult] = useState<ImportResult | null>(null)
  const [failure, setFailure] = useState<Failure | null>(null)
  // Choices as edited, and as the shown preview was made with: the import applies exactly what was previewed.
  const [choices, setChoices] = useState<Choices>(NO_CHOICES)
  const [previewed, setPreviewed] = useState<Choices>(NO_CHOICES)
  const previewCall = useApiAction((client, input: { csv: string; choices: Choices }) => client.testCases.importPreview.mutate({ projectId, csv: input.csv, ...choicesInput(input.choices) }))
  const importCall = useApiAction((client, input: { csv: string; expectedVersions: Record<string, number>; choices: Choices }) =>
    client.testCases.import.mutate({ projectId, csv: input.csv, expectedVersions: input.expectedVersions, ...choicesInput(input.choices) }),
  )
  const call = { pending: previewCall.pending ? 'preview' : importCall.pending ? 'import' : null, failure }

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0]
    setPreview(null)
    setResult(null)
    setReadError(null)
    setFile(null)
    setFailure(null)
    setChoices(NO_CHOICES)
    setPreviewed(NO_CHOICES)
    if (!chosen) return
    // File.text() reads UTF-8 and drops a byte order mark; the server tolerates one anyway.
    const text = await chosen.text()
    if (text.length > CSV_IMPORT_MAX_CHARS) {
      setReadError(t('cases.importTooLarge'))
      return
    }
    setFile({ name: chosen.name, text })
  }

  const runPreview = async () => {
    if (!file) return
    setResult(null)
    setFailure(null)
    const asked = choices
    const answer = await previewCall.run({ csv: file.text, choices: asked }, { refresh: false })
    if (answer.ok) {
      setPreview(answer.result)
      setPreviewed(asked)
    }
    else setFailure({ of: 'preview', message: answer.failure.message, conflict: answer.failure.status === 409 })
  }

  const onPreview = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    void runPreview()
  }

  const onImport = async () => {
    if (!file || !preview) return
    const expectedVersions = Object.fromEntries(preview.rows.filter((row) => row.action === 'update' && row.caseId && row.version).map((row) => [row.caseId!, row.version!]))
    setFailure(null)
    const answer = await importCall.run(
      { csv: file.text, expectedVersions, choices: previewed },
      {
        // The import is saved; the list comes with the page's data, read again while the button still spins.
        refresh: (done) => {
          setResult(done)
          setPreview(null)
          return onImported()
        },
      },
    )
    if (!answer.ok) setFailure({ of: 'import', message: answer.failure.message, conflict: answer.failure.status === 409 })
  }

  const count = (action: ImportPreviewRow['action']) => (preview ? preview.rows.filter((row) => row.action === action).length : 0)
  const writable = count('create') + count('update')
  const changedChoices = choices !== previewed

  return (
    <section aria-labelledby="cases-import" className={panel}>
      <h2 id="cases-import" className={sectionHeading}>
        {t('cases.importHeading')}
      </h2>
      <p className={hint}>
        {t('cases.importHint')}
      </p>
      <p className={hint}>{t('cases.importOtherTools')}</p>
      <form onSubmit={onPreview} className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'flex-end' })}>
        <FileField
          id="cases-import-file"
          label={t('cases.importFile')}
          accept=".csv,.xml,.json,text/csv,text/plain,text/xml,application/xml,application/json"
          onChange={(event) => void onFile(event)}
        />
        <Button type="submit" variant="outline" disabled={!file} loading={call.pending === 'preview'}>
          {t('cases.importPreview')}
        </Button>
      </form>
      <div aria-live="polite" className={css({ display: 'grid', gap: '3' })}>
        {readError ? <FormAlert tone="error">{readError}</FormAlert> : null}
        {call.failure?.of === 'preview' ? <FormAlert tone="error">{call.failure.message}</FormAlert> : null}
        {call.failure?.of === 'import' && call.failure.conflict ? (
          <FormAlert tone="error">
            <p>{call.failure.message}</p>
            <Button size="sm" variant="outline" className={css({ mt: '2' })} onClick={() => void runPreview()} loading={call.pending === 'preview'}>
              {t('cases.importPreviewAgain')}
            </Button>
          </FormAlert>
        ) : call.failure?.of === 'import' ? (
          <FormAlert tone="error">{call.failure.message}</FormAlert>
        ) : null}
        {result ? (
          <FormAlert tone="success">
            <p data-testid="import-result">{t('cases.importDone', { created: result.created, updated: result.updated, refused: result.refused })}</p>
          </FormAlert>
        ) : null}
        {preview ? (
          <div className={css({ display: 'grid', gap: '3' })} data-testid="import-preview">
            <h3 className={css({ fontWeight: '600' })}>{t('cases.importPreviewHeading', { file: file?.name ?? '' })}</h3>
            <p className={muted} data-testid="import-format">
              {t('cases.importFormat', { format: preview.summary.format === 'csv' ? t('cases.importFormatCsv') : FORMAT_NAMES[preview.summary.format] })}
            </p>
            <p role="status">{t('cases.importSummary', { create: count('create'), update: count('update'), unchanged: count('unchanged'), refuse: count('refuse') })}</p>
            {preview.fileErrors.length > 0 ? (
              <FormAlert tone="error">
                <p>{t('cases.importFileErrors')}</p>
                <ul className={css({ ps: '5', listStyle: 'disc' })}>
                  {preview.fileErrors.map((message) => (
                    <li key={message}>{message}</li>
                  ))}
                </ul>
              </FormAlert>
            ) : null}
            {preview.summary.values.length > 0 || preview.summary.unmatchedColumns.length > 0 ? (
              <ImportChoices summary={preview.summary} choices={choices} onChange={setChoices} onPreview={() => void runPreview()} pending={call.pending === 'preview'} changed={changedChoices} />
            ) : null}
            {preview.rows.length > 0 ? <PreviewTable rows={preview.rows} /> : null}
            <div className={css({ display: 'flex', gap: '3', flexWrap: 'wrap', alignItems: 'center' })}>
              <Button onClick={() => void onImport()} disabled={writable === 0 || changedChoices} loading={call.pending === 'import'}>
                {t('cases.importApply', { count: writable })}
              </Button>
              {writable === 0 ? <span className={muted}>{t('cases.importNothingToWrite')}</span> : null}
            </div>
          </div>
        ) : null}
      </div>
    </section>
  )
}

/**
 * The mapping step: each other tool's value once, with ours it gets (a select to change it), and the columns that
 * match no field, each kept as a new field or left out. A change is previewed again before it can be imported.
 */
function ImportChoices(props: { summary: ImportPreview['summary']; choices: Choices; onChange: (choices: Choices) => void; onPreview: () => void; pending: boolean; changed: boolean }) {
  const { summary, choices, onChange } = props
  const t = useT()
  const setValue = (field: MappedField, value: string, to: string) => {
    const mapping = new Map(choices.mapping)
    mapping.set(choiceKey(field, value), { field, value, to })
    onChange({ ...choices, mapping })
  }
  const toggleColumn = (name: string, kept: boolean) => {
    const newFields = new Set(choices.newFields)
    if (kept) newFields.add(name)
    else newFields.delete(name)
    onChange({ ...choices, newFields })
  }
  return (
    <div className={css({ display: 'grid', gap: '3', minW: '0' })} data-testid="import-choices">
      {summary.values.length > 0 ? (
        <fieldset className={css({ borderWidth: '0', p: '0', m: '0', minW: '0', display: 'grid', gap: '2' })}>
          <legend className={css({ fontWeight: '600', mb: '1' })}>{t('cases.importValuesHeading')}</legend>
          <p className={hint}>{t('cases.importValuesHint')}</p>
          <ul className={css({ listStyle: 'none', p: '0', m: '0', display: 'grid', gap: '2', gridTemplateColumns: { base: '1fr', md: 'repeat(2, minmax(0, 1fr))' } })}>
            {summary.values.map((item, index) => {
              const id = `import-value-${index}`
              const chosen = choices.mapping.get(choiceKey(item.field, item.value))?.to ?? item.to
              return (
                <li key={choiceKey(item.field, item.value)} className={css({ display: 'grid', gap: '1', minW: '0' })}>
                  <label htmlFor={id} className={css({ fontSize: 'sm', overflowWrap: 'anywhere' })}>
                    {t('cases.importValueLabel', { field: t(FIELD_LABELS[item.field]!), value: item.value, count: item.count })}
                  </label>
                  <select id={id} value={chosen} onChange={(event) => setValue(item.field, item.value, event.target.value)} className={nativeSelect} data-testid="import-value">
                    {FIELD_CHOICES[item.field].map((option) => (
                      <option key={option} value={option}>
                        {t((VALUE_LABELS[item.field] as Record<string, MessageKey>)[option]!)}
                      </option>
                    ))}
                  </select>
                </li>
              )
            })}
          </ul>
        </fieldset>
      ) : null}
      {summary.unmatchedColumns.length > 0 ? (
        <fieldset className={css({ borderWidth: '0', p: '0', m: '0', minW: '0', display: 'grid', gap: '2' })}>
          <legend className={css({ fontWeight: '600', mb: '1' })}>{t('cases.importColumnsHeading')}</legend>
          <p className={hint}>{t('cases.importColumnsHint')}</p>
          <ul className={css({ listStyle: 'none', p: '0', m: '0', display: 'flex', flexWrap: 'wrap', gap: '2' })}>
            {summary.unmatchedColumns.map((name, index) => (
              <li key={name}>
                <label htmlFor={`import-column-${index}`} className={checkRow}>
                  <input id={`import-column-${index}`} type="checkbox" checked={choices.newFields.has(name)} onChange={(event) => toggleColumn(name, event.target.checked)} />
                  <span className={css({ overflowWrap: 'anywhere' })}>{name}</span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      ) : null}
      <div>
        <Button size="sm" variant="outline" onClick={props.onPreview} disabled={!props.changed} loading={props.pending}>
          {t('cases.importPreviewChoices')}
        </Button>
      </div>
    </div>
  )
}

function PreviewTable({ rows }: { rows: ImportPreviewRow[] }) {
  const t = useT()
  return (
    <Table.Container aria-label={t('cases.importRowsLabel')} className={css({ maxH: '28rem', overflowY: 'auto', position: 'relative' })}>
      <Table.Root density="compact">
        <Table.Head>
          <Table.Row>
            <Table.Header scope="col">{t('cases.importLine')}</Table.Header>
            <Table.Header scope="col">{t('cases.importResult')}</Table.Header>
            <Table.Header scope="col">{t('cases.columnKey')}</Table.Header>
            <Table.Header scope="col">{t('cases.fieldTitle')}</Table.Header>
            <Table.Header scope="col">{t('cases.importDetails')}</Table.Header>
          </Table.Row>
        </Table.Head>
        <Table.Body>
          {rows.map((row) => (
            <Table.Row key={row.line} data-testid="import-row" data-action={row.action}>
              <Table.Cell>{row.line}</Table.Cell>
              <Table.Cell>
                <Badge tone={ACTION_TONES[row.action]} variant="outline">
                  {t(ACTION_LABELS[row.action])}
                </Badge>
              </Table.Cell>
              <Table.Cell className={keyText}>{row.key && row.caseId ? <a href={caseHref(row.caseId)}>{row.key}</a> : <span className={muted}>–</span>}</Table.Cell>
              <Table.Cell className={css({ minW: '12rem', overflowWrap: 'anywhere' })}>{row.title || <span className={muted}>–</span>}</Table.Cell>
              <Table.Cell className={css({ minW: '14rem' })}>
                {row.action === 'update' && row.changes.length > 0 ? (
                  <p>{t('cases.importChanges', { fields: row.changes.map((field) => (FIELD_LABELS[field] ? t(FIELD_LABELS[field]) : field)).join(', ') })}</p>
                ) : null}
                {row.reasons.length > 0 ? (
                  <ul className={plainList}>
                    {row.reasons.map((reason) => (
                      <li key={reason}>{reason}</li>
                    ))}
                  </ul>
                ) : null}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.Container>
  )
}
