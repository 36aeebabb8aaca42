import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { Button } from '../../../components/ui/button.tsx'
import { FormAlert } from '../../../components/FormAlert.tsx'
import { checkRow } from '../../../components/native-controls.ts'
import type { JunitNotice } from '../../../lib/forms/junit-notice.ts'
import { roleAtLeast, type ProjectRole } from '../../../lib/domain/test-management.ts'
import type { MessageKey } from '../../../lib/i18n/catalog.ts'
import { useIntl, useT } from '../../../lib/i18n/I18nProvider.tsx'
import { runJunitImportHref } from '../../../lib/routing/project-links.ts'
import { css, cx } from '../../../styled-system/css'
import { useHydrated } from '../../../lib/use-hydrated.ts'
import { clearFileField, FileField } from '../../../components/FileField.tsx'
import { muted, plainList } from './bits.tsx'

/** What the import answers (POST /api/test-runs/:runId/import-junit). */
type Summary = {
  cases: number
  recorded: number
  created: number
  addedToRun: number
  unmatched: string[]
  unmatchedCount: number
  counts: { passed: number; failed: number; blocked: number; skipped: number }
  warnings: string[]
}

type Shown =
  | { kind: 'summary'; file: string; summary: Summary }
  /** A summary that came back in the address after the form was posted without JavaScript (notes only counted). */
  | { kind: 'posted'; notice: Extract<JunitNotice, { ok: true }> }
  | { kind: 'error'; message: string }
  /** The report would add cases to the run: asked before anything is written. */
  | { kind: 'confirm'; count: number; file: File; createUnknown: boolean }

const PROBLEMS = new Set(['notXml', 'notJunit', 'doctype', 'entity', 'malformed', 'mismatch', 'truncated', 'nameTooLong', 'tagTooLong', 'tooDeep', 'encoding', 'textOutsideRoot', 'secondRoot', 'tooManyCases', 'tooLarge', 'implausibleTime', 'badBytes'])
const REQUESTS = new Set(['UNAUTHORIZED', 'FORBIDDEN', 'NOT_FOUND', 'BAD_REQUEST', 'PAYLOAD_TOO_LARGE', 'SERVICE_UNAVAILABLE'])

/** Problems whose words name something in the file, which the address does not carry: worded without the name. */
const NAMING_PROBLEMS = new Set(['notJunit', 'entity', 'mismatch', 'encoding', 'implausibleTime', 'badBytes'])

/** The words for a refusal that came back in the address: a known code worded here, never text from the address. */
function noticeMessage(notice: Extract<JunitNotice, { ok: false }>, t: ReturnType<typeof useT>): string {
  const params = { max: '', megabytes: 256, ...notice.params }
  if (PROBLEMS.has(notice.problem)) {
    const key = NAMING_PROBLEMS.has(notice.problem) ? `junit.problemUnnamed_${notice.problem}` : `junit.problem_${notice.problem}`
    const text = t(key as MessageKey, params)
    return notice.line ? `${text} ${t('junit.atLine', { line: notice.line })}` : text
  }
  if (notice.problem === 'needsAddCases') return t('junit.needsAddCasesForm', { count: notice.params.count ?? 0 })
  if (notice.problem === 'noFile') return t('junit.noFile')
  if (notice.problem === 'form') return t('junit.formUnreadable')
  return t(REQUESTS.has(notice.problem) ? (`junit.request_${notice.problem}` as MessageKey) : 'junit.request_other')
}

/** Sends the file as the request's body, reporting how much of it went. XMLHttpRequest, as fetch reports no upload progress. */
function upload(url: string, file: File, onProgress: (share: number) => void): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest()
    request.open('POST', url)
    request.setRequestHeader('Content-Type', 'application/xml')
    request.responseType = 'json'
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total)
    }
    request.upload.onload = () => onProgress(1)
    request.onload = () => resolve({ status: request.status, body: request.response as unknown })
    request.onerror = () => reject(new Error('network'))
    request.send(file)
  })
}

/**
 * Testers record a JUnit XML report into the run; editors may have the cases the project lacks created. A plain
 * multipart form that the server answers with a redirect back here (no JavaScript), or an upload with progress and
 * the summary in a live region. Loaded with its texts when the run page renders it (`lazyWithGroups`, RunHeader).
 */
