import { describe, expect, it } from 'vitest'
import { assertCallableUrl, isPrivateAddress } from './ssrf.server.ts'

const publicLookup = async () => ['193.86.12.5']

describe('SSRF guard', () => {
  it.each(['127.0.0.1', '10.1.2.3', '172.20.0.1', '192.168.1.10', '169.254.169.254', '100.64.0.1', '0.0.0.0', '224.0.0.1', '::1', '::', 'fe80::1', 'fd12:3456::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1'])(
    'knows %s is not public',
    (address) => {
      expect(isPrivateAddress(address)).toBe(true)
    },
  )

  it.each(['193.86.12.5', '8.8.8.8', '172.32.0.1', '2a01:4f8:c17::1', '2a00:1450:4001::'])('knows %s is public', (address) => {
    expect(isPrivateAddress(address)).toBe(false)
  })

  it.each([
    'http://127.0.0.1:8080/api/3',
    'http://[::1]/',
    'http://169.254.169.254/latest/meta-data/',
    'http://localhost:3000/',
    'http://metadata.google.internal/',
    'http://printer.local/',
    'file:///etc/passwd',
    'gopher://example.org/',
    'ftp://data.example/',
    'https://user:pass@data.example/',
    'not a url',
  ])('refuses %s', async (url) => {
    await expect(assertCallableUrl(url, { allowPrivate: false, lookup: publicLookup })).rejects.toMatchObject({ kind: 'blocked' })
  })

  // The name check sees names as the resolver will: case, a trailing dot (the root: `localhost.` is localhost),
  // escapes and full-width letters (IDNA) make no difference.
  it.each([
    'http://METADATA.GOOGLE.INTERNAL./computeMetadata/v1/',
    'http://metadata.google.internal../',
    'http://localhost./',
    'http://LocalHost.:3000/',
    'http://localhost.localdomain./',
    'http://printer.local./',
    'http://router.home.arpa./',
    'http://app.localhost./',
    'http://svc.internal./',
    'http://metadata./',
    'http://%6C%6F%63%61%6C%68%6F%73%74/',
    'http://ｌｏｃａｌｈｏｓｔ/',
  ])('refuses %s, a local name however it is written', async (url) => {
    await expect(assertCallableUrl(url, { allowPrivate: false, lookup: publicLookup })).rejects.toMatchObject({ kind: 'blocked' })
  })

  it('refuses a public name that resolves to a private address', async () => {
    await expect(assertCallableUrl('https://sneaky.example/', { allowPrivate: false, lookup: async () => ['193.86.12.5', '10.0.0.7'] })).rejects.toMatchObject({ kind: 'blocked' })
  })

  it('accepts a public portal, and private hosts only when allowed', async () => {
    expect((await assertCallableUrl('https://data.gov.cz/api/3', { allowPrivate: false, lookup: publicLookup })).host).toBe('data.gov.cz')
    expect((await assertCallableUrl('http://127.0.0.1:5055/a', { allowPrivate: true })).port).toBe('5055')
    await expect(assertCallableUrl('file:///etc/passwd', { allowPrivate: true })).rejects.toMatchObject({ kind: 'blocked' })
  })
})
