import type { IntlShape } from '@formatjs/intl'

const UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const

/** A file size in the largest unit under 1,000 of it, in the active language ("1.3 MB", "1,3 MB", "1.3兆字节"). */
export function formatByteSize(intl: IntlShape<string>, bytes: number): string {
  let value = Math.max(0, bytes)
  let unit = 0
  while (value >= 1000 && unit < UNITS.length - 1) {
    value /= 1000
    unit++
  }
  // Bytes are spelled out ("999 bytes"): CLDR's short form for them is the bare, singular "byte".
  return intl.formatNumber(value, { style: 'unit', unit: UNITS[unit], unitDisplay: unit === 0 ? 'long' : 'short', maximumFractionDigits: unit === 0 ? 0 : 1 })
}
