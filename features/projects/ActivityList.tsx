import { css } from '../../styled-system/css'
import { useT } from '../../lib/i18n/I18nProvider.tsx'
import { auditSentence, type AuditView } from './audit-text.ts'
import { RelativeTime } from './RelativeTime.tsx'

/** Recent changes as sentences, newest first, each with who made it and when. */
export function ActivityList({ events, now }: { events: readonly AuditView[]; now: Date }) {
  const t = useT()
  if (events.length === 0) return <p className={css({ color: 'text.muted', fontSize: 'sm' })}>{t('projects.noActivityYet')}</p>
  return (
    <ol className={css({ listStyle: 'none', p: '0', m: '0', display: 'grid', gap: '3' })} data-testid="activity">
      {events.map((event) => (
        <li key={event.id} className={css({ borderLeftWidth: '2px', borderLeftStyle: 'solid', borderLeftColor: 'border.strong', ps: '3' })}>
          <p className={css({ overflowWrap: 'anywhere' })}>{auditSentence(event, t)}</p>
          <p className={css({ fontSize: 'sm', color: 'text.muted' })}>
            {event.actor ?? t('projects.unknownActor')} · <RelativeTime at={event.at} now={now} />
          </p>
        </li>
      ))}
    </ol>
  )
}
