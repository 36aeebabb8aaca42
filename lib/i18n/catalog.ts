import type { MessageFormatElement, TYPE } from '@formatjs/icu-messageformat-parser'
import type enCatalog from '../../locales/en/index.ts'
import { groupFile, groupNames, type Messages } from './group-files.ts'
import { FALLBACK_LOCALE, type Locale } from './locales.ts'

type EnCatalog = typeof enCatalog
/** Every message id, `group.key`, checked against the English catalogue at compile time. */
export type MessageKey = { [G in keyof EnCatalog]: `${G & string}.${keyof EnCatalog[G] & string}` }[keyof EnCatalog]
/**
 * Message texts by id. On the server they are ICU strings; the browser build receives them already parsed (the
 * catalogue JSON is compiled at build time, vite.config.ts), so the ICU parser never ships (decision 021).
 */
export type { Messages }
/** A catalogue group: one JSON file per language (`locales/<lang>/<group>.json`). */
export type MessageGroup = keyof EnCatalog & string
type Catalog = Record<string, Messages>

/** Used when a catalogue cannot be loaded (a failed chunk after a deploy, say): enough to show a loading state. */
// Plain text, written as parsed literals so the browser (which has no ICU parser) formats them too.
const literal = (value: string): MessageFormatElement[] => [{ type: 0 satisfies TYPE.literal, value }]
export const BUILTIN_MESSAGES: Record<'cs' | 'en', Messages> = {
  cs: { 'common.loading': literal('Načítá...'), 'common.noData': literal('Žádná data nejsou k dispozici'), 'common.retry': literal('Zkusit znovu') },
  en: { 'common.loading': literal('Loading...'), 'common.noData': literal('No data available'), 'common.retry': literal('Try again') },
}

const cache = new Map<string, Promise<Messages>>()

export function flattenCatalog(catalog: Catalog): Messages {
  const flat: Messages = {}
  for (const [group, entries] of Object.entries(catalog)) {
    for (const [key, text] of Object.entries(entries)) flat[`${group}.${key}`] = text
  }
  return flat
}

/** The flattened catalogue of a language (every group), loaded once; on failure a warning and the built-in minimum. */
export async function loadMessages(locale: Locale): Promise<Messages> {
  return loadMessageGroups(locale, await groupNames())
}

const merged = new Map<string, { parts: Messages[]; messages: Messages }>()

/**
 * The flattened messages of some groups of a language; each group is loaded once. The same groups answer the same
 * object while they stay loaded, so what is derived from it (a page's groups, its formatter) is derived once, not
 * per request.
 */
export async function loadMessageGroups(locale: Locale, groups: readonly string[]): Promise<Messages> {
  const unique = [...new Set(groups)]
  const parts = await Promise.all(unique.map((group) => loadGroup(locale, group)))
  const id = `${locale}/${unique.join(',')}`
  const known = merged.get(id)
  if (known && known.parts.every((part, index) => part === parts[index])) return known.messages
  const messages = Object.assign({}, ...parts) as Messages
  merged.set(id, { parts, messages })
  return messages
}

function loadGroup(locale: Locale, group: string): Promise<Messages> {
  const id = `${locale}/${group}`
  let pending = cache.get(id)
  if (!pending) {
    pending = importGroup(locale, group)
    cache.set(id, pending)
  }
  return pending
}

async function importGroup(locale: Locale, group: string): Promise<Messages> {
  const loader = await groupFile(locale, group)
  try {
    if (!loader) throw new Error(`no catalogue group ${group} for ${locale}`)
    return flattenCatalog({ [group]: (await loader()).default })
  } catch (error) {
    console.warn(`Messages "${group}" for "${locale}" could not be loaded; using the built-in minimum.`, error)
    cache.delete(`${locale}/${group}`) // try again on the next page
    return { ...(locale === 'cs' ? BUILTIN_MESSAGES.cs : BUILTIN_MESSAGES.en) }
  }
}

const picked = new WeakMap<Messages, Map<string, Messages>>()

/**
 * The messages of the given groups only. The server renders a page with exactly the groups the browser loads for
 * it, so a key from a group the page does not declare shows as its id on both sides, never as a hydration mismatch.
 */
export function pickGroups(messages: Messages, groups: readonly string[]): Messages {
  const id = groups.join(',')
  let byGroups = picked.get(messages)
  if (!byGroups) {
    byGroups = new Map()
    picked.set(messages, byGroups)
  }
  let result = byGroups.get(id)
  if (!result) {
    const prefixes = groups.map((group) => `${group}.`)
    result = Object.fromEntries(Object.entries(messages).filter(([key]) => prefixes.some((prefix) => key.startsWith(prefix))))
    byGroups.set(id, result)
  }
  return result
}

/** English texts for the keys a language lacks (normally none: a test keeps the catalogues in step). */
export async function fallbackMessages(locale: Locale, messages: Messages): Promise<Messages> {
  if (locale === FALLBACK_LOCALE) return {}
  const english = await loadMessages(FALLBACK_LOCALE)
  const missing: Messages = {}
  for (const [key, text] of Object.entries(english)) if (!(key in messages)) missing[key] = text
  return missing
}
