import type { ReactNode } from 'react'
import { css } from '../styled-system/css'
import type { CheckEvidence, CheckItemEvidence } from '../lib/domain/checks.ts'
import { useIntl, useT } from '../lib/i18n/I18nProvider.tsx'
import { StatusBadge } from './ui/badge.tsx'
import { Table } from './ui/table.tsx'
import { useCheckMessage } from './use-check-message.ts'

// What an automated check saw, as evidence a person can read: the outcome in words, its messages in the user's
// language, and the HTTP exchange behind them in a disclosure (request, final address, status, headers, redirects,
// hash, an excerpt, every attempt), with a table of items when the check ran over a catalogue query. Shown after
// "Try it now" in the case editors and for recorded results in the execution view.

const mono = css({ fontFamily: 'mono', fontSize: 'sm', overflowWrap: 'anywhere', wordBreak: 'break-word' })
const muted = css({ color: 'text.muted' })
const dl = css({ display: 'grid', gap: '2', gridTemplateColumns: { base: 'minmax(0, 1fr)', sm: 'max-content minmax(0, 1fr)' }, columnGap: '4', m: '0' })
const dt = css({ fontWeight: '600', fontSize: 'sm', color: 'text.muted' })
const dd = css({ m: '0', minW: '0', overflowWrap: 'anywhere' })

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className={dt}>{term}</dt>
      <dd className={dd}>{children}</dd>
    </>
  )
}

type Props = {
  evidence: CheckEvidence
  /** Whether the exchange's details start open. */
  open?: boolean
  testId?: string
}

export function CheckEvidenceView({ evidence, open = false, testId = 'check-evidence' }: Props) {
  const t = useT()
  const intl = useIntl()
  const message = useCheckMessage()
  return (
    <div className={css({ display: 'grid', gap: '3', minW: '0' })} data-testid={testId}>
      <p className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', alignItems: 'center' })}>
        <span className={css({ fontWeight: '600' })}>{t('evidence.result')}</span>
        <StatusBadge status={evidence.outcome} data-testid="check-outcome" />
        <span className={css({ fontSize: 'sm', color: 'text.muted' })}>
          {t('evidence.duration', { ms: intl.formatNumber(evidence.durationMs) })} · {intl.formatDate(evidence.startedAt, { dateStyle: 'medium', timeStyle: 'medium' })}
        </span>
      </p>
      {evidence.messages.length > 0 ? (
        <ul className={css({ display: 'grid', gap: '1', ps: '5', listStyleType: 'disc', overflowWrap: 'anywhere' })} data-testid="check-messages">
          {evidence.messages.map((entry, index) => (
            <li key={index}>{message(entry)}</li>
          ))}
        </ul>
      ) : null}
      <details open={open} className={css({ borderWidth: '1px', borderStyle: 'solid', borderColor: 'border', borderRadius: 'l2', minW: '0' })}>
        <summary className={css({ cursor: 'pointer', fontWeight: '600', px: '3', minH: '10', display: 'flex', alignItems: 'center', _focusVisible: { outline: '2px solid', outlineColor: 'focus', outlineOffset: '2px' } })}>
          {t('evidence.details')}
        </summary>
        <div className={css({ display: 'grid', gap: '4', p: '3', pt: '1', minW: '0' })}>
          <Exchange item={evidence} />
          {evidence.items.length > 0 ? <Items items={evidence.items} /> : null}
        </div>
      </details>
    </div>
  )
}

