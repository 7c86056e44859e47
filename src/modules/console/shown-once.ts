/**
 * A secret a console form made (a new app's client secret, a device's MQTT password, a webhook
 * endpoint's signing secret) shown
 * once, on the page its POST redirects to (post/redirect/get), so a reload repeats the GET,
 * never the form: no second app, no second secret.
 *
 * The secret travels from the POST to that page in a cookie of its own, sealed with the
 * secrets-at-rest key (lib/secret-box.ts: AES-256-GCM, bound to this browser and this
 * purpose as associated data), httpOnly, for a minute: never in a URL, never readable by
 * the page's script or by anyone without the key. The page that shows it clears the cookie
 * as it reads it, so the same page read again (a reload, the back button) finds nothing and
 * says the secret was shown already. Only its hash is kept in the database (a signing secret
 * encrypted, which no page reads back), so nothing shows it again.
 */
import type { FastifyReply, FastifyRequest } from 'fastify'
import { secondsAfter, type Clock } from '../../lib/clock.ts'
import type { SecretBox } from '../../lib/secret-box.ts'
import type { PageContext } from '../pages/index.ts'

const LIFETIME_SECONDS = 60
const CONTEXT = 'console-shown-once'

/** What the page shows: which form made it, for what, and the secret (with a username for a device). */
export interface Shown {
  kind: 'app' | 'rotated' | 'device' | 'webhook' | 'webhookRotated'
  /** The app's or the device's name (a webhook endpoint's URL). */
  name: string
  secret: string
  username?: string
}

const KINDS: readonly Shown['kind'][] = ['app', 'rotated', 'device', 'webhook', 'webhookRotated']

export class ShownOnce {
  private readonly name: string

  constructor(
    private readonly box: SecretBox,
    private readonly clock: Clock,
    private readonly names: PageContext['names'],
  ) {
    this.name = names.secure ? '__Host-trellis_console_secret' : 'trellis_console_secret'
  }

  /** Leaves `shown` for this browser's next page, sealed. */
  set(reply: FastifyReply, browser: string, shown: Shown): void {
    const until = secondsAfter(this.clock.now(), LIFETIME_SECONDS).getTime()
    const sealed = this.box.seal(JSON.stringify({ ...shown, until }), `${CONTEXT}:${browser}`)
    reply.setCookie(this.name, sealed, { path: '/', httpOnly: true, sameSite: 'lax', secure: this.names.secure, maxAge: LIFETIME_SECONDS })
  }

  /** The secret left for this browser, once: the cookie is cleared as it is read; null when none is (or it is stale or not this browser's). */
  take(request: FastifyRequest, reply: FastifyReply, browser: string): Shown | null {
    const raw = request.cookies[this.name]
    if (!raw) return null
    reply.clearCookie(this.name, { path: '/' })
    try {
      const value = JSON.parse(this.box.open(raw, `${CONTEXT}:${browser}`)) as Partial<Shown> & { until?: unknown }
      if (typeof value.until !== 'number' || value.until < this.clock.now().getTime()) return null
      if (!value.kind || !KINDS.includes(value.kind) || typeof value.name !== 'string' || typeof value.secret !== 'string') return null
      return { kind: value.kind, name: value.name, secret: value.secret, ...(typeof value.username === 'string' ? { username: value.username } : {}) }
    } catch {
      // not sealed by this platform for this browser (or under a key no longer kept): nothing to show
      return null
    }
  }
}
