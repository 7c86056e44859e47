/**
 * Where a tenant's links may send a token.
 *
 * Threat model. A brand's admin writes the button link of its reset and confirmation
 * emails (`ctaLink`). With `https://evil.example/r?t={{resetToken}}` one click by a customer
 * hands their account, and their own tenant, to whoever runs that host: an admin of the
 * brand, who has no role in the customer's tenant, or anyone who took over that admin. So a
 * tenant-set link may point only at an origin the tenant has proven it lives on:
 * - the origins of the redirect URIs of the OAuth clients the tenant owns (registered by the
 *   platform, or by the brand's admins only on origins already in this set:
 *   oauth/client-limits.ts), or
 * - `https://<domain>` for a domain the platform approved for it (`linkDomains`, platform
 *   administrators only), or
 * - the platform's own origin (its hosted pages).
 * Links are parsed with the WHATWG URL parser, never matched by pattern: only `https:` (and
 * `http:` on a loopback host in development), no user name or password, and no placeholder
 * anywhere before the path, so a filled-in value can never move the origin. Tabs and
 * newlines inside a scheme (`java<TAB>script:`) are what the parser removes, so they are
 * judged as the browser would judge them. The check runs when the link is saved (400 naming
 * the field) and again when an email is rendered, so a link saved before this rule, or on an
 * origin that stopped being verified, is replaced by the platform's default.
 *
 * Two readers, one link. A mail client, a link scanner or a server-side fetcher may read the
 * link with an RFC 3986 parser, not the WHATWG one: `https://a.example\@evil.example/x` is
 * `a.example` to WHATWG (a backslash is a slash) and `evil.example` to RFC 3986 (everything up
 * to the first `/` is the authority, `a.example\` its user name). So a link is refused, naming
 * the field, whenever the two could disagree on where it goes: a backslash; a space, tab,
 * newline or other control character (WHATWG drops or trims them, RFC 3986 has none); a user
 * name or `@` before the host; a host written other than as WHATWG serialises it (percent
 * escapes, numeric or non-ASCII forms, an empty port): the RFC 3986 authority must be the
 * WHATWG host (a default port may be written). What is stored and mailed is then the WHATWG
 * serialisation (`normalisedLink`), with the `{{placeholders}}` kept as typed, so the text a
 * reader parses is the one that was checked.
 */
import type { Config } from '../../config.ts'
import type { ErrorDetail } from '../../lib/errors.ts'
import type { Tenant } from '../../db/database.ts'
import type { Executor } from '../../db/executor.ts'

/**
 * The redirect URIs of the OAuth clients a tenant owns. The clients table belongs to the oauth
 * module, above this one: the wiring passes in its query (oauth's tenantRedirectUris).
 */
export type TenantRedirectUris = (db: Executor, tenantId: number) => Promise<readonly string[]>

export interface LinkRules {
  /** The platform's own origin (PUBLIC_URL). */
  platformOrigin: string
  /** `http:` on a loopback host is accepted (development only). */
  loopbackHttp: boolean
  redirectUrisOf: TenantRedirectUris
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]'])

/** Whether a URL is `http:` on a loopback host (accepted in development only: rules.loopbackHttp). */
export const isLoopbackHttp = (url: URL): boolean => url.protocol === 'http:' && LOOPBACK.has(url.hostname)

export function linkRulesOf(config: Pick<Config, 'publicUrl' | 'env'>, redirectUrisOf: TenantRedirectUris): LinkRules {
  return { platformOrigin: new URL(config.publicUrl).origin, loopbackHttp: config.env === 'development', redirectUrisOf }
}

