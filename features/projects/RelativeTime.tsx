import { useIntl } from '../../lib/i18n/I18nProvider.tsx'
import { relativeParts } from './relative-time.ts'
import { useDateTimeText } from '../../components/DateTime.tsx'

/** "5 minutes ago", measured from the `now` the page's data was read at; the exact time on hover. */
export function RelativeTime({ at, now }: { at: Date; now: Date }) {
  const intl = useIntl()
  const when = useDateTimeText()
  const { value, unit } = relativeParts(at, now)
  return (
    <time dateTime={at.toISOString()} title={when(at)}>
      {intl.formatRelativeTime(value, unit, { numeric: 'auto' })}
    </time>
  )
}
