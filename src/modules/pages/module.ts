/** The pages module, built from its declared dependencies (modules/index.ts composes the factories). */
import type { FastifyPluginAsync } from 'fastify'
import type { Config } from '../../config.ts'
import { appSecret } from '../../db/app-secrets.ts'
import type { DB } from '../../db/connect.ts'
import type { Clock } from '../../lib/clock.ts'
import type { EventSink } from '../../lib/events.ts'
import type { Limits } from '../../lib/rate-limit.ts'
import type { SecretBox } from '../../lib/secret-box.ts'
import type { SenderVerification } from '../email/index.ts'
import type { ClientsService, DeviceService, KeyStore, PasswordlessService } from '../oauth/index.ts'
import type { UpstreamSignIn } from '../connections/index.ts'
import type { PasskeyPolicyService, PasskeysService } from '../passkeys/index.ts'
import type { InvitationsService } from '../tenancy/index.ts'
import type { AccountsService } from '../users/index.ts'
import { AuthorizeService } from './authorize.service.ts'
import type { EndSessionDeps } from './end-session.ts'
import { InvitationSignIn } from './invitation-signin.ts'
import type { PageTenants } from './kit.ts'
import { PageSessions } from './page-sessions.ts'
import { pagesRoutes, type PagesRoutesDeps } from './pages.routes.ts'
import type { PageStores } from './stores.ts'
import { purgeExpiredAuthorizations } from './authorization-requests.repository.ts'

export interface PagesDeps {
  db: DB
  config: Readonly<Config>
  clock: Clock
  limits: Limits
  secretBox: SecretBox
  keys: KeyStore
  /** The key login codes are hashed with (db/app-secrets.ts). */
  codeKey: Buffer
  clients: ClientsService
  passwordless: PasswordlessService
  tenants: PageTenants
  accounts: AccountsService
  invitations: InvitationsService
  senderVerification: SenderVerification
  /** Ends the app session an ID token names (RP-initiated logout). */
  sessions: EndSessionDeps['sessions']
  /** Leaving: the account's deletion and a copy of one's data (the privacy module, below this one). */
  privacy: PagesRoutesDeps['privacy']
  /** Login codes, accounts and sessions, from their owners' factories. */
  stores: PageStores
  /** Signing in with a passkey and adding one (the passkeys module). */
  passkeys: PasskeysService
  /** How the tenant a page is under offers passkeys. */
  passkeyModes: Pick<PasskeyPolicyService, 'modeAt' | 'suggestTo'>
  /** The device authorization grant's user codes, asked and decided on the device page (modules/oauth). */
  device: DeviceService
  /** user.created for an account a hosted sign-in makes (modules/webhooks). */
  events?: EventSink
  /** Signing in through a brand's upstream providers, and linking them (modules/connections). */
  upstream?: UpstreamSignIn
}

export interface PagesModule {
  authorize: AuthorizeService
  sessions: PageSessions
  invitations: InvitationSignIn
  /** The key of the pages' CSRF tokens (the console's too). */
  csrfKey: Buffer
  /** The hosted sign-in and account pages. */
  routes: FastifyPluginAsync
  /** Housekeeping: sign-in requests long expired. */
  sweep(at: Date): Promise<void>
}

export async function createPagesModule(deps: PagesDeps): Promise<PagesModule> {
  const { db, config, clock, limits } = deps
  const sessions = new PageSessions(db, clock, deps.stores)
  const link = deps.upstream ? deps.upstream.completeLink.bind(deps.upstream) : undefined
  const authorize = new AuthorizeService(db, config, deps.clients, deps.passwordless, limits, deps.codeKey, sessions, clock, deps.stores, deps.events, link)
  const invitations = new InvitationSignIn(db, config, authorize, limits, clock, deps.stores.accounts, deps.stores.tenants)
  const csrfKey = await appSecret(db, 'pages_csrf_hmac', deps.secretBox)
  const oidc = { sessions: deps.sessions, keys: deps.keys, clients: deps.clients, config, clock }
  return {
    authorize,
    sessions,
    invitations,
    csrfKey,
    routes: async (app) => {
      const { tenants, accounts, senderVerification } = deps
      const passkeys = { db, config, clock, codeKey: deps.codeKey, stores: deps.stores, sessions, authorize, passkeys: deps.passkeys, modes: deps.passkeyModes }
      await app.register(pagesRoutes, { csrfKey, sessions, authorize, invitationSignIn: invitations, tenants, accounts, invitations: deps.invitations, senderVerification, oidc, privacy: deps.privacy, passkeys, device: deps.device, upstream: deps.upstream })
    },
    sweep: (at) => purgeExpiredAuthorizations(db, at),
  }
}