const PLACEHOLDER = /\{\{[^}]*\}\}/g
/** RFC 3986 appendix B: the components a generic URI reader splits a reference into. */
const RFC3986 = /^(([^:/?#]+):)?(\/\/([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?$/s
const DEFAULT_PORT: Record<string, string> = { 'https:': '443', 'http:': '80' }

/** What makes a WHATWG and an RFC 3986 reader disagree on a link's host (its placeholders already stood in for), or null. */
function ambiguity(text: string, url: URL): string | null {
  const authority = RFC3986.exec(text)?.[4]
  if (authority === undefined) return 'must be written as scheme://host/...'
  if (authority.includes('@')) return 'must not carry a user name or password'
  if (authority.includes('%')) return 'must not percent-encode its host'
  const written = authority.toLowerCase()
  const port = DEFAULT_PORT[url.protocol]
  if (written !== url.host && !(url.port === '' && port && written === `${url.host}:${port}`)) {
    return `has a host other URL readers take differently; write it as ${url.protocol}//${url.host}`
  }
  return null
}

/**
 * The link as it is stored and mailed: its WHATWG serialisation with its placeholders as typed,
 * or what WHATWG and RFC 3986 readers could disagree on (see the top of this file).
 */
export function normalisedLink(template: string): { link: string } | { problem: string } {
  if (template.includes('\\')) return { problem: 'must not contain a backslash' }
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u0020\u007f]/.test(template)) return { problem: 'must not contain spaces, tabs, newlines or control characters' }
  const placeholders = template.match(PLACEHOLDER) ?? []
  // a stand-in no parser changes (lower-case letters and digits), not found in the link itself
  let stem = 'trellisph'
  while (template.toLowerCase().includes(stem)) stem += 'x'
  let i = 0
  const text = template.replace(PLACEHOLDER, () => `${stem}${i++}z`)
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return { problem: 'is not an absolute URL' }
  }
  const problem = ambiguity(text, url)
  if (problem) return { problem }
  const link = url.href.replace(new RegExp(`${stem}(\\d+)z`, 'g'), (whole, n: string) => placeholders[Number(n)] ?? whole)
  return { link }
}
/** Fillings that would move an origin if a placeholder sat in the scheme, host or port. */
const PROBES = ['x', '.probe.invalid/@other.invalid:1/?#']

/** The origin a link template sends to, whatever its placeholders hold, or what is wrong with it. */
export function linkOrigin(template: string, rules: LinkRules): { origin: string } | { problem: string } {
  const urls: URL[] = []
  for (const probe of PROBES) {
    try {
      urls.push(new URL(template.replace(PLACEHOLDER, probe)))
    } catch {
      return { problem: 'is not an absolute URL' }
    }
  }
  const [url, other] = urls as [URL, URL]
  const loopback = rules.loopbackHttp && isLoopbackHttp(url)
  if (url.protocol !== 'https:' && !loopback) return { problem: 'must be an https: URL' }
  if (url.username || url.password) return { problem: 'must not carry a user name or password' }
  if (other.origin !== url.origin) return { problem: 'must not have a {{placeholder}} before its path' }
  return { origin: url.origin }
}

/** The https (or loopback http) origin of each URI; anything else has none. */
export function originsOf(uris: readonly string[]): string[] {
  const out: string[] = []
  for (const uri of uris) {
    try {
      const url = new URL(uri)
      if (url.protocol === 'https:' || isLoopbackHttp(url)) out.push(url.origin)
    } catch {
      // not a URL (a custom scheme the parser refuses): no origin
    }
  }
  return out
}

/** The origins verified for a tenant: its own clients' redirect URIs (read through rules.redirectUrisOf), its approved domains, the platform. */
export async function verifiedOrigins(db: Executor, tenant: Pick<Tenant, 'id' | 'link_domains'>, rules: LinkRules): Promise<Set<string>> {
  const origins = new Set([rules.platformOrigin, ...originsOf(await rules.redirectUrisOf(db, tenant.id))])
  for (const domain of tenant.link_domains) origins.add(`https://${domain}`)
  return origins
}

/** What is wrong with a link on a tenant, or null when it may carry a token. */
export function checkLink(template: string, origins: ReadonlySet<string>, rules: LinkRules): string | null {
  const normal = normalisedLink(template)
  if ('problem' in normal) return normal.problem
  const result = linkOrigin(normal.link, rules)
  if ('problem' in result) return result.problem
  if (!origins.has(result.origin)) {
    return `must be on an origin verified for this tenant (its apps' redirect URIs, or a domain the platform approved); ${result.origin} is not`
  }
  return null
}

