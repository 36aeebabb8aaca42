import { useIntl } from '../../lib/i18n/I18nProvider.tsx'
import { relativeParts } from './relative-time.ts'

// Czech time on the server and in the browser alike, so the server-rendered page and the hydrated one read the same
// (the same choice as features/portals/display.ts).
const TIME_ZONE = 'Europe/Prague'

export function formatWhen(intl: ReturnType<typeof useIntl>, at: Date): string {
  return intl.formatDate(at, { dateStyle: 'medium', timeStyle: 'short', timeZone: TIME_ZONE })
}

/** "5 minutes ago", measured from the `now` the page's data was read at; the exact time on hover. */
export function RelativeTime({ at, now }: { at: Date; now: Date }) {
  const intl = useIntl()
  const { value, unit } = relativeParts(at, now)
  return (
    <time dateTime={at.toISOString()} title={formatWhen(intl, at)}>
      {intl.formatRelativeTime(value, unit, { numeric: 'auto' })}
    </time>
  )
}
