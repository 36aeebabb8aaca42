import { useIntl } from '../lib/i18n/I18nProvider.tsx'
import { useHydrated } from '../lib/use-hydrated.ts'

/**
 * A moment, dated and timed, in the reader's time zone: every page shows times so. The server does not know the
 * reader's zone, so the HTML says it in UTC (named); once the page runs in the browser it shows local time. Both
 * renders agree while hydrating.
 */
export function DateTime({ value, dateStyle = 'medium' }: { value: Date; dateStyle?: 'medium' | 'long' }) {
  const intl = useIntl()
  const hydrated = useHydrated()
  const text = hydrated
    ? intl.formatDate(value, { dateStyle, timeStyle: 'short' })
    : `${intl.formatDate(value, { dateStyle, timeStyle: 'short', timeZone: 'UTC' })} UTC`
  return <time dateTime={value.toISOString()}>{text}</time>
}

/** A moment as text for a title or a label, as `DateTime` shows it. */
export function useDateTimeText(): (value: Date) => string {
  const intl = useIntl()
  const hydrated = useHydrated()
  return (value) =>
    hydrated ? intl.formatDate(value, { dateStyle: 'medium', timeStyle: 'short' }) : `${intl.formatDate(value, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' })} UTC`
}
