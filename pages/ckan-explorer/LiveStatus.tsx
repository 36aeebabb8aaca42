import { Badge } from '../../components/ui/badge.tsx'
import type { CkanErrorKind } from '../../lib/domain/ckan-error-kind.ts'
import { css } from '../../styled-system/css'
import { useIntl, useT } from '../../lib/i18n/I18nProvider.tsx'
import type { MessageKey } from '../../lib/i18n/catalog.ts'
import type { LivePortalState, LiveState, PortalChoice, ShownSource } from './use-explorer-search.ts'

const SOURCE_KEYS: Record<ShownSource, MessageKey> = {
  snapshot: 'explorer.shownSnapshot',
  live: 'explorer.shownLive',
  mixed: 'explorer.shownMixed',
}

/** Up to this many portals failing for one reason are named in the notice; more are counted. */
const NAMED_FAILURES = 3

const notice = css({ borderWidth: '1px', borderStyle: 'solid', borderRadius: 'l2', px: '4', py: '3', fontSize: 'sm', display: 'grid', gap: '1' })
const warning = css({ bg: 'warning.subtle', color: 'text', borderColor: 'warning' })

function useReason() {
  const t = useT()
  return (kind: CkanErrorKind | null) => (kind ? t(`ckan.error_${kind.replace(/-/g, '_')}` as MessageKey) : t('explorer.portalNoAnswer'))
}

/** The live notice's anchor: the status line links to it when the results are partial. */
export const LIVE_NOTICE_ID = 'explorer-live-notice'

/**
 * Where the results come from, and how each portal's live answer went. Two lines, the second kept for the live status
 * from the server's render on, so nothing below moves when the live answers come (side by side on wide screens).
 */
export function SourceLine({ source, live, liveExpected, portals, demoOnly }: { source: ShownSource; live: LiveState; liveExpected: number; portals: Map<string, PortalChoice>; demoOnly: boolean }) {
  const t = useT()
  const intl = useIntl()
  const reason = useReason()
  const states = live.phase === 'running' || live.phase === 'done' ? live.portals : []
  const count = (status: LivePortalState['status']) => states.filter((portal) => portal.status === status).length
  const partial = live.phase === 'done' && count('failed') > 0
  const line = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: '2', minH: '7' })
  return (
    <div className={css({ display: 'flex', flexDirection: { base: 'column', lg: 'row' }, flexWrap: 'wrap', alignItems: { base: 'flex-start', lg: 'baseline' }, columnGap: '3', fontSize: 'sm' })}>
      <div className={line}>
        <Badge tone={source === 'snapshot' ? 'neutral' : 'info'} data-testid="explorer-source" data-source={source}>
          {t(SOURCE_KEYS[source])}
        </Badge>
        {demoOnly ? <span className={css({ color: 'text.muted' })}>{t('explorer.demoOnly')}</span> : null}
      </div>
      {states.length ? (
        <div className={line}>
          <details data-testid="explorer-live-status">
            <summary className={css({ cursor: 'pointer', color: 'text.muted' })}>
              {live.phase === 'running'
                ? t('explorer.liveWaiting', { count: states.length })
                : t('explorer.liveSummary', { answered: count('answered'), failed: count('failed'), total: states.length })}
            </summary>
            <ul className={css({ listStyle: 'none', p: '0', mt: '2', display: 'grid', gap: '1' })}>
              {states.map((portal) => (
                <li key={portal.id} data-portal={portal.id} data-status={portal.status} className={css({ display: 'flex', gap: '2', alignItems: 'baseline', flexWrap: 'wrap' })}>
                  <span>{portals.get(portal.id)?.name ?? portal.id}</span>
                  {portal.status === 'waiting' ? (
                    <Badge size="sm">{t('explorer.portalWaiting')}</Badge>
                  ) : portal.status === 'answered' ? (
                    <Badge size="sm" tone="success">
                      {t('explorer.portalAnswered', { count: portal.count, seconds: intl.formatNumber(portal.ms / 1000, { minimumFractionDigits: 1, maximumFractionDigits: 1 }) })}
                    </Badge>
                  ) : (
                    <Badge size="sm" tone="error">
                      {t('explorer.portalFailed', { reason: reason(portal.error) })}
                    </Badge>
                  )}
                </li>
              ))}
            </ul>
          </details>
          {partial ? (
            <a href={`#${LIVE_NOTICE_ID}`} data-testid="explorer-partial-link">
              {t('explorer.partialTitle')}
            </a>
          ) : null}
        </div>
      ) : liveExpected ? (
        // Before hydration, and when the live call itself failed (its notice is below the results): the line's room.
        <div className={line} aria-hidden="true" data-testid="explorer-live-room">
          <span className={css({ visibility: 'hidden' })}>{t('explorer.liveWaiting', { count: liveExpected })}</span>
        </div>
      ) : null}
    </div>
  )
}

/** What went wrong with the live search, if anything: the results below still render. */
export function LiveNotices({ live, portals, snapshotHref }: { live: LiveState; portals: Map<string, PortalChoice>; snapshotHref: string }) {
  const t = useT()
  const intl = useIntl()
  const reason = useReason()
  let content = null
  if (live.phase === 'limited' || live.phase === 'error') {
    content = (
      <div className={`${notice} ${warning}`} data-testid="explorer-live-error">
        <p>{live.phase === 'limited' && live.message ? live.message : t('explorer.liveFailed')}</p>
      </div>
    )
  } else if (live.phase === 'done') {
    const failed = live.portals.filter((portal) => portal.status === 'failed')
    if (failed.length) {
      // One line per reason, so thirty unreachable portals do not push the results away.
      const byReason = new Map<CkanErrorKind | null, string[]>()
      for (const portal of failed) {
        const names = byReason.get(portal.error) ?? []
        names.push(portals.get(portal.id)?.name ?? portal.id)
        byReason.set(portal.error, names)
      }
      content = (
        <div className={`${notice} ${warning}`} data-testid="explorer-partial">
          <p>
            <strong>{t('explorer.partialTitle')}</strong> {t('explorer.partialBody')}
          </p>
          <ul className={css({ ps: '5', listStyle: 'disc' })}>
            {[...byReason].map(([kind, names]) => (
              // A list of many is a disclosure, whose triangle stands in for the bullet.
              <li key={kind ?? 'unknown'} className={names.length > NAMED_FAILURES ? css({ listStyleType: 'none' }) : undefined}>
                {names.length <= NAMED_FAILURES ? (
                  t('explorer.failedPortals', { names: intl.formatList(names, { type: 'conjunction' }), reason: reason(kind) })
                ) : (
                  // Many portals for one reason: counted, and named on request, so the results stay in view.
                  <details>
                    <summary className={css({ cursor: 'pointer' })}>{t('explorer.failedPortalsMany', { count: names.length, reason: reason(kind) })}</summary>
                    <p className={css({ mt: '1' })}>{intl.formatList(names, { type: 'conjunction' })}</p>
                  </details>
                )}
              </li>
            ))}
          </ul>
          <p>
            <a href={snapshotHref}>{t('explorer.snapshotInstead')}</a>
          </p>
        </div>
      )
    }
  }
  // Always present, so assistive technology hears a notice when it appears.
  return (
    <div aria-live="polite" id={LIVE_NOTICE_ID} className={css({ scrollMarginTop: '20' })}>
      {content}
    </div>
  )
}
