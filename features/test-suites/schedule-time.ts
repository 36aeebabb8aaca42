// The first run of a schedule as a `datetime-local` value: the browser's local time, no zone, to the minute.

const pad = (value: number) => String(value).padStart(2, '0')

/** Tomorrow at 06:00 local time: a quiet hour for catalogues, before people start work. */
export function defaultFirstRun(now: Date): Date {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1, 6, 0, 0, 0)
}

/** A date as a `datetime-local` input shows it (local time). */
export function toLocalInput(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`
}

/** A `datetime-local` value as a date in local time; null when it is not one. */
export function fromLocalInput(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value.trim())
  if (!match) return null
  const [year, month, day, hours, minutes, seconds] = match.slice(1).map((part) => Number(part ?? 0)) as [number, number, number, number, number, number]
  const date = new Date(year, month - 1, day, hours, minutes, seconds)
  // 2025-02-31 rolls over into March: not a date anybody meant.
  return date.getMonth() === month - 1 && date.getDate() === day && date.getHours() === hours ? date : null
}
