import { Badge } from '../../components/ui/badge.tsx'
import type { CkanErrorKind } from '../../server/outbound/errors.server.ts'
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

/** Where the results come from, and how each portal's live answer went. */
export function SourceLine({ source, live, portals, demoOnly }: { source: ShownSource; live: LiveState; portals: Map<string, PortalChoice>; demoOnly: boolean }) {
  const t = useT()
  const intl = useIntl()
  const reason = useReason()
  const states = live.phase === 'running' || live.phase === 'done' ? live.portals : []
  const count = (status: LivePortalState['status']) => states.filter((portal) => portal.status === status).length
  return (
    // Rendered on the server with the same height, so the live summary appearing after hydration moves nothing.
    <div className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: '2', minH: '7', fontSize: 'sm' })}>
      <Badge tone={source === 'snapshot' ? 'neutral' : 'info'} data-testid="explorer-source" data-source={source}>
        {t(SOURCE_KEYS[source])}
      </Badge>
      {demoOnly ? <span className={css({ color: 'text.muted' })}>{t('explorer.demoOnly')}</span> : null}
      {states.length ? (
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
              <li key={kind ?? 'unknown'}>
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
    <div aria-live="polite">
      {content}
    </div>
  )
}
