import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { FORMAT_TABLE } from '../domain/formats.ts'
import { CANONICAL_FORMATS } from '../domain/canonical-formats.ts'
import { CZ_KRAJE } from '../domain/cz-kraje.ts'
import { loadMessages } from './catalog.ts'
import { intlFor, translator } from './intl.ts'
import { LOCALES, type Locale } from './locales.ts'
import { formatNameKey } from './format-names.ts'
import { regionName } from './region-names.ts'

const LOCALES_DIR = path.resolve(import.meta.dirname, '../../locales')
const group = (locale: string, name: string) => JSON.parse(readFileSync(path.join(LOCALES_DIR, locale, `${name}.json`), 'utf8')) as Record<string, string>

async function translate(locale: Locale) {
  return translator(intlFor(locale, await loadMessages(locale)))
}

describe('names of kraje and formats', () => {
  it('names each kraj in Czech and English as the one list of kraje does (the API gives those names too)', () => {
    expect(group('cs', 'kraje')).toEqual(Object.fromEntries(CZ_KRAJE.map((kraj) => [kraj.id, kraj.nameCs])))
    expect(group('en', 'kraje')).toEqual(Object.fromEntries(CZ_KRAJE.map((kraj) => [kraj.id, kraj.nameEn])))
  })

  it('names each canonical format in English as the format table does', () => {
    expect(group('en', 'formatnames')).toEqual(Object.fromEntries(FORMAT_TABLE.map((row) => [row.format, row.label])))
    expect(Object.keys(group('en', 'formatnames')).sort()).toEqual([...CANONICAL_FORMATS].sort())
  })

  it('gives every kraj its own name in every language', () => {
    for (const locale of LOCALES) {
      const names = Object.values(group(locale, 'kraje'))
      expect(new Set(names).size, locale).toBe(CZ_KRAJE.length)
    }
  })

  it('translates the names that are words and keeps the codes', async () => {
    const cases: Array<[Locale, string]> = [['cs', 'Hodnoty oddělené čárkami'], ['de', 'Kommagetrennte Werte'], ['zh', '逗号分隔值']]
    for (const [locale, name] of cases) {
      const t = await translate(locale)
      expect(t(formatNameKey('CSV'))).toBe(name)
      expect(t(formatNameKey('JSON'))).toBe('JSON')
    }
    expect((await translate('fr'))(formatNameKey('HTML'))).toBe('Page web')
  })

  it('names a kraj from the catalogue and a country from CLDR, in the language asked for', async () => {
    expect(regionName('CZ080', 'zh', await translate('zh'))).toBe('摩拉维亚-西里西亚州')
    expect(regionName('CZ010', 'pl', await translate('pl'))).toBe('Praga')
    expect(regionName('CZ080', 'de', await translate('de'))).toBe('Mährisch-Schlesische Region')
    expect(regionName('DE', 'fr', await translate('fr'))).toBe('Allemagne')
    expect(regionName('CZ', 'cs', await translate('cs'))).toBe('Česko')
  })
})
