import { useEffect, useRef, useState } from 'react'
import { css } from '../../styled-system/css'
import { Badge } from '../../components/ui/badge.tsx'
import { Button } from '../../components/ui/button.tsx'
import { Table } from '../../components/ui/table.tsx'
import { useDisplayNames } from './names.tsx'
import type { MessageKey } from '../../lib/i18n/catalog.ts'
import { useIntl, useT } from '../../lib/i18n/I18nProvider.tsx'
import { DateTime } from '../../components/DateTime.tsx'
import { HarvestProgress } from '../../features/portals/HarvestProgress.tsx'
import { HealthBadge } from '../../features/portals/HealthBadge.tsx'
import type { HarvestStatus, Portal } from './types.ts'
import { harvestFailureCause, servedFewer } from '../../features/portals/harvest-progress.ts'
import { useHarvestStatus } from './use-harvest-status.ts'

// Reasons a harvest or a health check failed, by the kinds server/outbound/errors.server.ts gives them.
const CKAN_ERRORS: Record<string, MessageKey> = {
  unreachable: 'ckan.error_unreachable',
  timeout: 'ckan.error_timeout',
  http: 'ckan.error_http',
  'rate-limited': 'ckan.error_rate_limited',
  'not-ckan': 'ckan.error_not_ckan',
  malformed: 'ckan.error_malformed',
  'too-large': 'ckan.error_too_large',
  'ckan-error': 'ckan.error_ckan_error',
  'circuit-open': 'ckan.error_circuit_open',
  blocked: 'ckan.error_blocked',
}

// Why a harvest stopped early (HARVEST_STOP_REASONS in db/schema/harvest-run.ts), recorded as the run's last error.
const STOP_REASONS: Record<string, MessageKey> = {
  'repeated-page': 'portals.stop_repeated_page',
  'dataset-limit': 'portals.stop_dataset_limit',
  'page-limit': 'portals.stop_page_limit',
  'time-limit': 'portals.stop_time_limit',
}

const muted = css({ display: 'block', fontSize: 'xs', color: 'text.muted', mt: '1' })
const cellStack = css({ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: '1' })

export function NotKnown() {
  const t = useT()
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className={css({ srOnly: true })}>{t('portals.notKnown')}</span>
    </>
  )
}

function When({ date }: { date: Date }) {
  return <DateTime value={date} />
}

type Props = {
  portal: Portal
  initial: HarvestStatus | null | undefined
  signedIn: boolean
  /** Asks for the page's data again: a finished harvest changes the portal's health, version and counts. */
  onHarvestFinished: () => void
}

/**
 * One registered portal: its health, version, counts and harvest. The harvest status is seeded from the first paint
 * and polled only while a harvest runs.
 */
