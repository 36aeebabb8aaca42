import { CZ_KRAJE } from './cz-kraje.ts'

export type RegionRef =
  | { id: string; level: 'cz-kraj'; nameEn: string; nameCs: string }
  | { id: string; level: 'country'; nameEn: string; nameCs: string }

// Two-letter codes that Intl knows but that are groupings, placeholders or user-assigned, not ISO 3166-1 countries.
const NOT_COUNTRIES = new Set(['EU', 'EZ', 'UN', 'QO', 'ZZ', 'XA', 'XB', 'AA', 'QM', 'QN', 'QZ', 'XK'])

/**
 * A region id is a NUTS3 code for a Czech kraj (`CZ010`) or an ISO 3166-1 alpha-2 code for a country (`CZ`).
 * Country names come from the runtime's ICU data, which knows every assigned code and no unassigned one.
 */
export function findRegion(id: string): RegionRef | undefined {
  const kraj = CZ_KRAJE.find((k) => k.id === id)
  if (kraj) return { id: kraj.id, level: 'cz-kraj', nameEn: kraj.nameEn, nameCs: kraj.nameCs }
  if (!/^[A-Z]{2}$/.test(id) || NOT_COUNTRIES.has(id)) return undefined
  // Withdrawn codes (UK, SU, YU...) canonicalize to their successors and are not ids.
  if (Intl.getCanonicalLocales(`und-${id}`)[0] !== `und-${id}`) return undefined
  const nameEn = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' }).of(id)
  const nameCs = new Intl.DisplayNames(['cs'], { type: 'region', fallback: 'none' }).of(id)
  if (!nameEn || nameEn === id) return undefined
  return { id, level: 'country', nameEn, nameCs: nameCs ?? nameEn }
}
