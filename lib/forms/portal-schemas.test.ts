import { describe, expect, it } from 'vitest'
import { AddPortalSchema } from './portal-schemas.ts'

describe('AddPortalSchema', () => {
  it('accepts a web address and an optional name', () => {
    expect(AddPortalSchema.parse({ url: ' https://data.gov.cz ', name: '' })).toEqual({ url: 'https://data.gov.cz', name: undefined })
    expect(AddPortalSchema.parse({ url: 'http://127.0.0.1:5055/fix', name: ' Fixture ' })).toEqual({ url: 'http://127.0.0.1:5055/fix', name: 'Fixture' })
  })

  it('refuses what is not a web address, with the message keys the form translates', () => {
    expect(AddPortalSchema.safeParse({ url: 'not a url' }).error?.issues[0]?.message).toBe('validation.url')
    expect(AddPortalSchema.safeParse({ url: 'ftp://example.org' }).error?.issues[0]?.message).toBe('validation.url')
    expect(AddPortalSchema.safeParse({ url: '   ' }).error?.issues[0]?.message).toBe('validation.required')
  })
})
