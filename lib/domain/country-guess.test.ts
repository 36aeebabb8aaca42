import { describe, expect, it } from 'vitest'
import { countryOfHost } from './country-guess.ts'

describe('a portal’s country from its address', () => {
  it('is the country of its country-code domain', () => {
    expect(countryOfHost('data.gov.cz')).toBe('CZ')
    expect(countryOfHost('opendata.bratislava.sk')).toBe('SK')
    expect(countryOfHost('data.gov.uk')).toBe('GB')
    expect(countryOfHost('DATA.GOV.CZ.')).toBe('CZ')
  })

  it('is nothing for generic and regional domains, or what is not a host name', () => {
    expect(countryOfHost('catalog.data.gov')).toBeNull()
    expect(countryOfHost('data.europa.eu')).toBeNull()
    expect(countryOfHost('demo.ckan.org')).toBeNull()
    expect(countryOfHost('127.0.0.1')).toBeNull()
    expect(countryOfHost('')).toBeNull()
  })
})