export default function JunitImport({ runId, role, notice, onImported }: { runId: string; role: ProjectRole; notice: JunitNotice | null; onImported: () => void }) {
  const t = useT()
  const intl = useIntl()
  const hydrated = useHydrated()
  const id = useId()
  const fileRef = useRef<HTMLInputElement>(null)
  const [progress, setProgress] = useState<number | null>(null)
  const [shown, setShown] = useState<Shown | null>(() => (notice ? (notice.ok ? { kind: 'posted', notice } : { kind: 'error', message: noticeMessage(notice, t) }) : null))
  const canCreate = roleAtLeast(role, 'editor')
  const busy = progress !== null

  async function send(file: File, createUnknown: boolean, addCases: boolean) {
    setShown(null)
    setProgress(0)
    try {
      const answer = await upload(runJunitImportHref(runId, { createUnknown, addCases, filename: file.name }), file, setProgress)
      const error = (answer.body as { error?: { message?: string; wouldAdd?: number } } | null)?.error
      if (answer.status === 200) {
        setShown({ kind: 'summary', file: file.name, summary: answer.body as Summary })
        clearFileField(fileRef.current)
      } else if (answer.status === 409 && typeof error?.wouldAdd === 'number') {
        setShown({ kind: 'confirm', count: error.wouldAdd, file, createUnknown })
      } else {
        setShown({ kind: 'error', message: error?.message ?? t('junit.request_other') })
      }
    } catch {
      setShown({ kind: 'error', message: t('junit.networkError') })
    } finally {
      setProgress(null)
      // The run's figures and the open case's results follow what was recorded.
      onImported()
    }
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const file = fileRef.current?.files?.[0]
    if (!file) {
      setShown({ kind: 'error', message: t('junit.chooseFile') })
      fileRef.current?.focus()
      return
    }
    const form = new FormData(event.currentTarget)
    await send(file, canCreate && form.get('createUnknown') === 'on', form.get('addCases') === 'on')
  }

  const percent = progress === null ? '' : intl.formatNumber(progress, { style: 'percent', maximumFractionDigits: 0 })
  return (
    <section aria-labelledby={`${id}-heading`} className={css({ display: 'grid', gap: '3', borderWidth: '1px', borderStyle: 'solid', borderColor: 'border', borderRadius: 'l2', bg: 'surface', p: { base: '3', md: '4' }, minW: '0' })} data-testid="junit-import">
      <h2 id={`${id}-heading`} className={css({ fontSize: 'md', fontWeight: '600' })}>
        {t('junit.title')}
      </h2>
      <p className={cx(muted, css({ fontSize: 'sm' }))}>{t('junit.intro')}</p>
      <form method="post" action={runJunitImportHref(runId)} encType="multipart/form-data" onSubmit={(event) => void submit(event)} className={css({ display: 'grid', gap: '3', justifyItems: 'start', minW: '0' })}>
        {/* Before the file: the server reads the form's fields as they arrive and the file last. */}
        {canCreate ? (
          <div className={css({ display: 'grid', gap: '1' })}>
            <label className={checkRow}>
              <input type="checkbox" name="createUnknown" aria-describedby={`${id}-create-hint`} disabled={busy} />
              {t('junit.createUnknown')}
            </label>
            <p id={`${id}-create-hint`} className={cx(muted, css({ fontSize: 'sm' }))}>
              {t('junit.createUnknownHint')}
            </p>
          </div>
        ) : null}
        <div className={css({ display: 'grid', gap: '1' })}>
          <label className={checkRow}>
            <input type="checkbox" name="addCases" aria-describedby={`${id}-add-hint`} disabled={busy} data-testid="junit-add-cases" />
            {t('junit.addCases')}
          </label>
          <p id={`${id}-add-hint`} className={cx(muted, css({ fontSize: 'sm' }))}>
            {t('junit.addCasesHint')}
          </p>
        </div>
        <FileField id={`${id}-file`} label={t('junit.fileLabel')} inputRef={fileRef} name="file" accept=".xml,application/xml,text/xml" required={!hydrated} disabled={busy} testId="junit-file" />
        <Button type="submit" variant="outline" loading={busy} data-testid="junit-submit">
          {t('junit.submit')}
        </Button>
      </form>
      {progress !== null ? (
        <div className={css({ display: 'grid', gap: '1', maxW: '24rem' })}>
          <progress value={progress} max={1} aria-labelledby={`${id}-progress`} className={css({ w: '100%', accentColor: 'primary' })} />
          <span id={`${id}-progress`} className={cx(muted, css({ fontSize: 'sm' }))}>
            {progress < 1 ? t('junit.uploading', { percent }) : t('junit.reading')}
          </span>
        </div>
      ) : null}
      <div role="status" aria-live="polite" data-testid="junit-summary">
        {shown?.kind === 'summary' ? <SummaryView file={shown.file} summary={shown.summary} /> : null}
        {shown?.kind === 'posted' ? (
          <SummaryView file={null} summary={{ ...shown.notice, unmatched: [], cases: shown.notice.recorded + shown.notice.unmatchedCount, warnings: [] }} warningsCount={shown.notice.warnings} />
        ) : null}
      </div>
      {shown?.kind === 'confirm' ? (
        <ConfirmAdd
          count={shown.count}
          onYes={() => void send(shown.file, shown.createUnknown, true)}
          onNo={() => {
            setShown(null)
            fileRef.current?.focus()
          }}
        />
      ) : null}
      {shown?.kind === 'error' ? (
        <FormAlert tone="error">
          <strong>{t('junit.failedTitle')}</strong> {shown.message} {t('junit.nothingChanged')}
        </FormAlert>
      ) : null}
    </section>
  )
}

