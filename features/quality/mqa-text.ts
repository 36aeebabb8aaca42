import type { MessageKey } from '../../lib/i18n/catalog.ts'
import type { Translate } from '../../lib/i18n/intl.ts'
import type { Band, Dimension, IndicatorId, IndicatorStatus, Reason } from '../../lib/domain/mqa.ts'

// Message keys for the MQA vocabulary (locales/<lang>/mqa.json). Reason codes are kebab-case
// (docs/quality.md); their keys use underscores: `no-resources` -> `mqa.reason_no_resources`.

export const indicatorKey = (id: IndicatorId): MessageKey => `mqa.${id}`
export const dimensionKey = (dimension: Dimension): MessageKey => `mqa.dimension_${dimension}`
export const bandKey = (band: Band): MessageKey => `mqa.band_${band}`
export const statusKey = (status: IndicatorStatus): MessageKey => `mqa.status_${status.replaceAll('-', '_')}` as MessageKey

export function reasonKey(code: string): string {
  return `mqa.reason_${code.replaceAll('-', '_')}`
}

// Some params are only sent for some indicators (`unchecked` for the network ones); the messages name them all,
// so every one gets a neutral default.
const PARAM_DEFAULTS: Record<string, string | number> = {
  field: '',
  fields: '',
  passed: 0,
  total: 0,
  unchecked: 0,
  licence: '',
  key: '',
  value: '',
  missing: '',
  invalidAccessUrls: 0,
  valid: 0,
  invalid: 0,
  future: 0,
}

const DCAT_ITEMS = new Set(['title', 'description', 'distribution', 'access-url'])

/**
 * A reason in the active language. `known` says whether the catalogue has the key: an unknown code (a newer
 * server) shows the code itself rather than a message id.
 */
export function reasonText(t: Translate, reason: Reason, known: (key: string) => boolean, list: (items: string[]) => string): string {
  const key = reasonKey(reason.code)
  if (!known(key)) return reason.code
  const values: Record<string, string | number> = { ...PARAM_DEFAULTS, ...reason.params }
  if (reason.code === 'dcat-ap-incomplete' && typeof values.missing === 'string') {
    // Checklist items are named in the reader's language, as a list.
    const items = values.missing.split(',').map((item) => item.trim()).filter(Boolean)
    values.missing = list(items.map((item) => (DCAT_ITEMS.has(item) ? t(`mqa.dcatItem_${item.replaceAll('-', '_')}` as MessageKey) : item)))
  }
  return t(key as MessageKey, values)
}
