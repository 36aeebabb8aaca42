import { describe, expect, it } from 'vitest'
import { loadMessages } from '../../lib/i18n/catalog.ts'
import { intlFor, translator } from '../../lib/i18n/intl.ts'
import { describeRule } from './rule-text.ts'

async function language(locale: 'en' | 'cs') {
  const intl = intlFor(locale, await loadMessages(locale))
  return { t: translator(intl), formatList: (items: string[]) => intl.formatList(items, { type: 'conjunction' }) }
}

const NONE = { tags: [], minPriority: null, folder: null, portalId: null }

describe('describeRule', () => {
  it('says every condition that is set, joined by "and"', async () => {
    const en = await language('en')
    expect(describeRule(NONE, en)).toBe('All active test cases.')
    expect(describeRule({ ...NONE, tags: ['search'] }, en)).toBe('Active test cases tagged “search”.')
    expect(describeRule({ tags: ['search', 'smoke'], minPriority: 'high', folder: 'Search/Tags', portalId: 'p1' }, { ...en, portalName: () => 'Prague' })).toBe(
      'Active test cases tagged “search” and “smoke”, with priority High or higher, in folder “Search/Tags” or below it, and about the portal “Prague”.',
    )
  })

  it('reads naturally in Czech', async () => {
    const cs = await language('cs')
    // Czech list formatting keeps "a" with the next word by a no-break space.
    const spaced = (text: string) => text.replace(/\u00a0/g, ' ')
    expect(spaced(describeRule({ ...NONE, tags: ['search'], minPriority: 'critical' }, cs))).toBe('Aktivní testovací případy se štítkem „search“ a s prioritou Kritická.')
    expect(spaced(describeRule({ ...NONE, tags: ['a', 'b'], portalId: 'p1' }, cs))).toBe('Aktivní testovací případy se štítky „a“ a „b“ a týkající se portálu „p1“.')
  })
})
