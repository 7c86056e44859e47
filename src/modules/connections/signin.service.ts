/**
 * Signing in through an upstream provider, without HTTP: the round trip (code flow with PKCE,
 * `state` and `nonce`), and who the person is once the provider has answered. Threats and how
 * they are met:
 *
 * A forged or replayed callback (login CSRF, a stolen code). `state` is 32 random bytes, stored
 * only as its SHA-256 with the browser cookie's hash; the callback is taken once (a conditional
 * UPDATE), only in the browser that began it, only before it expires on the injected clock. The
 * code is redeemed with the PKCE verifier drawn for it (sealed at rest), and the ID token must
 * carry the `nonce` drawn for it (upstream.ts checks the rest).
 *
 * A connection of another brand. A round trip may use only a connection offered where the
 * sign-in runs: the brand's own, or the platform's; a brand's connection id at another brand
 * is refused like an unknown one, and its identities link only to accounts of the sign-in's tenant.
 *
 * Account takeover by a provider's word. An upstream identity (connection, subject) belongs to
 * one account of a tenant. At its first sign-in, an address that already has an account there,
 * or that the provider does not say it verified, is linked only after the person proves the
 * address with a code emailed in the same sign-in (`prove`; completeLink links it after the
 * code), whatever `email_verified` says: an attacker who controls a provider account, or a
 * provider, claiming the victim's address gets a code sent to the victim, nothing more. A new
 * address with a verified claim makes an account only where the tenant's sign-up policy allows.
 */
import type { DB } from '../../db/connect.ts'
import type { User } from '../../db/database.ts'
import type { Executor } from '../../db/executor.ts'
import { summarize, type AuditSink } from '../../lib/audit.ts'
import { secondsAfter, type Clock } from '../../lib/clock.ts'
import { randomToken, sha256 } from '../../lib/crypto.ts'
import { normalizeEmail } from '../../lib/email-address.ts'
import { appErrors } from '../../lib/errors.ts'
import { NO_EVENTS, type EventSink } from '../../lib/events.ts'
import type { Log } from '../../lib/log.ts'
import type { SecretBox } from '../../lib/secret-box.ts'
import type { AccountStore } from '../users/index.ts'
import type { ConnectionsService } from './connections.service.ts'
import { deleteIdentity, findConnection, findIdentity, identitiesOf, insertIdentity, insertSignIn, keepUpstreamUser, offeredAt, setPending, signInsOfRequest, takePending, takeSignIn, touchIdentity, type ConnectionRow, type SignInRow } from './connections.repository.ts'
import { appleName, UpstreamFailure, type UpstreamClaims, type UpstreamClient } from './upstream.ts'

/** How long a round trip to the provider may take (the person signs in there). */
export const ROUND_TRIP_TTL_SECONDS = 600
/** Round trips one sign-in request may begin (a person retries; the request itself is rate-limited per IP). */
export const MAX_ROUND_TRIPS_PER_REQUEST = 10

export interface OfferedConnection {
  id: number
  kind: ConnectionRow['kind']
  name: string
  /** The origin of its authorization endpoint, where the sign-in form's redirect goes (the page's CSP form-action). */
  origin: string
}

export type CallbackOutcome =
  | { kind: 'account'; requestId: string; user: User }
  /** The address must be proven by an emailed code in this sign-in before the identity is linked. */
  | { kind: 'prove'; requestId: string; email: string; connectionId: number }

export interface LinkedIdentity {
  id: number
  connectionId: number
  kind: string
  name: string
  email: string | null
  createdAt: Date
  lastUsedAt: Date | null
}

export interface SignInDeps {
  db: DB
  clock: Clock
  log: Log
  box: SecretBox
  connections: ConnectionsService
  upstream: UpstreamClient
  accounts: AccountStore
  findUserById: (db: Executor, id: number) => Promise<User | undefined>
  audit: AuditSink
  events?: EventSink
}

const hashOf = (value: string) => sha256(value).toString('base64url')
const refused = () => appErrors.upstream_refused()

export class UpstreamSignIn {
  private readonly events: EventSink
  constructor(private readonly deps: SignInDeps) {
    this.events = deps.events ?? NO_EVENTS
  }

