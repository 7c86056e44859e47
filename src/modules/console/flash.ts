/**
 * The sentence a console form leaves for the page it redirects to (post/redirect/get): a
 * successful POST answers 303 to its section's page, and that GET shows what was done, so a
 * reload repeats the GET, never the action.
 *
 * The sentence travels in a cookie of its own, read once and cleared, that lives a minute:
 * long enough to follow the redirect, too short to greet a later visit. It is signed with the
 * pages' CSRF key and bound to the browser, so no one else (another site, a sibling host that
 * can set cookies) can put words of their choosing on a console page. It carries only what a
 * page says anyway (a name, a role), never a secret: the forms that show a secret once answer
 * with it themselves (see apps.routes.ts).
 */
import type { FastifyReply, FastifyRequest } from 'fastify'
import { secondsAfter, type Clock } from '../../lib/clock.ts'
import { hmac, safeEqual } from '../../lib/crypto.ts'
import type { PageContext } from '../pages/index.ts'

const LIFETIME_SECONDS = 60
const MAX_LENGTH = 600

export class Flash {
  private readonly name: string

  constructor(
    private readonly key: Buffer,
    private readonly clock: Clock,
    private readonly names: PageContext['names'],
  ) {
    // __Host- as the pages' own cookies, where the platform is served over https
    this.name = names.secure ? '__Host-trellis_console_notice' : 'trellis_console_notice'
  }

  private options(maxAge: number) {
    return { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: this.names.secure, maxAge }
  }

  private signature(browser: string, payload: string): string {
    return hmac(this.key, `console-notice:${browser}:${payload}`).toString('base64url')
  }

  /** Leaves `notice` for this browser's next console page. */
  set(reply: FastifyReply, browser: string, notice: string): void {
    const until = secondsAfter(this.clock.now(), LIFETIME_SECONDS).getTime()
    const payload = Buffer.from(JSON.stringify({ n: notice.slice(0, MAX_LENGTH), u: until })).toString('base64url')
    reply.setCookie(this.name, `${payload}.${this.signature(browser, payload)}`, this.options(LIFETIME_SECONDS))
  }

  /** The notice left for this browser, once: the cookie is cleared as it is read. */
  take(request: FastifyRequest, reply: FastifyReply, browser: string): string | null {
    const raw = request.cookies[this.name]
    if (!raw) return null
    reply.clearCookie(this.name, { path: '/' })
    const [payload = '', signature = ''] = raw.split('.')
    if (!safeEqual(this.signature(browser, payload), signature)) return null
    try {
      const { n, u } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { n?: unknown; u?: unknown }
      if (typeof n !== 'string' || typeof u !== 'number' || u < this.clock.now().getTime()) return null
      return n
    } catch {
      return null
    }
  }
}
