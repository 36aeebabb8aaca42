import { describe, expect, it } from 'vitest'
import { nameKey, publisherIds, websiteHost } from './publishers.server.ts'

describe('nameKey', () => {
  it('ignores case, diacritics and punctuation', () => {
    expect(nameKey('Ministerstvo financí')).toBe('ministerstvo-financi')
    expect(nameKey('  MINISTERSTVO   FINANCÍ, ')).toBe('ministerstvo-financi')
    expect(nameKey('Český statistický úřad')).toBe('cesky-statisticky-urad')
  })
})

describe('websiteHost', () => {
  it('reads url, website or homepage from fields and extras, without www', () => {
    expect(websiteHost({ url: 'https://www.mfcr.cz/cs/' })).toBe('mfcr.cz')
    expect(websiteHost({ website: 'praha.eu' })).toBe('praha.eu')
    expect(websiteHost({ extras: [{ key: 'Homepage', value: 'http://www.brno.cz' }] })).toBe('brno.cz')
  })
  it('ignores what is not a web address', () => {
    expect(websiteHost({ url: 'mailto:info@mfcr.cz' })).toBeNull()
    expect(websiteHost({ url: 'not a url' })).toBeNull()
    expect(websiteHost({ image_url: 'https://mfcr.cz/logo.png' })).toBeNull()
    expect(websiteHost(null)).toBeNull()
  })
})

describe('publisherIds', () => {
  it('merges the same name on portals of the same country under a stable name id', () => {
    const ids = publisherIds([
      { id: 'a:mf', title: 'Ministerstvo financí', country: 'CZ', extra: null },
      { id: 'b:ministerstvo-financi', title: 'MINISTERSTVO FINANCÍ', country: 'CZ', extra: null },
      { id: 'c:mf', title: 'Ministerstvo financí', country: 'SK', extra: null },
    ])
    expect(ids.get('a:mf')).toBe('cz-ministerstvo-financi')
    expect(ids.get('b:ministerstvo-financi')).toBe('cz-ministerstvo-financi')
    // The same words in another country are another publisher.
    expect(ids.get('c:mf')).toBe('sk-ministerstvo-financi')
  })

  it('merges organizations that share a website host, even under different names', () => {
    const ids = publisherIds([
      { id: 'a:csu', title: 'Český statistický úřad', country: 'CZ', extra: { url: 'https://www.czso.cz' } },
      { id: 'b:czso', title: 'Czech Statistical Office', country: null, extra: { extras: [{ key: 'website', value: 'https://czso.cz/csu/czso/home' }] } },
    ])
    expect(ids.get('a:csu')).toBe('cz-cesky-statisticky-urad')
    expect(ids.get('b:czso')).toBe('cz-cesky-statisticky-urad')
  })

  it('keeps an organization on a portal without a country on its own id', () => {
    const ids = publisherIds([
      { id: 'x:city', title: 'City of Example', country: null, extra: null },
      { id: 'y:city', title: 'City of Example', country: null, extra: null },
    ])
    expect(ids.get('x:city')).toBe('x:city')
    expect(ids.get('y:city')).toBe('y:city')
  })

  it('does not merge different names in one country', () => {
    const ids = publisherIds([
      { id: 'a:1', title: 'Ministerstvo financí', country: 'CZ', extra: null },
      { id: 'a:2', title: 'Ministerstvo dopravy', country: 'CZ', extra: null },
    ])
    expect(ids.get('a:1')).not.toBe(ids.get('a:2'))
  })

  it('gives the same ids whatever order the organizations come in', () => {
    const orgs = [
      { id: 'a:1', title: 'Alpha', country: 'CZ', extra: { url: 'https://shared.example' } },
      { id: 'b:1', title: 'Beta', country: 'CZ', extra: { url: 'https://shared.example' } },
      { id: 'c:1', title: 'Beta', country: 'CZ', extra: null },
    ]
    const forward = publisherIds(orgs)
    const backward = publisherIds([...orgs].reverse())
    expect([...forward].sort()).toEqual([...backward].sort())
    expect(new Set(forward.values())).toEqual(new Set(['cz-alpha']))
  })
})
