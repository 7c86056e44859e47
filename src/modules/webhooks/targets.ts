/**
 * Where a webhook may be sent. Threat model: a brand's admin (or anyone who becomes one) types a
 * URL, and the platform's worker, inside the operator's network, sends requests to it. Pointed
 * at 10.0.0.1, 127.0.0.1, 169.254.169.254 (a cloud's metadata service, which hands out
 * credentials) or a name that resolves to one of those, it would make the platform probe and
 * call what only the platform can reach. So:
 * - a target must be https, on a host name or a public address; no credentials in the URL;
 * - the name is resolved, and every address it resolves to must be public (ipaddr.js's
 *   `unicast` range: not private, loopback, link-local, unique-local, carrier-grade NAT,
 *   multicast, reserved or unspecified; an IPv4-mapped IPv6 address is judged as IPv4);
 * - this is checked when the endpoint is saved and again at every delivery, and the delivery
 *   connects to the very address it checked (the `lookup` handed to the HTTP request), so a
 *   name that resolves to a public address at the check and to 127.0.0.1 a moment later
 *   (DNS rebinding) cannot slip in;
 * - redirects are never followed (a 3xx is a failed attempt), so a public target cannot
 *   bounce the request inward.
 * WEBHOOK_ALLOW_PRIVATE_TARGETS=true (development and tests only) lifts the address rule and
 * allows plain http.
 */
import { lookup as dnsLookup } from 'node:dns/promises'
import ipaddr from 'ipaddr.js'

/** Resolves a host name to its addresses (dns.lookup with all: true, unless a test injects one). */
export type Resolver = (hostname: string) => Promise<{ address: string; family: number }[]>

export const systemResolver: Resolver = (hostname) => dnsLookup(hostname, { all: true, verbatim: true })

export class TargetRefused extends Error {}

/** Whether an address is one the public internet routes to. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false
  return ipaddr.process(address).range() === 'unicast'
}

export interface TargetRules {
  allowPrivate: boolean
  resolve: Resolver
}

/** The URL as a target, or TargetRefused saying why (before any address is resolved). */
export function parseTarget(text: string, rules: Pick<TargetRules, 'allowPrivate'>): URL {
  let url: URL
  try {
    url = new URL(text)
  } catch {
    throw new TargetRefused('is not a URL')
  }
  if (url.protocol !== 'https:' && !(rules.allowPrivate && url.protocol === 'http:')) throw new TargetRefused('must be an https URL')
  if (url.username || url.password) throw new TargetRefused('must not carry a user name or password')
  if (url.hash) throw new TargetRefused('must not have a fragment')
  return url
}

/** The host's addresses, every one of them public (unless allowed), or TargetRefused. */
export async function resolveTarget(url: URL, rules: TargetRules): Promise<{ address: string; family: number }[]> {
  const host = url.hostname.replace(/^\[|\]$/g, '')
  let addresses: { address: string; family: number }[]
  if (ipaddr.isValid(host)) addresses = [{ address: host, family: host.includes(':') ? 6 : 4 }]
  else {
    try {
      addresses = await rules.resolve(host)
    } catch {
      throw new TargetRefused(`the host name ${host} does not resolve`)
    }
  }
  if (addresses.length === 0) throw new TargetRefused(`the host name ${host} does not resolve`)
  if (!rules.allowPrivate) {
    const inner = addresses.find((a) => !isPublicAddress(a.address))
    if (inner) throw new TargetRefused(`resolves to ${inner.address}, a private, loopback, link-local or reserved address`)
  }
  return addresses
}

/** Checks a target as it is saved: a URL the worker may send to, by its rules, today. */
export async function checkTarget(text: string, rules: TargetRules): Promise<URL> {
  const url = parseTarget(text, rules)
  await resolveTarget(url, rules)
  return url
}