/** Every ctaLink a patch of email settings sets, with the field that names it. */
/** The texts of a field, plain or per locale (`{"nl": ...}`), each with the path that names it. */
function textsOf(field: string, value: unknown): { field: string; text: string }[] {
  if (typeof value === 'string') return [{ field, text: value }]
  if (value === null || typeof value !== 'object') return []
  return Object.entries(value).flatMap(([tag, text]) => (typeof text === 'string' ? [{ field: `${field}.${tag}`, text }] : []))
}

export function linksIn(emailTypeConfig: Record<string, unknown> | null | undefined): { field: string; link: string }[] {
  const out: { field: string; link: string }[] = []
  for (const [type, texts] of Object.entries(emailTypeConfig ?? {})) {
    // every locale's link is checked: each one carries a token to its readers
    for (const { field, text } of textsOf(`emailConfig.emailTypeConfig.${type}.ctaLink`, (texts as { ctaLink?: unknown } | null)?.ctaLink)) {
      if (text !== '') out.push({ field, link: text })
    }
  }
  return out
}

function normalisedText(value: unknown): unknown {
  const one = (text: string) => {
    const normal = normalisedLink(text)
    return 'link' in normal ? normal.link : text
  }
  if (typeof value === 'string') return value === '' ? value : one(value)
  if (value === null || typeof value !== 'object') return value
  return Object.fromEntries(Object.entries(value).map(([tag, text]) => [tag, typeof text === 'string' && text !== '' ? one(text) : text]))
}

/** The email texts with every ctaLink (plain or per locale) as it is stored: normalisedLink's form (a link it refuses is left for the check to name). */
export function withNormalisedLinks<T extends Record<string, unknown>>(emailTypeConfig: T): T {
  const out: Record<string, unknown> = {}
  for (const [type, texts] of Object.entries(emailTypeConfig)) {
    const link = (texts as { ctaLink?: unknown } | null)?.ctaLink
    out[type] = texts !== null && typeof texts === 'object' && link !== undefined ? { ...texts, ctaLink: normalisedText(link) } : texts
  }
  return out as T
}

/** Placeholders whose value hands over an account: they travel only in the verified ctaLink. */
const TOKEN_PLACEHOLDER = /\{\{\s*(resetToken|emailConfirmationToken|loginCode|loginLink)\s*\}\}/

/**
 * Every text field other than ctaLink that names a token: refused, because a body text may hold
 * any URL (`https://elsewhere/r?t={{resetToken}}` becomes a link in every mail client), and only
 * the ctaLink's origin is checked.
 */
export function tokensOutsideLinks(emailTypeConfig: Record<string, unknown> | null | undefined): ErrorDetail[] {
  const out: ErrorDetail[] = []
  for (const [type, texts] of Object.entries(emailTypeConfig ?? {})) {
    for (const [key, value] of Object.entries((texts as Record<string, unknown> | null) ?? {})) {
      if (key === 'ctaLink') continue
      for (const { field, text } of textsOf(`emailConfig.emailTypeConfig.${type}.${key}`, value)) {
        const token = TOKEN_PLACEHOLDER.exec(text)?.[1]
        if (token) out.push({ field, message: `may not contain {{${token}}}: a token travels only in ctaLink, on a verified origin` })
      }
    }
  }
  return out
}

/** The save-time check: a detail per link that may not carry a token. */
export function linkProblems(links: { field: string; link: string }[], origins: ReadonlySet<string>, rules: LinkRules): ErrorDetail[] {
  return links.flatMap(({ field, link }) => {
    const problem = checkLink(link, origins, rules)
    return problem ? [{ field, message: problem }] : []
  })
}

/** A domain the platform approves: a host name, lower case, no scheme, port or path. */
export function checkDomain(domain: string): string | null {
  try {
    const url = new URL(`https://${domain}`)
    if (url.hostname !== domain.toLowerCase() || url.port || url.pathname !== '/' || domain.includes('@')) return 'must be a bare host name, e.g. app.example.com'
    return null
  } catch {
    return 'must be a bare host name, e.g. app.example.com'
  }
}
