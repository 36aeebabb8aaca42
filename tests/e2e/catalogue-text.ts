import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { parse, type MessageFormatElement } from '@formatjs/icu-messageformat-parser'

// What the languages journey compares a page with: the message ids it must never show and the English texts a
// non-English page must not contain. Read from the catalogue files, so a new key is covered the day it is added.

const LOCALES_DIR = path.resolve(import.meta.dirname, '../../locales')

type Flat = Map<string, string>

function catalogue(locale: string): Flat {
  const flat: Flat = new Map()
  for (const file of readdirSync(path.join(LOCALES_DIR, locale)).filter((name) => name.endsWith('.json'))) {
    const group = file.slice(0, -'.json'.length)
    const entries = JSON.parse(readFileSync(path.join(LOCALES_DIR, locale, file), 'utf8')) as Record<string, string>
    for (const [key, text] of Object.entries(entries)) flat.set(`${group}.${key}`, text)
  }
  return flat
}

/** The catalogue groups (`common`, `regions`, ...): an id shown on a page starts with one of them. */
export const GROUPS: readonly string[] = readdirSync(path.join(LOCALES_DIR, 'en'))
  .filter((name) => name.endsWith('.json'))
  .map((name) => name.slice(0, -'.json'.length))

/**
 * `group.key` as a page shows an id it has no message for (a key of a group the page does not load); a host name
 * such as ckan.example.cz goes on past the key and is not one.
 */
export const MESSAGE_ID = new RegExp(`(?<![\\p{L}\\p{N}_./-])(?:${GROUPS.join('|')})\\.[A-Za-z][\\w-]*(?![\\p{L}\\p{N}_/-]|\\.[\\p{L}\\p{N}])`, 'gu')

/** The literal runs of an ICU message: the words around its arguments, in every plural and select branch. */
function literalRuns(elements: MessageFormatElement[], runs: string[] = [], current: { text: string } = { text: '' }): string[] {
  const flush = () => {
    runs.push(current.text)
    current.text = ''
  }
  for (const element of elements) {
    if (element.type === 0) current.text += element.value
    else if ('options' in element) {
      flush()
      for (const option of Object.values(element.options)) {
        literalRuns(option.value, runs)
      }
    } else if ('children' in element) {
      flush()
      literalRuns(element.children, runs)
    } else flush()
  }
  flush()
  return runs
}

const EDGE = /^[\s\p{P}\p{S}]+|[\s\p{P}\p{S}]+$/gu
const normalise = (text: string) => text.replace(/\s+/g, ' ').replace(EDGE, '')

/**
 * English texts that a page in `locale` must not show: the English message of every key whose message in `locale`
 * differs, cut into its literal runs; runs of fewer than three letters say nothing and are left out.
 */
export function englishFragments(locale: string): Array<{ key: string; text: string }> {
  const english = catalogue('en')
  const target = catalogue(locale)
  const fragments: Array<{ key: string; text: string }> = []
  const seen = new Set<string>()
  for (const [key, message] of english) {
    if (target.get(key) === message) continue
    let elements: MessageFormatElement[]
    try {
      elements = parse(message, { ignoreTag: false })
    } catch {
      elements = [{ type: 0, value: message } as MessageFormatElement]
    }
    for (const run of literalRuns(elements)) {
      const text = normalise(run)
      // A run of a few letters, or one short word ("The", "Map"), would match ordinary data as often as a leftover.
      const letters = (text.match(/\p{L}/gu) ?? []).length
      if (letters < 3 || (letters < 4 && !text.includes(' ')) || seen.has(text)) continue
      // A run the target language also uses somewhere (a code, a borrowed word such as "Portal") proves nothing.
      if ([...target.values()].some((translated) => translated.includes(text))) continue
      seen.add(text)
      fragments.push({ key, text })
    }
  }
  return fragments
}

/** The fragments that occur in a text as whole words (so "Rank" does not match inside "Ranking"). */
export function foundIn(text: string, fragments: ReadonlyArray<{ key: string; text: string }>): Array<{ key: string; text: string }> {
  const flat = text.replace(/\s+/g, ' ')
  return fragments.filter(({ text: fragment }) => {
    let at = flat.indexOf(fragment)
    while (at >= 0) {
      const before = flat[at - 1] ?? ' '
      const after = flat[at + fragment.length] ?? ' '
      if (!/[\p{L}\p{N}]/u.test(before) && !/[\p{L}\p{N}]/u.test(after)) return true
      at = flat.indexOf(fragment, at + 1)
    }
    return false
  })
}
