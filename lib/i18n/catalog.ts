import type enCatalog from '../../locales/en/index.ts'
import { FALLBACK_LOCALE, type Locale } from './locales.ts'

type EnCatalog = typeof enCatalog
/** Every message id, `group.key`, checked against the English catalogue at compile time. */
export type MessageKey = { [G in keyof EnCatalog]: `${G & string}.${keyof EnCatalog[G] & string}` }[keyof EnCatalog]
export type Messages = Record<string, string>
type Catalog = Record<string, Record<string, string>>

// One dynamic import per language: the bundler makes each its own chunk, so a page loads only the active one.
const LOADERS = import.meta.glob<{ default: Catalog }>('../../locales/*/index.ts')

/** Used when a catalogue cannot be loaded (a failed chunk after a deploy, say): enough to show a loading state. */
export const BUILTIN_MESSAGES: Record<'cs' | 'en', Messages> = {
  cs: { 'common.loading': 'Načítá...', 'common.noData': 'Žádná data nejsou k dispozici', 'common.retry': 'Zkusit znovu' },
  en: { 'common.loading': 'Loading...', 'common.noData': 'No data available', 'common.retry': 'Try again' },
}

const cache = new Map<Locale, Promise<Messages>>()

export function flattenCatalog(catalog: Catalog): Messages {
  const flat: Messages = {}
  for (const [group, entries] of Object.entries(catalog)) {
    for (const [key, text] of Object.entries(entries)) flat[`${group}.${key}`] = text
  }
  return flat
}

/** The flattened catalogue of a language, loaded once; on failure a warning and the built-in minimum. */
export function loadMessages(locale: Locale): Promise<Messages> {
  let pending = cache.get(locale)
  if (!pending) {
    pending = importCatalog(locale)
    cache.set(locale, pending)
  }
  return pending
}

async function importCatalog(locale: Locale): Promise<Messages> {
  const loader = LOADERS[`../../locales/${locale}/index.ts`]
  try {
    if (!loader) throw new Error(`no catalogue for ${locale}`)
    return flattenCatalog((await loader()).default)
  } catch (error) {
    console.warn(`Messages for "${locale}" could not be loaded; using the built-in minimum.`, error)
    cache.delete(locale) // try again on the next page
    return { ...(locale === 'cs' ? BUILTIN_MESSAGES.cs : BUILTIN_MESSAGES.en) }
  }
}

/** English texts for the keys a language lacks (normally none: a test keeps the catalogues in step). */
export async function fallbackMessages(locale: Locale, messages: Messages): Promise<Messages> {
  if (locale === FALLBACK_LOCALE) return {}
  const english = await loadMessages(FALLBACK_LOCALE)
  const missing: Messages = {}
  for (const [key, text] of Object.entries(english)) if (!(key in messages)) missing[key] = text
  return missing
}