  /** The providers a sign-in under `tenantId` offers: the brand's own, then the platform's. */
  async offered(tenantId: number | null): Promise<OfferedConnection[]> {
    const offered: OfferedConnection[] = []
    for (const row of await offeredAt(this.deps.db, tenantId)) {
      // a provider whose discovery fails now gets no button (its document is cached for minutes)
      const discovery = await this.deps.upstream.discoverForPage(row.issuer).catch((error: unknown) => {
        if (error instanceof UpstreamFailure) return null
        throw error
      })
      if (discovery) offered.push({ id: row.id, kind: row.kind, name: row.name, origin: new URL(discovery.authorization_endpoint).origin })
    }
    return offered
  }

  private async usable(connectionId: number, tenantId: number | null): Promise<ConnectionRow> {
    const row = Number.isSafeInteger(connectionId) ? await findConnection(this.deps.db, connectionId) : undefined
    if (!row || !row.enabled || (row.tenant_id !== null && row.tenant_id !== tenantId)) throw refused()
    return row
  }

  /** Begins the round trip for a pending sign-in request: where to send the browser. */
  async start(input: { requestId: string; tenantId: number | null; browser: string; connectionId: number }): Promise<string> {
    const { db, clock, box } = this.deps
    const row = await this.usable(input.connectionId, input.tenantId)
    if ((await signInsOfRequest(db, input.requestId)) >= MAX_ROUND_TRIPS_PER_REQUEST) throw refused()
    const discovery = await this.upstream(() => this.deps.upstream.discover(row.issuer))
    const state = randomToken()
    const nonce = randomToken()
    const verifier = randomToken()
    const stateHash = hashOf(state)
    const expiresAt = secondsAfter(clock.now(), ROUND_TRIP_TTL_SECONDS)
    await insertSignIn(db, {
      state_hash: stateHash,
      connection_id: row.id,
      authorization_request_id: input.requestId,
      tenant_id: input.tenantId,
      browser_hash: hashOf(input.browser),
      nonce,
      code_verifier: box.seal(verifier, `upstream_sign_ins:${stateHash}`),
      expires_at: expiresAt,
    })
    const url = new URL(discovery.authorization_endpoint)
    const params: Record<string, string> = {
      response_type: 'code',
      client_id: row.client_id,
      redirect_uri: this.deps.connections.callbackUri,
      scope: row.scopes,
      state,
      nonce,
      code_challenge: hashOf(verifier),
      code_challenge_method: 'S256',
      // Apple sends the name and address only to a form_post callback
      ...(row.kind === 'apple' ? { response_mode: 'form_post' } : {}),
    }
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value)
    return url.toString()
  }

  /** Apple's form_post: its `user` field (the name, on the first sign-in only), kept for the callback. */
  async keepUser(state: string, user: string): Promise<void> {
    if (user.length > 2000) return
    await keepUpstreamUser(this.deps.db, hashOf(state), user, this.deps.clock.now())
  }

  /** The provider's answer: the account it signs in, or the address to prove first. */
  async callback(input: { state: string; code: string; error: string; browser: string; ip: string }): Promise<CallbackOutcome> {
    const { db, clock } = this.deps
    const taken = input.state ? await takeSignIn(db, hashOf(input.state), hashOf(input.browser), clock.now()) : undefined
    if (!taken) throw refused()
    if (input.error || !input.code) throw refused()
    const row = await this.usable(taken.connection_id, taken.tenant_id)
    const claims = await this.upstream(async () => {
      const discovery = await this.deps.upstream.discover(row.issuer)
      const verifier = this.deps.box.open(taken.code_verifier, `upstream_sign_ins:${taken.state_hash}`)
      const secret = await this.deps.connections.clientSecret(row, discovery.issuer)
      const { idToken, accessToken } = await this.deps.upstream.redeem(discovery, { code: input.code, redirectUri: this.deps.connections.callbackUri, verifier, clientId: row.client_id, clientSecret: secret, post: row.kind === 'apple' })
      const verified = await this.deps.upstream.verify(idToken, discovery, { clientIds: [row.client_id], nonce: taken.nonce })
      return this.deps.upstream.withUserinfo(verified, discovery, accessToken)
    })
    return this.resolve(row, taken, { ...claims, name: claims.name ?? appleName(taken.upstream_user) }, input.ip)
  }

  /** A provider's failure, logged without secrets, as the one refusal a person sees. */
  private async upstream<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work()
    } catch (error) {
      if (!(error instanceof UpstreamFailure)) throw error
      this.deps.log.warn({ problem: error.message }, 'upstream sign-in refused')
      throw refused()
    }
  }

  private async resolve(row: ConnectionRow, taken: SignInRow, claims: UpstreamClaims, ip: string): Promise<CallbackOutcome> {
    const { db, clock } = this.deps
    const tenantId = taken.tenant_id
    const requestId = taken.authorization_request_id
    const linked = await findIdentity(db, row.id, claims.subject, tenantId)
    if (linked) {
      const user = await this.deps.findUserById(db, linked.user_id)
      if (!user) throw refused()
      await touchIdentity(db, linked.id, clock.now())
      return { kind: 'account', requestId, user }
    }
    if (!claims.email) throw refused()
    const email = normalizeEmail(claims.email)
    const existing = await this.deps.accounts.findUserByEmail(db, email, tenantId)
    if (existing || !claims.emailVerified) {
      await setPending(db, taken.state_hash, claims.subject, email)
      return { kind: 'prove', requestId, email, connectionId: row.id }
    }
    const user = await db.transaction().execute(async (trx) => {
      const made = await this.deps.accounts.findOrSignUp(trx, { email, tenantId, emailConfirmedAt: clock.now(), displayName: claims.name })
      if (!made) return null
      if (made.created) await this.events.record(trx, { type: 'user.created', tenantId: made.user.tenant_id, data: { userId: made.user.id, email: made.user.email } })
      await this.link(trx, row.id, claims.subject, made.user, email, ip)
      return made.user
    })
    if (!user) throw appErrors.upstream_signup_closed()
    return { kind: 'account', requestId, user }
  }

  /** Links an identity to an account, audited (a native exchange has no page request: ip null). */
  async link(trx: Executor, connectionId: number, subject: string, user: User, email: string, ip: string | null): Promise<void> {
    const now = this.deps.clock.now()
    if (!(await insertIdentity(trx, { connection_id: connectionId, subject, user_id: user.id, tenant_id: user.tenant_id, email, created_at: now, last_used_at: now }))) return
    await this.deps.audit.record(trx, {
      actor: { kind: 'user', id: String(user.id), sourceIp: ip },
      tenantId: user.tenant_id,
      action: 'identity.link',
      target: { type: 'user', id: user.id },
      summary: summarize({ connectionId }, ['connectionId']),
    })
  }

  /**
   * After an emailed code signed `user` in to the request: links the identity that waited for
   * that proof, when the code proved its very address in the sign-in's tenant. True when linked.
   */
  async completeLink(requestId: string, user: User, ip: string): Promise<boolean> {
    const { db, clock } = this.deps
    const pending = await takePending(db, requestId, clock.now())
    if (!pending?.pending_subject || !pending.pending_email) return false
    if (normalizeEmail(user.email) !== pending.pending_email || user.tenant_id !== pending.tenant_id) return false
    const subject = pending.pending_subject
    await db.transaction().execute((trx) => this.link(trx, pending.connection_id, subject, user, pending.pending_email ?? '', ip))
    return true
  }

  async identities(userId: number): Promise<LinkedIdentity[]> {
    return (await identitiesOf(this.deps.db, userId)).map((i) => ({ id: i.id, connectionId: i.connection_id, kind: i.kind, name: i.name, email: i.email, createdAt: i.created_at, lastUsedAt: i.last_used_at }))
  }

  /** Unlinks one of the account's identities while another way in remains (the proven address, another identity). */
  async unlink(user: User, identityId: number, ip: string): Promise<void> {
    const { db } = this.deps
    const all = await identitiesOf(db, user.id)
    if (!all.some((i) => i.id === identityId)) throw appErrors.not_found('This sign-in method was not found.')
    if (all.length === 1 && user.email_confirmed_at === null) throw appErrors.last_way_in()
    await db.transaction().execute(async (trx) => {
      const removed = await deleteIdentity(trx, user.id, identityId)
      if (!removed) return
      await this.deps.audit.record(trx, {
        actor: { kind: 'user', id: String(user.id), sourceIp: ip },
        tenantId: user.tenant_id,
        action: 'identity.unlink',
        target: { type: 'user', id: user.id },
        summary: summarize({ connectionId: removed.connection_id }, ['connectionId']),
      })
    })
  }
}
