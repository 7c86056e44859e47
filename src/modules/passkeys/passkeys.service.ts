/**
 * Passkeys (WebAuthn, through @simplewebauthn/server): registering one on a signed-in account,
 * and signing in with one, ending in a login code that the token endpoint exchanges with PKCE
 * like a mailed one. How each threat is met:
 *
 * Phishing and relaying. The relying party ID is the host of PUBLIC_URL and the expected
 * origin is PUBLIC_URL's origin; a response made for another site, or carried from one,
 * fails verification. User verification is required, so a stolen unlocked key is not enough.
 *
 * Replay and reuse. Each ceremony's challenge is stored (as its SHA-256) with what it is for:
 * registering, for one account and the session that asked; signing in, for one tenant and
 * one app's request (client, redirect URI, PKCE challenge, scope). The response names its
 * challenge; the row is consumed by a conditional update before anything is verified, so a
 * challenge answers once, and never after CHALLENGE_TTL_SECONDS on the injected clock.
 *
 * Cloned authenticators. A signature counter that does not move forward is refused, and the
 * new counter is written only over the one verified against.
 *
 * One brand's passkey at another. A credential belongs to an account, and accounts are per
 * tenant: a sign-in under one tenant (or the platform) accepts only the credentials of that
 * tenant's accounts, whatever the authenticator offers.
 *
 * Guessing and flooding. Every verification spends a token of the address's failure budget
 * first (RATE_LIMIT_FAILED_TOKEN_PER_IP, as a failed login code does), given back when it
 * succeeds; a spent budget answers 429 before any key is looked at.
 *
 * Quiet. Nothing of a ceremony (challenge, credential, signature, handle) is logged; a
 * failure answers `passkey_refused` without saying which check failed.
 */
import { generateAuthenticationOptions, verifyAuthenticationResponse, verifyRegistrationResponse } from '@simplewebauthn/server'
import type { AuthenticationResponseJSON, PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON, RegistrationResponseJSON } from '@simplewebauthn/server'
import type { Config } from '../../config.ts'
import type { DB } from '../../db/connect.ts'
import type { User } from '../../db/database.ts'
import type { AuditSink } from '../../lib/audit.ts'
import { secondsAfter, type Clock } from '../../lib/clock.ts'
import { appErrors, invalidToken, notFound } from '../../lib/errors.ts'
import { originOf } from '../../lib/network.ts'
import type { Bucket } from '../../lib/rate-limit.ts'
import { normalizeEmail } from '../../lib/email-address.ts'
import { loginCodeExpiresAt, type CodeRequest, type CodeTarget, type LoginCodeStore } from '../oauth/index.ts'
import type { SessionsService } from '../sessions/index.ts'
import { auditActor, type Actor, type Policy } from '../tenancy/index.ts'
import type { EmailService } from '../email/index.ts'
import { authenticatorKind } from './aaguids.ts'
import { challengeHash, challengeOf, clientOriginOf, creationOptions, noticeOf, passkeyView, type PasskeyView } from './ceremony.ts'
import type { PasskeyMode } from './passkey-policy.ts'
import { consumeChallenge, credentialById, credentialsOf, deleteCredential, insertChallenge, insertCredential, recordUse, renameCredential, userHandle, } from './passkeys.repository.ts'

/** How long a ceremony's options stay answerable. */
export const CHALLENGE_TTL_SECONDS = 300

