import { describe, expect, it } from 'vitest'
import { blockedAddressReason, blockedAddressTextReason, parseIpAddress } from './ip-address.server.ts'

/** The host part of a URL as the URL parser leaves it, so the spellings users can type are covered. */
const hostOf = (url: string) => new URL(url).hostname

describe('parseIpAddress', () => {
  it('reads IPv4 and the IPv6 notations into bytes', () => {
    expect([...parseIpAddress('192.168.1.20')!]).toEqual([192, 168, 1, 20])
    expect([...parseIpAddress('::1')!]).toEqual([...Array(15).fill(0), 1])
    expect([...parseIpAddress('[::ffff:7f00:1]')!]).toEqual([...parseIpAddress('::ffff:127.0.0.1')!])
    expect([...parseIpAddress('2001:db8::8a2e:370:7334')!].slice(0, 4)).toEqual([0x20, 0x01, 0x0d, 0xb8])
    expect([...parseIpAddress('fe80::1%eth0')!].slice(0, 2)).toEqual([0xfe, 0x80])
    expect(parseIpAddress('1:2:3:4:5:6:7:8')).not.toBeNull()
  })

  it('refuses what is not an address', () => {
    for (const text of ['example.org', '1.2.3', '1.2.3.4.5', '256.1.1.1', '01.2.3.4', '1::2::3', '1:2:3:4:5:6:7:8:9', 'g::1', '::ffff:1.2.3', '']) {
      expect(parseIpAddress(text), text).toBeNull()
    }
  })
})

describe('blockedAddressReason', () => {
  it('refuses every spelling of loopback, private and metadata addresses that the URL parser lets through', () => {
    const urls = [
      'http://127.0.0.1/', 'http://127.1/', 'http://2130706433/', 'http://0x7f000001/', 'http://0177.0.0.1/', 'http://0x7f.1/',
      'http://[::1]/', 'http://[::]/', 'http://0.0.0.0/',
      'http://[::ffff:127.0.0.1]:5080/', 'http://[::ffff:7f00:1]:5080/', 'http://[::ffff:a9fe:a9fe]/', 'http://169.254.169.254/',
      'http://[::ffff:10.1.2.3]/', 'http://[::ffff:192.168.0.1]/', 'http://[::7f00:1]/', 'http://[::ffff:0:7f00:1]/',
      'http://[2002:7f00:1::1]/', 'http://[2002:c0a8:1::1]/', 'http://[64:ff9b::7f00:1]/', 'http://[64:ff9b::a9fe:a9fe]/',
      'http://[64:ff9b:1::1]/', 'http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/' /* Teredo, client 127.0.0.1 */,
      'http://[2001:0:a00:1::1]/' /* Teredo, server 10.0.0.1 */, 'http://[fc00::1]/', 'http://[fd12:3456::1]/', 'http://[fe80::1]/',
      'http://[fec0::1]/', 'http://[ff02::1]/', 'http://[2001:db8::1]/', 'http://[100::1]/', 'http://10.0.0.1/', 'http://172.16.5.4/',
      'http://172.31.255.255/', 'http://192.168.255.255/', 'http://100.64.0.1/', 'http://198.18.0.1/', 'http://224.0.0.1/',
      'http://255.255.255.255/', 'http://192.0.0.8/', 'http://[::8.8.8.8]/', 'http://[::ffff:0:8.8.8.8]/',
    ]
    for (const url of urls) expect(blockedAddressTextReason(hostOf(url)), url).not.toBeNull()
  })

  it('names why', () => {
    expect(blockedAddressTextReason('::ffff:a9fe:a9fe')).toBe('link-local (cloud metadata) (IPv4-mapped)')
    expect(blockedAddressTextReason('2002:7f00:1::1')).toBe('loopback (6to4)')
    expect(blockedAddressTextReason('fd00::1')).toBe('unique local')
  })

  it('lets public addresses through, also when IPv6 carries a public IPv4 address', () => {
    for (const address of ['8.8.8.8', '1.1.1.1', '193.85.3.1', '172.32.0.1', '100.128.0.1', '2001:4860:4860::8888', '2a00:1450:4001:82b::200e', '::ffff:8.8.8.8', '64:ff9b::808:808', '2002:808:808::1']) {
      expect(blockedAddressReason(parseIpAddress(address)!), address).toBeNull()
    }
  })
})
