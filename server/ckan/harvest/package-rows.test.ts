import { describe, expect, it } from 'vitest'
import { downloadUrlOf } from './package-rows.server.ts'

// Resource fields as real CKAN portals send them (a search result of CKAN 2.x with uploaded files, TerriaJS's test
// recordings: `url_type: "upload"` beside the file's `url`; ckanext-dcat's `download_url`).
describe('a resource’s download URL', () => {
  it('is the one ckanext-dcat gives', () => {
    expect(downloadUrlOf({ download_url: ' https://data.example.cz/a.csv ', url: 'https://data.example.cz/page', url_type: '' })).toBe('https://data.example.cz/a.csv')
  })

  it('is the url of a file uploaded to the portal', () => {
    const url = 'https://data.gov.au/dataset/5d7f9e6e/resource/a1b2/download/taxation-statistics.csv'
    expect(downloadUrlOf({ url, url_type: 'upload' })).toBe(url)
  })

  it('is not a link to somewhere else, nor an empty url', () => {
    expect(downloadUrlOf({ url: 'https://example.cz/about-the-data', url_type: '' })).toBeNull()
    expect(downloadUrlOf({ url: 'https://example.cz/api', url_type: 'datastore' })).toBeNull()
    expect(downloadUrlOf({ url: '  ', url_type: 'upload' })).toBeNull()
  })
})