/** The HTTP side of one item: what was asked, what came back, and each attempt. */
function Exchange({ item }: { item: CheckItemEvidence }) {
  const t = useT()
  const intl = useIntl()
  const none = <span className={muted}>–</span>
  const value = (text: string | number | null) => (text === null || text === '' ? none : <span className={mono}>{text}</span>)
  return (
    <div className={css({ display: 'grid', gap: '4', minW: '0' })}>
      <dl className={dl} data-testid="check-exchange">
        <Row term={t('evidence.request')}>{item.request ? <span className={mono} data-testid="check-request">{`${item.request.method} ${item.request.url}`}</span> : none}</Row>
        <Row term={t('evidence.finalUrl')}>{value(item.finalUrl)}</Row>
        <Row term={t('evidence.status')}>{value(item.status)}</Row>
        <Row term={t('evidence.latency')}>{item.latencyMs === null ? none : t('evidence.ms', { ms: intl.formatNumber(item.latencyMs) })}</Row>
        <Row term={t('evidence.contentType')}>{value(item.headers.contentType)}</Row>
        <Row term={t('evidence.contentLength')}>{value(item.headers.contentLength)}</Row>
        <Row term="ETag">{value(item.headers.etag)}</Row>
        <Row term="Last-Modified">{value(item.headers.lastModified)}</Row>
        <Row term={t('evidence.hash')}>{value(item.hash)}</Row>
        <Row term={t('evidence.bytes')}>{item.bytes === null ? none : intl.formatNumber(item.bytes)}</Row>
        <Row term={t('evidence.redirects')}>
          {item.redirects.length === 0 ? (
            <span className={muted}>{t('evidence.noRedirects')}</span>
          ) : (
            <ol className={css({ ps: '5', listStyleType: 'decimal' })}>
              {item.redirects.map((url, index) => (
                <li key={index} className={mono}>
                  {url}
                </li>
              ))}
            </ol>
          )}
        </Row>
      </dl>
      {item.excerpt ? (
        <div className={css({ display: 'grid', gap: '1', minW: '0' })}>
          <p className={dt}>{t('evidence.excerpt')}</p>
          <pre
            tabIndex={0}
            aria-label={t('evidence.excerpt')}
            className={css({ fontFamily: 'mono', fontSize: 'sm', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', maxH: '60', overflow: 'auto', bg: 'surface.raised', color: 'text', p: '3', borderRadius: 'l2', _focusVisible: { outline: '2px solid', outlineColor: 'focus' } })}
          >
            {item.excerpt}
          </pre>
        </div>
      ) : null}
      {item.attempts.length > 0 ? (
        <Table.Container aria-label={t('evidence.attempts')}>
          <Table.Root density="compact">
            <Table.Caption className={css({ textAlign: 'start', fontWeight: '600', fontSize: 'sm', color: 'text.muted', captionSide: 'top', pb: '1' })}>{t('evidence.attempts')}</Table.Caption>
            <Table.Head>
              <Table.Row>
                <Table.Header scope="col">#</Table.Header>
                <Table.Header scope="col">{t('evidence.request')}</Table.Header>
                <Table.Header scope="col">{t('evidence.status')}</Table.Header>
                <Table.Header scope="col">{t('evidence.latency')}</Table.Header>
              </Table.Row>
            </Table.Head>
            <Table.Body>
              {item.attempts.map((attempt, index) => (
                <Table.Row key={index}>
                  <Table.Header scope="row">{index + 1}</Table.Header>
                  <Table.Cell className={css({ minW: '12rem', whiteSpace: 'normal' })}>
                    <span className={mono}>{`${attempt.method} ${attempt.url}`}</span>
                  </Table.Cell>
                  <Table.Cell>{attempt.status ?? (attempt.error ? t('evidence.attemptError', { error: attempt.error }) : '–')}</Table.Cell>
                  <Table.Cell className={css({ whiteSpace: 'nowrap' })}>{t('evidence.ms', { ms: intl.formatNumber(attempt.ms) })}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.Container>
      ) : null}
    </div>
  )
}

/** A check that ran over a catalogue query: each item's outcome and first message. */
function Items({ items }: { items: CheckItemEvidence[] }) {
  const t = useT()
  const message = useCheckMessage()
  return (
    <Table.Container aria-label={t('evidence.items', { count: items.length })}>
      <Table.Root density="compact" data-testid="check-items">
        <Table.Caption className={css({ textAlign: 'start', fontWeight: '600', fontSize: 'sm', color: 'text.muted', captionSide: 'top', pb: '1' })}>{t('evidence.items', { count: items.length })}</Table.Caption>
        <Table.Head>
          <Table.Row>
            <Table.Header scope="col">{t('evidence.subject')}</Table.Header>
            <Table.Header scope="col">{t('evidence.result')}</Table.Header>
            <Table.Header scope="col">{t('evidence.message')}</Table.Header>
          </Table.Row>
        </Table.Head>
        <Table.Body>
          {items.map((entry, index) => (
            <Table.Row key={index}>
              <Table.Header scope="row" className={css({ minW: '10rem', maxW: '28rem', fontWeight: '500', whiteSpace: 'normal' })}>
                <span className={mono}>{entry.subject}</span>
              </Table.Header>
              <Table.Cell>
                <StatusBadge status={entry.outcome} size="sm" />
              </Table.Cell>
              <Table.Cell className={css({ minW: '12rem', whiteSpace: 'normal' })}>{entry.messages[0] ? message(entry.messages[0]) : '–'}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.Container>
  )
}

// The module's part for a lazy import (the run page loads it with its texts: lazyWithGroups).
export default CheckEvidenceView
