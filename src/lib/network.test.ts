import { describe, expect, it } from 'vitest'
import { originOf } from './network.ts'

describe('originOf', () => {
  it('IPv4: the address, and its /24', () => {
    expect(originOf('203.0.113.7')).toEqual({ address: '203.0.113.7', network: '203.0.113.0/24' })
  })

  it('IPv4-mapped IPv6 is the IPv4 address it carries', () => {
    expect(originOf('::ffff:203.0.113.7')).toEqual({ address: '203.0.113.7', network: '203.0.113.0/24' })
  })

  it('IPv6: one host owns its /64, so address and network are both the /64', () => {
    const a = originOf('2001:db8:1:2:aaaa::1')
    const b = originOf('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')
    expect(a).toEqual({ address: '2001:db8:1:2::/64', network: '2001:db8:1:2::/64' })
    expect(b).toEqual(a)
    expect(originOf('2001:db8:1:3::1').address).not.toBe(a.address)
  })

  it('something that is not an address keys on its text', () => {
    expect(originOf('unix-socket')).toEqual({ address: 'unix-socket', network: 'unix-socket' })
  })
})
