/**
 * The hosted sign-in and account pages as one Fastify plugin: cookies, CSRF and errors as
 * pages (page-plugin.ts), the stylesheet, and every page route with and without the
 * `/tenants/{tenantId}` prefix (the prefix brands the page). The console is a plugin of its
 * own (modules/console), built on the same kit.
 */
import { readFileSync } from 'node:fs'
import type { FastifyInstance } from 'fastify'
import { registerScoped } from '../../lib/scope.ts'
import { accountRoutes } from './account.routes.ts'
import { leaveRoutes } from './leave.routes.ts'
import { authorizeRoutes } from './authorize.routes.ts'
import { devRoutes } from './dev.routes.ts'
import { deviceRoutes } from './device.routes.ts'
import type { DeviceService } from '../oauth/index.ts'
import { invitationRoutes } from './invitation.routes.ts'
import { senderVerificationRoutes } from './sender-verification.routes.ts'
import { PageKit, type PageTenants } from './kit.ts'
import type { AuthorizeService } from './authorize.service.ts'
import type { EndSessionDeps } from './end-session.ts'
import type { InvitationSignIn } from './invitation-signin.ts'
import type { PageSessions } from './page-sessions.ts'
import type { SenderVerification } from '../email/index.ts'
import type { InvitationsService } from '../tenancy/index.ts'
import type { AccountsService } from '../users/index.ts'
import type { AccountDeletion, AccountExport } from '../privacy/index.ts'
import { servePages } from './page-plugin.ts'
import { passkeyPageRoutes, passkeyScript, type PasskeyPagesDeps } from './passkey-pages.ts'
import type { UpstreamSignIn } from '../connections/index.ts'
import { upstreamCallbackRoutes, upstreamPageRoutes } from './upstream-pages.ts'

const CSS = readFileSync(new URL('./pages.css', import.meta.url), 'utf8')
const ICON = readFileSync(new URL('./assets/favicon.svg', import.meta.url), 'utf8')

export interface PagesRoutesDeps {
  csrfKey: Buffer
  sessions: PageSessions
  authorize: AuthorizeService
  /** Signing in to accept an invitation. */
  invitationSignIn: InvitationSignIn
  tenants: PageTenants
  accounts: AccountsService
  invitations: InvitationsService
  senderVerification: SenderVerification
  /** What RP-initiated logout checks a hint with and ends a session by. */
  oidc: EndSessionDeps
  /** Leaving: the account's deletion and a copy of one's data (modules/privacy). */
  privacy: { deletion: AccountDeletion; exporter: AccountExport }
  /** The sign-in page's passkey button and autofill, and the account page's passkeys. */
  passkeys: PasskeyPagesDeps
  /** The device authorization grant's user codes (modules/oauth). */
  device: DeviceService
  /** The sign-in page's provider buttons, their round trip and the account page's linked providers (modules/connections). */
  upstream?: UpstreamSignIn
}

export async function pagesRoutes(app: FastifyInstance, deps: PagesRoutesDeps): Promise<void> {
  const { sessions, authorize, oidc } = deps
  const kit = new PageKit(app, deps.csrfKey, sessions, deps.tenants)
  await servePages(app, kit)

  app.get('/pages/pages.css', { schema: { tags: ['pages'], summary: "The hosted pages' stylesheet" } }, async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=3600').send(CSS),
  )

  // the platform's icon, which a page without a brand's logo names (and browsers ask /favicon.ico for)
  for (const path of ['/pages/favicon.svg', '/favicon.ico']) {
    app.get(path, { schema: { tags: ['pages'], summary: "The platform's icon (SVG)" } }, async (_request, reply) =>
      reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(ICON),
    )
  }

  passkeyScript(app)

  if (app.config.env !== 'production') devRoutes(app, kit)

  // registerScoped checks the prefix's tenant id and reads it as a number, as on every other scoped route
  registerScoped(app, (scoped) => {
    authorizeRoutes(scoped, kit, authorize, deps.passkeys.modes, deps.upstream)
    accountRoutes(scoped, kit, { accounts: deps.accounts, sessions, authorize, oidc, passkeys: deps.passkeys.passkeys, modes: deps.passkeys.modes })
    leaveRoutes(scoped, kit, { sessions, ...deps.privacy })
    invitationRoutes(scoped, kit, sessions, deps.invitationSignIn, deps.invitations)
    passkeyPageRoutes(scoped, kit, deps.passkeys)
    deviceRoutes(scoped, kit, { device: deps.device, sessions, authorize, modes: deps.passkeys.modes, upstream: deps.upstream })
    if (deps.upstream) upstreamPageRoutes(scoped, kit, { ...deps.passkeys, upstream: deps.upstream })
  })
  // the one redirect URI every provider sends people back to (no tenant prefix: one URI to register)
  if (deps.upstream) upstreamCallbackRoutes(app, kit, { ...deps.passkeys, upstream: deps.upstream })
  // the link of a sender confirmation email: a platform address, never under a tenant's prefix
  senderVerificationRoutes(app, kit, deps.senderVerification)
}