export interface PasskeysDeps {
  db: DB
  config: Readonly<Config>
  clock: Clock
  policy: Policy
  audit: AuditSink
  codeKey: Buffer
  codes: LoginCodeStore
  /** When a session's person last proved who they are (the recent sign-in rule, as an account's deletion asks). */
  sessions: Pick<SessionsService, 'authTime'>
  /** The failure budget of an address (lib/rate-limit.ts). */
  failures: Bucket
  /** The sign-in options an address may ask for (each is a stored challenge). */
  starts: Bucket
  /** Checks an app's request as for a mailed code (oauth's passwordless service). */
  codeTarget: (input: Omit<CodeRequest, 'email'>) => Promise<CodeTarget>
  findUserById: (db: DB, userId: number) => Promise<User | undefined>
  /** The origins the brands' Android apps answer from (android:apk-key-hash:...), besides PUBLIC_URL's. */
  nativeOrigins: () => Promise<string[]>
  /** How the tenant a ceremony is under offers passkeys (passkey-policy.ts). */
  modeAt: (tenantId: number | null) => Promise<PasskeyMode>
  /** The person is told of a passkey added to or deleted from their account. */
  email: Pick<EmailService, 'send' | 'wake'>
}

export class PasskeysService {
  private readonly rpId: string
  private readonly origin: string

  constructor(private readonly deps: PasskeysDeps) {
    const url = new URL(deps.config.publicUrl)
    this.rpId = url.hostname
    this.origin = url.origin
  }

  private async origins(): Promise<string[]> {
    return [this.origin, ...(await this.deps.nativeOrigins())]
  }

  private async offered(tenantId: number | null): Promise<void> {
    if ((await this.deps.modeAt(tenantId)) === 'off') throw appErrors.passkeys_off()
  }

  private async signedIn(actor: Actor, recent: boolean): Promise<User> {
    this.deps.policy.authorizeAction(actor, 'account.update')
    const user = await this.deps.policy.user(actor)
    if (recent) {
      // the same rule as an account's deletion: a sign-in at most RECENT_SIGN_IN_SECONDS old, or how to sign in again
      const sessionId = actor.kind === 'user' ? actor.sessionId : null
      const authTime = sessionId ? await this.deps.sessions.authTime(sessionId) : null
      if (authTime === null) throw invalidToken('The session behind this token has ended.')
      const maxAge = this.deps.config.recentSignInSeconds
      if (this.deps.clock.now().getTime() - authTime.getTime() > maxAge * 1000) throw appErrors.insufficient_user_authentication(maxAge)
    }
    return user
  }

  /** Spends a token of the address's failure budget before a verification; the caller gives it back on success. */
  private async charge(ip: string): Promise<() => Promise<void>> {
    const taken = await this.deps.failures.take(originOf(ip).address)
    if (!taken.ok) throw appErrors.rate_limited(Math.max(1, taken.retryAfter))
    return taken.refund
  }

  async list(actor: Actor): Promise<PasskeyView[]> {
    const user = await this.signedIn(actor, false)
    return (await credentialsOf(this.deps.db, user.id)).map(passkeyView)
  }

  async registrationOptions(actor: Actor): Promise<PublicKeyCredentialCreationOptionsJSON> {
    const user = await this.signedIn(actor, true)
    await this.offered(user.tenant_id)
    const { db, clock } = this.deps
    const handle = await userHandle(db, user.id)
    const existing = await credentialsOf(db, user.id)
    const options = await creationOptions(this.rpId, user, handle, existing, CHALLENGE_TTL_SECONDS)
    await insertChallenge(db, {
      challengeHash: challengeHash(options.challenge),
      purpose: 'register',
      userId: user.id,
      tenantId: user.tenant_id,
      sessionId: actor.kind === 'user' ? actor.sessionId : null,
      codeTarget: null,
      expiresAt: secondsAfter(clock.now(), CHALLENGE_TTL_SECONDS),
    })
    return options
  }

