import { useMutation } from '@tanstack/react-query'
import { TRPCClientError } from '@trpc/client'
import { useState, type ChangeEvent, type FormEvent } from 'react'
import { FormAlert } from '../../components/FormAlert.tsx'
import { Badge } from '../../components/ui/badge.tsx'
import { Button } from '../../components/ui/button.tsx'
import { Table } from '../../components/ui/table.tsx'
import { css } from '../../styled-system/css'
import { useTRPC } from '../../lib/api/trpc.tsx'
import { apiFailure } from '../../lib/api/browser-client.ts'
import { useT } from '../../lib/i18n/I18nProvider.tsx'
import type { MessageKey } from '../../lib/i18n/catalog.ts'
import { caseHref } from '../../lib/routing/project-links.ts'
import { FIELD_LABELS } from './labels.ts'
import { fieldLabel, hint, keyText, muted, panel, plainList, sectionHeading } from './styles.ts'
import type { ImportPreview, ImportPreviewRow, ImportResult } from './types.ts'
import { madeBy } from '../../lib/made-by.ts'

/** The router's limit on a file (20 MiB of text). */
const MAX_CSV_CHARS = 20 * 1024 * 1024

const ACTION_LABELS: Record<ImportPreviewRow['action'], MessageKey> = {
  create: 'cases.importCreate',
  update: 'cases.importUpdate',
  unchanged: 'cases.importUnchanged',
  refuse: 'cases.importRefuse',
}
const ACTION_TONES = { create: 'success', update: 'info', unchanged: 'neutral', refuse: 'error' } as const

type Loaded = { name: string; text: string }

/**
 * Import from CSV in two steps: the file is read in the browser and previewed row by row (what will be created, what
 * updated and how, what refused and why) before anything is written; "Import" then applies exactly that preview in
 * one transaction, and refuses with CONFLICT when a case it updates changed in the meantime.
 */
export function CsvImport({ projectId, onImported }: { projectId: string; onImported: () => void }) {
  const t = useT()
  const trpc = useTRPC()
  const [file, setFile] = useState<Loaded | null>(null)
  const [readError, setReadError] = useState<string | null>(null)
  const [preview, setPreview] = useState<ImportPreview | null>(null)
  const [result, setResult] = useState<ImportResult | null>(null)
  const [conflict, setConflict] = useState<string | null>(null)
  const previewCall = useMutation(trpc.testCases.importPreview.mutationOptions())
  const importCall = useMutation(trpc.testCases.import.mutationOptions())
  const failureText = (error: unknown) => apiFailure(error, { network: t('common.networkError'), unexpected: t('common.unexpectedError') }).message

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0]
    setPreview(null)
    setResult(null)
    setConflict(null)
    setReadError(null)
    setFile(null)
    previewCall.reset()
    importCall.reset()
    if (!chosen) return
    // File.text() reads UTF-8 and drops a byte order mark; the server tolerates one anyway.
    const text = await chosen.text()
    if (text.length > MAX_CSV_CHARS) {
      setReadError(t('cases.importTooLarge'))
      return
    }
    setFile({ name: chosen.name, text })
  }

  const runPreview = () => {
    if (!file) return
    setResult(null)
    setConflict(null)
    importCall.reset()
    previewCall.mutate({ projectId, csv: file.text }, { onSuccess: setPreview })
  }

  const onPreview = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    runPreview()
  }

  const onImport = () => {
    if (!file || !preview) return
    const expectedVersions = Object.fromEntries(preview.rows.filter((row) => row.action === 'update' && row.caseId && row.version).map((row) => [row.caseId!, row.version!]))
    setConflict(null)
    importCall.mutate(
      { projectId, csv: file.text, expectedVersions },
      {
        onSuccess: (done) => {
          setResult(done)
          setPreview(null)
          onImported()
        },
        onError: (error) => {
          if (madeBy(error, TRPCClientError) && (error.data as { code?: string } | undefined)?.code === 'CONFLICT') setConflict(error.message)
        },
      },
    )
  }

  const count = (action: ImportPreviewRow['action']) => (preview ? preview.rows.filter((row) => row.action === action).length : 0)
  const writable = count('create') + count('update')

  return (
    <section aria-labelledby="cases-import" className={panel}>
      <h2 id="cases-import" className={sectionHeading}>
        {t('cases.importHeading')}
      </h2>
      <p className={hint}>
        {t('cases.importHint')}
      </p>
      <form onSubmit={onPreview} className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'flex-end' })}>
        <div>
          <label htmlFor="cases-import-file" className={fieldLabel}>
            {t('cases.importFile')}
          </label>
          <input
            id="cases-import-file"
            type="file"
            accept=".csv,text/csv,text/plain"
            onChange={(event) => void onFile(event)}
            className={css({ minH: '10', maxW: '100%', fontSize: 'sm', _focusVisible: { outline: '2px solid', outlineColor: 'focus', outlineOffset: '2px' } })}
          />
        </div>
        <Button type="submit" variant="outline" disabled={!file} loading={previewCall.isPending}>
          {t('cases.importPreview')}
        </Button>
      </form>
      <div aria-live="polite" className={css({ display: 'grid', gap: '3' })}>
        {readError ? <FormAlert tone="error">{readError}</FormAlert> : null}
        {previewCall.isError ? <FormAlert tone="error">{failureText(previewCall.error)}</FormAlert> : null}
        {conflict ? (
          <FormAlert tone="error">
            <p>{conflict}</p>
            <Button size="sm" variant="outline" className={css({ mt: '2' })} onClick={runPreview} loading={previewCall.isPending}>
              {t('cases.importPreviewAgain')}
            </Button>
          </FormAlert>
        ) : importCall.isError ? (
          <FormAlert tone="error">{failureText(importCall.error)}</FormAlert>
        ) : null}
        {result ? (
          <FormAlert tone="success">
            <p data-testid="import-result">{t('cases.importDone', { created: result.created, updated: result.updated, refused: result.refused })}</p>
          </FormAlert>
        ) : null}
        {preview ? (
          <div className={css({ display: 'grid', gap: '3' })} data-testid="import-preview">
            <h3 className={css({ fontWeight: '600' })}>{t('cases.importPreviewHeading', { file: file?.name ?? '' })}</h3>
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
            {preview.rows.length > 0 ? <PreviewTable rows={preview.rows} /> : null}
            <div className={css({ display: 'flex', gap: '3', flexWrap: 'wrap', alignItems: 'center' })}>
              <Button onClick={onImport} disabled={writable === 0} loading={importCall.isPending}>
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
