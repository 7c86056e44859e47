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

/**
 * The network the sign-in log names (modules/oauth sign-ins.repository.ts): an IPv4 /24 or an
 * IPv6 /48, never the whole address. Takes an address, or a network as originOf writes it
 * (`192.0.2.0/24`, `2001:db8:1:2::/64`, as a mail job carries it); anything else is null.
 */
export function signInNetwork(ipOrNetwork: string): string | null {
  const text = ipOrNetwork.includes('/') ? ipOrNetwork.slice(0, ipOrNetwork.indexOf('/')) : ipOrNetwork
  let parsed: ipaddr.IPv4 | ipaddr.IPv6
  try {
    parsed = ipaddr.process(text)
  } catch {
    return null
  }
  if (parsed.kind() === 'ipv4') return `${(parsed as ipaddr.IPv4).octets.slice(0, 3).join('.')}.0/24`
  return `${(parsed as ipaddr.IPv6).parts.slice(0, 3).map((p) => p.toString(16)).join(':')}::/48`
}
