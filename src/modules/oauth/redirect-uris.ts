/**
 * Registered redirect URIs and how a presented one is matched against them.
 *
 * Threat model. A login code (or a login link) goes to the redirect URI; whoever controls
 * that URI gets the code. So the scheme, host, port, path and query are compared exactly,
 * character for character: a pattern there (`https://*.github.io/...`, `.../auth/*`) would
 * let anyone who can publish a page under the pattern (another project on a shared host,
 * an open redirector on another path) receive codes meant for the app.
 *
 * The one exception: a registered URI may end its FRAGMENT with `*`
 * (`https://example.github.io/app-auth/#/*`). One existing app registers a page that is
 * routed by its fragment and puts a per-installation id there, so every installation
 * presents a different URI. A wildcard is safe there and only there, because:
 * - a browser never sends the fragment to any server: whatever the wildcard matches, the
 *   page that loads is the registered page (same origin, same path, same query), and only
 *   that page's own script reads the fragment;
 * - the part before the `#` is compared exactly, so the fragment cannot move the code to
 *   another host or path;
 * - what the wildcard matches is limited to URL-safe fragment characters (no `#`, spaces,
 *   quotes or angle brackets), so the link built from it in an email stays one plain link.
 * A `*` anywhere else (host, path, query, or mid-fragment) is refused at registration.
 *
 * Where the login code goes for such a URI: see `loginLink` in passwordless.service.ts.
 * Which client a URI names when the request leaves client_id out: client-lookup.service.ts.
 */

/** Characters a wildcard may stand for: RFC 3986 fragment characters minus `#`. */
const FRAGMENT_TAIL = /^[A-Za-z0-9\-._~!$&'()*+,;=:@/?%]*$/

/** Why a URI cannot be registered, or null when it can. */
export function redirectUriProblem(uri: string): string | null {
  let parsed: URL
  try {
    parsed = new URL(uri)
  } catch {
    return 'must be an absolute URL'
  }
  if (parsed.protocol === 'javascript:' || parsed.protocol === 'data:' || parsed.protocol === 'vbscript:') return 'uses a forbidden scheme'
  if (/\s/.test(uri)) return 'must not contain white space'
  const hashAt = uri.indexOf('#')
  const star = uri.indexOf('*')
  if (star >= 0 && (hashAt < 0 || star < hashAt || star !== uri.length - 1)) {
    return 'may contain a wildcard (*) only as the last character of the fragment'
  }
  if (hashAt >= 0 && uri.indexOf('#', hashAt + 1) >= 0) return 'must not contain more than one #'
  return null
}

/** Whether `presented` is exactly `registered`, or matches its fragment wildcard. */
export function redirectUriMatches(registered: string, presented: string): boolean {
  if (registered === presented) return true
  if (!registered.endsWith('*') || !registered.includes('#')) return false
  const prefix = registered.slice(0, -1)
  if (!presented.startsWith(prefix)) return false
  return FRAGMENT_TAIL.test(presented.slice(prefix.length))
}

export function isRegisteredRedirectUri(registered: readonly string[], presented: string): boolean {
  return registered.some((r) => redirectUriMatches(r, presented))
}

/**
 * Every registered URI that `presented` would match: itself, and for a URI with a fragment,
 * each `<presented up to a point in the fragment>*` whose rest the wildcard may stand for.
 * A lookup keyed by these finds every client that accepts `presented` through an index
 * (client-lookup.service.ts); redirectUriMatches stays the judge of each one found.
 */
export function registeredFormsOf(presented: string): string[] {
  const forms = [presented]
  const hashAt = presented.indexOf('#')
  if (hashAt < 0) return forms
  for (let end = presented.length; end > hashAt; end--) {
    if (!FRAGMENT_TAIL.test(presented.slice(end))) break
    forms.push(`${presented.slice(0, end)}*`)
  }
  return forms
}
