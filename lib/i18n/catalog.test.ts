import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser'
import { describe, expect, it } from 'vitest'
import { BUILTIN_MESSAGES, fallbackMessages, loadMessageGroups, loadMessages } from './catalog.ts'
import { intlFor, translator } from './intl.ts'
import { LOCALES } from './locales.ts'

const LOCALES_DIR = path.resolve(import.meta.dirname, '../../locales')
const GROUPS = readdirSync(path.join(LOCALES_DIR, 'en'))
  .filter((file) => file.endsWith('.json'))
  .map((file) => file.replace(/\.json$/, ''))

function readGroup(locale: string, group: string): Record<string, string> {
  return JSON.parse(readFileSync(path.join(LOCALES_DIR, locale, `${group}.json`), 'utf8')) as Record<string, string>
}

function placeholders(elements: MessageFormatElement[], found = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type !== TYPE.literal && element.type !== TYPE.pound && 'value' in element) found.add(String(element.value))
    if ('options' in element) for (const option of Object.values(element.options)) placeholders(option.value, found)
  }
  return found
}

describe('message catalogues', () => {
  it('has the groups the shell needs', () => {
    expect(GROUPS).toEqual(expect.arrayContaining(['common', 'navigation', 'ckan', 'errors', 'validation']))
  })

  for (const locale of LOCALES) {
    for (const group of GROUPS) {
      it(`${locale}/${group} has exactly the English keys`, () => {
        expect(Object.keys(readGroup(locale, group)).sort()).toEqual(Object.keys(readGroup('en', group)).sort())
      })

      it(`${locale}/${group} holds valid ICU messages with the English placeholders`, () => {
        const english = readGroup('en', group)
        for (const [key, text] of Object.entries(readGroup(locale, group))) {
          expect(text.trim(), `${locale}/${group}.${key} is empty`).not.toBe('')
          const ours = placeholders(parse(text))
          const theirs = placeholders(parse(english[key] ?? ''))
          expect([...ours].sort(), `${locale}/${group}.${key}`).toEqual([...theirs].sort())
        }
      })
    }
  }

  it('has the same number of keys in all six languages', async () => {
    const counts = await Promise.all(LOCALES.map(async (locale) => Object.keys(await loadMessages(locale)).length))
    expect(new Set(counts).size).toBe(1)
    expect(counts[0]).toBeGreaterThan(100)
  })

  it('translates "No data available" and "Loading...." in every language', async () => {
    for (const locale of LOCALES) {
      const messages = await loadMessages(locale)
      expect(messages['common.noData']).toBeTruthy()
      expect(messages['common.loading']).toBeTruthy()
      if (locale !== 'en') {
        expect(messages['common.noData']).not.toBe('No data available')
        expect(messages['common.loading']).not.toBe('Loading....')
      }
    }
  })

  it('speaks Czech in the Czech catalogue', async () => {
    const cs = await loadMessages('cs')
    expect(cs['validation.required']).toBe('Toto pole je povinné')
    const english = await loadMessages('en')
    // Words that are spelled the same in both languages.
    const SAME_IN_CZECH = new Set(['ckan.license', 'gallery.colourText', 'projects.role_tester', 'projects.role_editor', 'cases.csvFieldIssue'])
    // A format's name that all six languages spell alike is a proper name (GeoJSON, Turtle, Esri Shapefile).
    const catalogues = await Promise.all(LOCALES.map((locale) => loadMessages(locale)))
    for (const key of Object.keys(english).filter((id) => id.startsWith('formatnames.'))) {
      if (catalogues.every((catalogue) => catalogue[key] === english[key])) SAME_IN_CZECH.add(key)
    }
    const untranslated = Object.keys(cs).filter(
      (key) => cs[key] === english[key] && /[a-z]{4,}/i.test(String(cs[key] ?? '')) && !/Portalscope|CKAN/.test(String(cs[key] ?? '')) && !SAME_IN_CZECH.has(key),
    )
    expect(untranslated).toEqual([])
  })

  it('formats plurals per language', async () => {
    const cs = translator(intlFor('cs', await loadMessages('cs')))
    const en = translator(intlFor('en', await loadMessages('en')))
    expect(en('common.datasetCount', { count: 1 })).toBe('1 dataset')
    expect(en('common.datasetCount', { count: 1234 })).toBe('1,234 datasets')
    const one = cs('common.datasetCount', { count: 1 })
    const few = cs('common.datasetCount', { count: 3 })
    const many = cs('common.datasetCount', { count: 12 })
    expect(new Set([one, few, many]).size).toBe(3)
    expect(cs('common.datasetCount', { count: 1234 })).toContain('1\u00a0234')
  })

  it('fills keys a language lacks with English, and only those', async () => {
    const cs = await loadMessages('cs')
    expect(await fallbackMessages('cs', cs)).toEqual({})
    const { ['common.retry']: _dropped, ...partial } = cs
    expect(await fallbackMessages('cs', partial)).toEqual({ 'common.retry': 'Try again' })
  })

  it('answers one object per language and groups while they stay loaded, so a page derives its formatter once', async () => {
    const cs = await loadMessages('cs')
    expect(await loadMessages('cs')).toBe(cs)
    expect(await loadMessages('en')).not.toBe(cs)
    expect(intlFor('cs', await loadMessages('cs'))).toBe(intlFor('cs', cs))
    expect(await loadMessageGroups('cs', ['ckan', 'components'])).toBe(await loadMessageGroups('cs', ['ckan', 'components', 'ckan']))
    expect(await loadMessageGroups('cs', ['ckan'])).not.toBe(await loadMessageGroups('cs', ['ckan', 'components']))
  })

  it('keeps minimal built-in catalogues for a failed load', () => {
    // Parsed literals (the browser has no ICU parser): they format as their text.
    expect(translator(intlFor('cs', BUILTIN_MESSAGES.cs))('common.loading')).toBe('Načítá...')
    expect(translator(intlFor('en', BUILTIN_MESSAGES.en))('common.loading')).toBe('Loading...')
    expect(Object.keys(BUILTIN_MESSAGES.cs).some((key) => key.startsWith('ckan.'))).toBe(false)
  })
})