export function PortalRow({ portal, initial, signedIn, onHarvestFinished }: Props) {
  const t = useT()
  const intl = useIntl()
  const names = useDisplayNames()
  const { status, start, starting, startError } = useHarvestStatus(portal.id, initial, onHarvestFinished)
  const running = status?.running ?? null
  const [announcement, setAnnouncement] = useState('')
  const wasRunning = useRef(Boolean(initial?.running))
  useEffect(() => {
    if (wasRunning.current && !running) setAnnouncement(t('portals.harvestFinished', { name: portal.name }))
    wasRunning.current = Boolean(running)
  }, [running, t, portal.name])

  const latest = status?.runs[0] ?? null
  const fewer = latest ? servedFewer(latest) : null
  const health = portal.health
  const canHarvest = signedIn && !portal.isDemo && portal.enabled && !running

  return (
    <Table.Row data-testid="portal-row" data-portal={portal.id} data-health={health.status}>
      <Table.Header scope="row" className={css({ whiteSpace: 'normal', minW: '200px' })}>
        <span className={cellStack}>
          <a href={portal.baseUrl} className={css({ fontWeight: '600' })}>
            {portal.name}
          </a>
          <span className={css({ display: 'flex', gap: '2', alignItems: 'center', flexWrap: 'wrap' })}>
            <code className={css({ fontFamily: 'mono', fontSize: 'xs', color: 'text.muted', fontWeight: '400' })}>{portal.id}</code>
            {portal.isDemo ? (
              <Badge tone="info" size="sm">
                {t('ckan.demoData')}
              </Badge>
            ) : null}
            {!portal.enabled ? <Badge size="sm">{t('portals.disabled')}</Badge> : null}
          </span>
        </span>
      </Table.Header>
      <Table.Cell className={css({ minW: '180px' })}>
        <HealthBadge status={health.status} />
        {health.status === 'down' ? (
          <span className={css({ display: 'block', fontSize: 'sm', color: 'error.text', mt: '1', maxW: '32ch' })} data-testid="health-reason">
            {health.error ?? t('portals.reasonUnknown')}
          </span>
        ) : null}
        {(health.status === 'up' || health.status === 'slow') && health.responseMs !== null ? (
          <span className={muted}>{t('portals.responseTime', { ms: intl.formatNumber(health.responseMs) })}</span>
        ) : null}
        {health.lastCheckedAt && health.status !== 'demo' ? (
          <span className={muted}>
            {t('portals.checked')} <When date={health.lastCheckedAt} />
          </span>
        ) : null}
      </Table.Cell>
      <Table.Cell>{health.ckanVersion ?? <NotKnown />}</Table.Cell>
      <Table.Cell align="end">
        {health.datasetCount !== null ? intl.formatNumber(health.datasetCount) : <NotKnown />}
        {status && status.datasets > 0 ? <span className={muted}>{t('portals.harvestedCount', { count: status.datasets })}</span> : null}
      </Table.Cell>
      <Table.Cell className={css({ minW: '220px', whiteSpace: 'normal' })} data-testid="last-harvest">
        <div className={cellStack}>
          {running ? (
            <HarvestProgress portalName={portal.name} run={running} />
          ) : latest ? (
            <>
              <span className={css({ display: 'flex', gap: '2', alignItems: 'center', flexWrap: 'wrap' })}>
                <Badge tone={latest.status === 'succeeded' ? 'success' : latest.status === 'failed' ? 'error' : 'info'} data-run-status={latest.status}>
                  {t(latest.status === 'succeeded' ? 'portals.runSucceeded' : latest.status === 'failed' ? 'portals.runFailed' : 'portals.runRunning')}
                </Badge>
                <span className={css({ fontSize: 'sm' })}>
                  <When date={latest.finishedAt ?? latest.startedAt} />
                </span>
              </span>
              {latest.status === 'failed' ? (
                <span className={css({ fontSize: 'sm', color: 'error.text', maxW: '36ch' })} data-testid="harvest-reason">
                  {failureReason(latest.errors, t)}
                </span>
              ) : (
                <span className={css({ fontSize: 'xs', color: 'text.muted' })}>
                  {t('portals.runCounts', { created: intl.formatNumber(latest.created), updated: intl.formatNumber(latest.updated), deleted: intl.formatNumber(latest.deleted) })}
                </span>
              )}
              {fewer ? (
                <span className={css({ fontSize: 'sm', color: 'warning.text', maxW: '36ch' })} data-testid="harvest-served-fewer">
                  {t('portals.servedFewer', { reported: fewer.reported, served: fewer.served })}
                </span>
              ) : null}
            </>
          ) : status ? (
            <span className={css({ fontSize: 'sm', color: 'text.muted' })}>{portal.isDemo ? t('portals.demoNotHarvested') : t('portals.neverHarvested')}</span>
          ) : (
            <NotKnown />
          )}
          {canHarvest ? (
            <Button size="sm" variant="outline" loading={starting} onClick={() => void start()} aria-label={t('portals.harvestNowFor', { name: portal.name })}>
              {t('portals.harvestNow')}
            </Button>
          ) : null}
          {startError ? (
            <span role="alert" className={css({ fontSize: 'sm', color: 'error.text' })}>
              {startError}
            </span>
          ) : null}
          <span role="status" className={css({ srOnly: true })}>
            {announcement}
          </span>
        </div>
      </Table.Cell>
      <Table.Cell>{portal.country ? names.country(portal.country) : <NotKnown />}</Table.Cell>
      <Table.Cell className={css({ whiteSpace: 'normal' })}>
        {portal.languages.length ? portal.languages.map((code) => names.language(code)).join(', ') : <NotKnown />}
      </Table.Cell>
    </Table.Row>
  )
}

/** Why a harvest failed, in the user's language: its cause and, when calls were then paused, that too. */
function failureReason(errors: ReadonlyArray<{ kind: string; message: string }>, t: ReturnType<typeof useT>): string {
  const { cause, paused } = harvestFailureCause(errors)
  const key = cause ? (STOP_REASONS[cause.kind] ?? CKAN_ERRORS[cause.kind]) : undefined
  const said = cause ? (key ? t(key) : cause.message) : paused ? '' : t('portals.reasonUnknown')
  return [said, paused ? t('ckan.error_circuit_open') : ''].filter(Boolean).join(' ')
}
