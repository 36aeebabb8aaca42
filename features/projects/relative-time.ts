// "5 minutes ago" from two instants. The page passes the server's `now` from +data, so the server and the browser
// word the same moment alike (a clock read during hydration would differ and make React re-render the text).

export type RelativeParts = { value: number; unit: 'second' | 'minute' | 'hour' | 'day' | 'month' | 'year' }

const MINUTE = 60
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/** The largest unit that reads naturally, as `Intl.RelativeTimeFormat` takes it (negative: in the past). */
export function relativeParts(at: Date, now: Date): RelativeParts {
  const seconds = (at.getTime() - now.getTime()) / 1000
  const size = Math.abs(seconds)
  const sign = seconds < 0 ? -1 : 1
  const rounded = (unit: number) => sign * Math.round(size / unit)
  if (size < 45) return { value: 0, unit: 'second' }
  if (size < 45 * MINUTE) return { value: rounded(MINUTE), unit: 'minute' }
  if (size < 22 * HOUR) return { value: rounded(HOUR), unit: 'hour' }
  if (size < 26 * DAY) return { value: rounded(DAY), unit: 'day' }
  if (size < 320 * DAY) return { value: rounded(30 * DAY), unit: 'month' }
  return { value: rounded(365 * DAY), unit: 'year' }
}