  async register(actor: Actor, input: { response: RegistrationResponseJSON; name?: string }, ip: string): Promise<PasskeyView> {
    const user = await this.signedIn(actor, true)
    await this.offered(user.tenant_id)
    const { db, clock } = this.deps
    const refund = await this.charge(ip)
    const challenge = challengeOf(input.response.response.clientDataJSON)
    const now = clock.now()
    const row = challenge ? await consumeChallenge(db, challengeHash(challenge), 'register', now) : undefined
    const sessionId = actor.kind === 'user' ? actor.sessionId : null
    if (!challenge || !row || row.user_id !== user.id || row.session_id !== sessionId) throw appErrors.passkey_challenge_unknown()
    const verified = await verifyRegistrationResponse({
      response: input.response,
      expectedChallenge: challenge,
      expectedOrigin: await this.origins(),
      expectedRPID: this.rpId,
      requireUserVerification: true,
    }).catch(() => null)
    if (!verified?.verified) throw appErrors.passkey_refused()
    const { credential, aaguid } = verified.registrationInfo
    const kind = authenticatorKind(aaguid)
    const created = await db.transaction().execute(async (trx) => {
      const inserted = await insertCredential(trx, {
        userId: user.id,
        tenantId: user.tenant_id,
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey),
        counter: credential.counter,
        transports: credential.transports ?? [],
        aaguid,
        name: input.name ?? kind ?? 'Passkey',
        createdAt: now,
      })
      if (!inserted) return undefined
      await this.deps.audit.record(trx, { actor: auditActor(actor), tenantId: user.tenant_id, action: 'passkey.add', target: { type: 'passkey', id: inserted.id } })
      await this.deps.email.send(trx, noticeOf(user, 'passkeyAdded', inserted.name))
      return inserted
    })
    if (!created) throw appErrors.passkey_refused()
    this.deps.email.wake()
    await refund()
    return passkeyView(created)
  }

  async rename(actor: Actor, id: number, name: string): Promise<PasskeyView> {
    const user = await this.signedIn(actor, true)
    const row = await this.deps.db.transaction().execute(async (trx) => {
      const renamed = await renameCredential(trx, user.id, id, name)
      if (renamed) await this.deps.audit.record(trx, { actor: auditActor(actor), tenantId: user.tenant_id, action: 'passkey.rename', target: { type: 'passkey', id } })
      return renamed
    })
    if (!row) throw notFound('Passkey')
    return passkeyView(row)
  }

  async remove(actor: Actor, id: number): Promise<void> {
    const user = await this.signedIn(actor, true)
    const row = await this.deps.db.transaction().execute(async (trx) => {
      const deleted = await deleteCredential(trx, user.id, id)
      if (!deleted) return undefined
      await this.deps.audit.record(trx, { actor: auditActor(actor), tenantId: user.tenant_id, action: 'passkey.delete', target: { type: 'passkey', id } })
      await this.deps.email.send(trx, noticeOf(user, 'passkeyRemoved', deleted.name))
      return deleted
    })
    if (!row) throw notFound('Passkey')
    this.deps.email.wake()
  }

  /** Options to sign in under a tenant (null: the platform) for an app's request, checked as for a mailed code. */
  async signInOptions(tenantId: number | null, request: Omit<CodeRequest, 'email'>, ip: string): Promise<PublicKeyCredentialRequestOptionsJSON> {
    await this.offered(tenantId)
    await this.limitStarts(ip)
    return this.requestOptions(tenantId, await this.deps.codeTarget(request))
  }

  private async limitStarts(ip: string): Promise<void> {
    const taken = await this.deps.starts.take(originOf(ip).address)
    if (!taken.ok) throw appErrors.rate_limited(Math.max(1, taken.retryAfter))
  }

  private async requestOptions(tenantId: number | null, target: CodeTarget | { page: string }): Promise<PublicKeyCredentialRequestOptionsJSON> {
    const options = await generateAuthenticationOptions({ rpID: this.rpId, userVerification: 'required', timeout: CHALLENGE_TTL_SECONDS * 1000 })
    const expiresAt = secondsAfter(this.deps.clock.now(), CHALLENGE_TTL_SECONDS)
    await insertChallenge(this.deps.db, { challengeHash: challengeHash(options.challenge), purpose: 'signin', userId: null, tenantId, sessionId: null, codeTarget: target, expiresAt })
    return options
  }

  /**
   * Options for the hosted sign-in page: bound to the tenant and to the page's authorization
   * request (`bind`, its id), which the page checked and will finish itself.
   */
  async pageSignInOptions(tenantId: number | null, bind: string, ip: string): Promise<PublicKeyCredentialRequestOptionsJSON> {
    await this.offered(tenantId)
    await this.limitStarts(ip)
    return this.requestOptions(tenantId, { page: bind })
  }

  /** Verifies an assertion for the hosted page's request `bind`; returns the account it signs in. */
  async pageSignIn(tenantId: number | null, bind: string, response: AuthenticationResponseJSON, ip: string): Promise<User> {
    const { user } = await this.verifyAssertion(tenantId, response, ip, (target) => typeof target === 'object' && target !== null && 'page' in target && target.page === bind)
    return user
  }

  /** Verifies an assertion under `tenantId`; returns a login code for the request its options were made for. */
  async signIn(tenantId: number | null, response: AuthenticationResponseJSON, ip: string): Promise<string> {
    const { user, target, now } = await this.verifyAssertion(tenantId, response, ip, (t) => typeof t === 'object' && t !== null && 'clientId' in t)
    const code = target as CodeTarget // written by signInOptions from a checked CodeTarget
    const origin = originOf(ip)
    return this.deps.codes.insertUniqueCode(this.deps.db, this.deps.codeKey, loginCodeExpiresAt(now, this.deps.config), {
      client_id: code.clientId,
      redirect_uri: code.redirectUri,
      code_challenge: code.codeChallenge,
      code_challenge_method: code.codeChallengeMethod,
      scope: code.scope ?? null,
      nonce: code.nonce ?? null,
      email: normalizeEmail(user.email),
      tenant_id: tenantId,
      auth_time: now,
      requested_address: origin.address,
      requested_network: origin.network,
    })
  }

  /**
   * The ceremony's checks, in order: the failure budget, the challenge (consumed, for this
   * tenant and this kind of request), the credential (of this tenant's account), the
   * signature with origin, RP ID and user verification, and the counter, written over the
   * one verified against. The budget's token comes back once all passed.
   */
  private async verifyAssertion(tenantId: number | null, response: AuthenticationResponseJSON, ip: string, forThis: (target: unknown) => boolean): Promise<{ user: User; target: unknown; now: Date }> {
    const { db, clock } = this.deps
    await this.offered(tenantId)
    const refund = await this.charge(ip)
    const now = clock.now()
    const challenge = challengeOf(response.response.clientDataJSON)
    const row = challenge ? await consumeChallenge(db, challengeHash(challenge), 'signin', now) : undefined
    if (!challenge || !row || row.tenant_id !== tenantId || !forThis(row.code_target)) throw appErrors.passkey_challenge_unknown()
    const credential = await credentialById(db, response.id)
    // a credential of another tenant's account (or the platform's) signs nobody in here
    if (!credential || credential.tenant_id !== tenantId) throw appErrors.passkey_refused()
    if (response.response.userHandle !== undefined && credential.handle !== response.response.userHandle) throw appErrors.passkey_refused()
    const verified = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      // the registered apps' origins are read only for an answer that comes from elsewhere than the web
      expectedOrigin: clientOriginOf(response.response.clientDataJSON) === this.origin ? [this.origin] : await this.origins(),
      expectedRPID: this.rpId,
      credential: { id: credential.credential_id, publicKey: new Uint8Array(credential.public_key), counter: Number(credential.counter), transports: credential.transports },
      requireUserVerification: true,
    }).catch(() => null)
    if (!verified?.verified) throw appErrors.passkey_refused()
    const user = await this.deps.findUserById(db, credential.user_id)
    if (!user || user.tenant_id !== tenantId) throw appErrors.passkey_refused()
    if (!(await recordUse(db, credential.id, credential.counter, verified.authenticationInfo.newCounter, now))) throw appErrors.passkey_refused()
    await refund()
    return { user, target: row.code_target, now }
  }
}