/** Asks before the import adds cases to the run; the button that adds them takes the focus, Escape cancels. */
function ConfirmAdd({ count, onYes, onNo }: { count: number; onYes: () => void; onNo: () => void }) {
  const t = useT()
  const id = useId()
  const yes = useRef<HTMLButtonElement>(null)
  useEffect(() => yes.current?.focus(), [])
  return (
    <div
      role="alertdialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onNo()
      }}
      className={css({ display: 'grid', gap: '2', borderWidth: '1px', borderStyle: 'solid', borderColor: 'warning', bg: 'warning.subtle', color: 'text', borderRadius: 'l2', px: '4', py: '3', minW: '0' })}
      data-testid="junit-confirm-add"
    >
      <h3 id={`${id}-title`} className={css({ fontSize: 'sm', fontWeight: '600' })}>
        {t('junit.confirmAddTitle')}
      </h3>
      <p id={`${id}-text`} className={css({ fontSize: 'sm' })}>
        {t('junit.confirmAdd', { count })}
      </p>
      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2' })}>
        <Button ref={yes} onClick={onYes} data-testid="junit-confirm-add-yes">
          {t('junit.confirmAddYes', { count })}
        </Button>
        <Button variant="outline" tone="secondary" onClick={onNo}>
          {t('junit.confirmAddNo')}
        </Button>
      </div>
    </div>
  )
}

/** `file` null: a summary from the address after a post without JavaScript, which carries figures only (no names). */
function SummaryView({ file, summary, warningsCount = 0 }: { file: string | null; summary: Summary; warningsCount?: number }) {
  const t = useT()
  const more = summary.unmatchedCount - summary.unmatched.length
  const line = css({ fontSize: 'sm' })
  return (
    <div className={css({ display: 'grid', gap: '2', borderWidth: '1px', borderStyle: 'solid', borderColor: 'success', bg: 'success.subtle', color: 'success.text', borderRadius: 'l2', px: '4', py: '3', minW: '0' })}>
      <h3 className={css({ fontSize: 'sm', fontWeight: '600', overflowWrap: 'anywhere' })}>{file === null ? t('junit.summaryTitlePosted') : t('junit.summaryTitle', { file })}</h3>
      <p className={line} data-testid="junit-recorded">
        {t('junit.summaryRecorded', { count: summary.recorded })}. {t('junit.summaryCounts', summary.counts)}
      </p>
      {summary.created > 0 ? <p className={line}>{t('junit.summaryCreated', { count: summary.created })}</p> : null}
      {summary.addedToRun > 0 ? <p className={line}>{t('junit.summaryAdded', { count: summary.addedToRun })}</p> : null}
      {summary.unmatchedCount > 0 && file === null ? (
        <p className={line}>{t('junit.summaryUnmatchedPosted', { count: summary.unmatchedCount })}</p>
      ) : summary.unmatchedCount > 0 ? (
        <div className={line}>
          <p>{t('junit.summaryUnmatched', { count: summary.unmatchedCount })}</p>
          <ul className={cx(plainList, css({ display: 'grid', gap: '0.5', mt: '1', maxH: '12rem', overflowY: 'auto', fontFamily: 'mono', fontSize: 'xs', overflowWrap: 'anywhere' }))} data-testid="junit-unmatched" tabIndex={0} aria-label={t('junit.summaryUnmatched', { count: summary.unmatchedCount })}>
            {summary.unmatched.map((name) => (
              <li key={name}>{name}</li>
            ))}
            {more > 0 ? <li>{t('junit.summaryUnmatchedMore', { count: more })}</li> : null}
          </ul>
        </div>
      ) : null}
      {summary.warnings.length > 0 ? (
        <div className={line}>
          <p>{t('junit.summaryWarnings')}</p>
          <ul className={css({ ps: '5', listStyle: 'disc' })}>
            {summary.warnings.map((warning) => (
              <li key={warning}>{warning}</li>
            ))}
          </ul>
        </div>
      ) : warningsCount > 0 ? (
        <p className={line}>{t('junit.summaryWarningsCount', { count: warningsCount })}</p>
      ) : null}
    </div>
  )
}
