/**
 * HTTP defences shared by the hosted pages and the console. Threats and how they are met:
 *
 * Cross-site request forgery. Every form carries a token = HMAC(server key, browser id),
 * where the browser id is a random value in an HttpOnly cookie (SameSite=Lax, `__Host-`
 * prefixed and Secure on https). A POST whose token does not match its own cookie is
 * refused, so another site can neither read nor forge it; SameSite=Lax keeps the cookie
 * off cross-site POSTs as a second layer.
 *
 * Script injection. Every value is escaped by the `html` tag; the Content-Security-Policy
 * allows no script or style but Trellis's own stylesheet and what carries this response's
 * nonce, no framing (clickjacking), no plugins, no <base>, and forms only to Trellis and the
 * app's redirect origin (browsers check form-action on the redirect after a POST too).
 *
 * Leaks. Pages carry tokens and codes in URLs and bodies: `Cache-Control: no-store` and
 * `Referrer-Policy: no-referrer` keep them out of caches and other sites' logs.
 */
import { randomBytes } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { hmac, randomToken, safeEqual } from '../../lib/crypto.ts'

export interface CookieNames {
  browser: string
  session: string
  /** The invitation page keeps its token here while the person signs in (invitation.routes.ts). */
  invitation: string
  /** The device page keeps the user code here while the person signs in (device.routes.ts). */
  device: string
  secure: boolean
}

export function cookieNames(publicUrl: string): CookieNames {
  const secure = publicUrl.startsWith('https:')
  // __Host- cookies must be Secure with Path=/ and no Domain: only the exact host gets them
  return secure
    ? { browser: '__Host-trellis_browser', session: '__Host-trellis_session', invitation: '__Host-trellis_invitation', device: '__Host-trellis_device', secure }
    : { browser: 'trellis_browser', session: 'trellis_session', invitation: 'trellis_invitation', device: 'trellis_device', secure }
}

export function cookieOptions(names: CookieNames, maxAgeSeconds?: number) {
  return { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: names.secure, ...(maxAgeSeconds ? { maxAge: maxAgeSeconds } : {}) }
}

/** The browser's id, set on first sight; it lives a year and means nothing on its own. */
export function browserId(request: FastifyRequest, reply: FastifyReply, names: CookieNames): string {
  const existing = request.cookies[names.browser]
  if (existing && /^[A-Za-z0-9_-]{43}$/.test(existing)) return existing
  const id = randomToken(32)
  reply.setCookie(names.browser, id, cookieOptions(names, 365 * 86_400))
  // later reads in this request see the new value
  request.cookies[names.browser] = id
  return id
}

export function csrfToken(key: Buffer, browser: string): string {
  return hmac(key, `csrf:${browser}`).toString('base64url')
}

export function csrfValid(key: Buffer, browser: string | undefined, presented: unknown): boolean {
  if (!browser || typeof presented !== 'string') return false
  return safeEqual(csrfToken(key, browser), presented)
}

/** A CSP source for a URL (a redirect URI, a logo): its origin, or its scheme for app links. */
export function cspSource(redirectUri: string | null): string | null {
  if (!redirectUri) return null
  try {
    const url = new URL(redirectUri)
    if (url.protocol === 'http:' || url.protocol === 'https:') return url.origin
    return url.protocol
  } catch {
    return null
  }
}

export function newNonce(): string {
  return randomBytes(18).toString('base64url')
}

/** What a page's headers allow beyond the defaults; each caller says it here, none edits a header. */
export interface PagePolicy {
  /** Origins a form may post to besides Trellis; 'none': the page's forms go nowhere (a preview). */
  formTargets?: (string | null)[] | 'none'
  /** An image origin besides Trellis and https (a tenant's logo on its own http origin). */
  imageOrigin?: string | null
  /** The console shows previews of its own pages and emails in frames (frame-src 'self'). */
  frames?: boolean
  /** Who may frame the page: nobody, or Trellis itself (the console's previews). */
  framedBy?: 'none' | 'self'
  /** Whether the page runs sandboxed (a preview of what an admin typed). */
  sandbox?: boolean
}

export function pageHeaders(reply: FastifyReply, nonce: string, policy: PagePolicy = {}): void {
  const { formTargets = [], imageOrigin = null, frames = false, framedBy = 'none', sandbox = false } = policy
  const images = ["'self'", 'https:', 'data:', ...(imageOrigin ? [imageOrigin] : [])].join(' ')
  const forms = formTargets === 'none' ? "'none'" : ["'self'", ...formTargets.filter((t): t is string => Boolean(t))].join(' ')
  reply
    .header(
      'content-security-policy',
      [
        "default-src 'none'",
        `script-src 'nonce-${nonce}'`,
        `style-src 'self' 'nonce-${nonce}'`,
        `img-src ${images}`,
        "connect-src 'self'",
        ...(frames ? ["frame-src 'self'"] : []),
        `form-action ${forms}`,
        `frame-ancestors '${framedBy}'`,
        "base-uri 'none'",
        ...(sandbox ? ['sandbox'] : []),
      ].join('; '),
    )
    .header('cache-control', 'no-store')
    .header('pragma', 'no-cache')
    .header('referrer-policy', 'no-referrer')
    .header('x-content-type-options', 'nosniff')
    .header('x-frame-options', framedBy === 'self' ? 'SAMEORIGIN' : 'DENY')
    .type('text/html; charset=utf-8')
}

/**
 * A tenant's email as the console previews it in a frame: the email's own inline styles, its
 * logo, no script, no form, sandboxed, and framed by Trellis only.
 */
export function emailPreviewHeaders(reply: FastifyReply, logoUrl: string | null): FastifyReply {
  const images = ["'self'", 'https:', 'data:', cspSource(logoUrl)].filter(Boolean).join(' ')
  return reply
    .header('content-security-policy', `default-src 'none'; style-src 'unsafe-inline'; img-src ${images}; font-src data:; form-action 'none'; frame-ancestors 'self'; base-uri 'none'; sandbox`)
    .header('x-frame-options', 'SAMEORIGIN')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .header('x-content-type-options', 'nosniff')
    .type('text/html; charset=utf-8')
}
