/**
 * Where a request comes from, at the two sizes the limits use. One host controls a whole
 * IPv6 /64, so for IPv6 the "address" is its /64 (minting addresses inside it buys
 * nothing); the "network" is an IPv4 /24 or an IPv6 /64, the unit a login code can be
 * bound to while its client is under attack (see modules/oauth/login-codes.ts).
 */
import ipaddr from 'ipaddr.js'

export interface Origin {
  /** IPv4 address, or the IPv6 /64 prefix. */
  address: string
  /** IPv4 /24 or IPv6 /64. */
  network: string
}

export function originOf(ip: string): Origin {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6
  try {
    parsed = ipaddr.process(ip)
  } catch {
    // not an address (a unix socket, a test stub): the text itself is the key
    return { address: ip, network: ip }
  }
  if (parsed.kind() === 'ipv4') {
    const octets = (parsed as ipaddr.IPv4).octets
    return { address: octets.join('.'), network: `${octets.slice(0, 3).join('.')}.0/24` }
  }
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4)
  const prefix = `${parts.map((p) => p.toString(16)).join(':')}::/64`
  return { address: prefix, network: prefix }
}
