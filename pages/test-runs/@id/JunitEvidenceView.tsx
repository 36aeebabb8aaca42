import { useState } from 'react'
import { css } from '../../../styled-system/css'
import { Badge } from '../../../components/ui/badge.tsx'
import { Button } from '../../../components/ui/button.tsx'
import type { JunitEvidence } from '../../../lib/domain/junit-evidence.ts'
import { useIntl, useT } from '../../../lib/i18n/I18nProvider.tsx'

// What a JUnit report said about a result, as a tester reads it (docs/junit-import.md): each failure and error with its
// type, message and stack trace, the skip message, the earlier attempts of a rerun test, system-out and system-err.
// Each text is monospace in a disclosure (closed unless it is the latest result) with a button that copies it.

const mono = css({
  fontFamily: 'mono',
  fontSize: 'sm',
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  maxH: '80',
  overflow: 'auto',
  bg: 'surface.raised',
  color: 'text',
  p: '3',
  m: '0',
  borderRadius: 'l2',
  _focusVisible: { outline: '2px solid', outlineColor: 'focus' },
})
const disclosure = css({
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'border',
  borderRadius: 'l2',
  minW: '0',
})
const summary = css({
  cursor: 'pointer',
  fontWeight: '600',
  px: '3',
  py: '2',
  minH: '10',
  overflowWrap: 'anywhere',
  _focusVisible: {
    outline: '2px solid',
    outlineColor: 'focus',
    outlineOffset: '2px',
  },
})

function CopyButton({ text }: { text: string }) {
  const t = useT()
  const [copied, setCopied] = useState(false)
  return (
    <Button
      size="sm"
      variant="outline"
      tone="secondary"
      onClick={() => {
        void navigator.clipboard?.writeText(text).then(() => setCopied(true))
      }}
    >
      <span aria-live="polite">{copied ? t('execution.junitCopied') : t('execution.junitCopy')}</span>
    </Button>
  )
}

/** One text of the report in a disclosure: its heading, a note when only its start was kept, the text and a copy button. */
function Text({ title, text, bytes, open, testId }: { title: string; text: string; bytes?: number; open: boolean; testId: string }) {
  const t = useT()
  const intl = useIntl()
  const cut = bytes !== undefined && new TextEncoder().encode(text).length < bytes
  return (
    <details open={open} className={disclosure} data-testid={testId}>
      <summary className={summary}>{title}</summary>
      <div
        className={css({
          display: 'grid',
          gap: '2',
          p: '3',
          pt: '0',
          minW: '0',
        })}
      >
        {cut ? (
          <p className={css({ fontSize: 'sm', color: 'text.muted' })}>
            {t('execution.junitTruncated', {
              chars: intl.formatNumber(text.length),
              bytes: intl.formatNumber(bytes),
            })}
          </p>
        ) : null}
        <pre tabIndex={0} aria-label={title} className={mono}>
          {text}
        </pre>
        <div>
          <CopyButton text={text} />
        </div>
      </div>
    </details>
  )
}

export function JunitEvidenceView({ evidence, open }: { evidence: JunitEvidence; open: boolean }) {
  const t = useT()
  const retries = evidence.retries ?? []
  return (
    <div className={css({ display: 'grid', gap: '2', minW: '0' })} data-testid="junit-evidence">
      {evidence.flaky || retries.length > 0 ? (
        <p
          className={css({
            display: 'flex',
            flexWrap: 'wrap',
            gap: '2',
            alignItems: 'center',
          })}
        >
          {evidence.flaky ? (
            <Badge tone="warning" data-testid="junit-flaky">
              {t('execution.junitFlaky')}
            </Badge>
          ) : null}
          {retries.length > 0 ? <span className={css({ fontSize: 'sm', color: 'text.muted' })}>{t('execution.junitRetries', { count: retries.length })}</span> : null}
        </p>
      ) : null}
      {retries.length > 0 ? (
        <ul
          className={css({
            display: 'grid',
            gap: '1',
            ps: '5',
            listStyleType: 'disc',
            fontSize: 'sm',
            overflowWrap: 'anywhere',
          })}
        >
          {retries.map((retry, index) => (
            <li key={index}>
              <span className={css({ fontFamily: 'mono' })}>{retry.element}</span> {retry.type ? <span className={css({ fontFamily: 'mono' })}>{retry.type}</span> : null}{' '}
              {retry.message}
            </li>
          ))}
        </ul>
      ) : null}
      {evidence.failures.map((failure, index) => {
        const kind = failure.element === 'error' ? t('execution.junitError') : t('execution.junitFailure')
        const heading = [kind, failure.type].filter(Boolean).join(': ')
        return (
          <div key={index} className={css({ display: 'grid', gap: '2', minW: '0' })}>
            {failure.message ? <Text title={`${heading} · ${t('execution.junitMessage')}`} text={failure.message} open={open} testId="junit-message" /> : null}
            {failure.detail ? (
              <Text
                title={`${heading} · ${t('execution.junitStackTrace')}`}
                text={failure.detail}
                bytes={failure.detailBytes}
                open={open && !failure.message}
                testId="junit-detail"
              />
            ) : null}
            {!failure.message && !failure.detail ? <p className={css({ fontWeight: '600' })}>{heading}</p> : null}
          </div>
        )
      })}
      {evidence.skipped ? <Text title={t('execution.junitSkipped')} text={evidence.skipped} open={open} testId="junit-skipped" /> : null}
      {evidence.systemOut ? (
        <Text title={t('execution.junitSystemOut')} text={evidence.systemOut.text} bytes={evidence.systemOut.bytes} open={false} testId="junit-system-out" />
      ) : null}
      {evidence.systemErr ? (
        <Text title={t('execution.junitSystemErr')} text={evidence.systemErr.text} bytes={evidence.systemErr.bytes} open={false} testId="junit-system-err" />
      ) : null}
    </div>
  )
}

export default JunitEvidenceView
