/** The connections module, built from its declared dependencies (modules/index.ts composes the factories). */
import type { FastifyPluginAsync } from 'fastify'
import type { Config } from '../../config.ts'
import type { DB } from '../../db/connect.ts'
import type { User } from '../../db/database.ts'
import type { Executor } from '../../db/executor.ts'
import type { AuditSink } from '../../lib/audit.ts'
import type { Clock } from '../../lib/clock.ts'
import type { EventSink } from '../../lib/events.ts'
import type { Log } from '../../lib/log.ts'
import type { SecretBox } from '../../lib/secret-box.ts'
import type { Limits } from '../../lib/rate-limit.ts'
import { TOKEN_EXCHANGE_GRANT, type ClientsService, type OAuthService } from '../oauth/index.ts'
import type { Policy } from '../tenancy/index.ts'
import type { AccountStore } from '../users/index.ts'
import { systemResolver, type Resolver } from '../webhooks/index.ts'
import { purgeNonces, purgeSignIns } from './connections.repository.ts'
import { tokenExchangeGrant } from './exchange.ts'
import { nonceRoutes } from './nonce.routes.ts'
import { connectionRoutes } from './connections.routes.ts'
import { ConnectionsService } from './connections.service.ts'
import { UpstreamSignIn } from './signin.service.ts'
import { UpstreamClient } from './upstream.ts'

export interface ConnectionsDeps {
  db: DB
  config: Readonly<Config>
  clock: Clock
  log: Log
  /** Seals client secrets, Apple's keys and the PKCE verifiers in flight. */
  secretBox: SecretBox
  policy: Policy
  audit: AuditSink
  /** Finds and signs up accounts (the users module's store). */
  accounts: AccountStore
  findUserById: (db: Executor, id: number) => Promise<User | undefined>
  /** user.created for an account a first upstream sign-in makes (modules/webhooks). */
  events?: EventSink
  /** How provider host names resolve (dns.lookup unless given). */
  resolve?: Resolver
  limits: Limits
  /** The token endpoint, which runs the token exchange this module registers (RFC 8693). */
  oauth: Pick<OAuthService, 'registerGrant'>
  /** Whether a client id exists (a nonce is handed only to one). */
  clients: Pick<ClientsService, 'find'>
}

export interface ConnectionsModule {
  connections: ConnectionsService
  /** The upstream round trip and linking, for the hosted pages. */
  signIn: UpstreamSignIn
  routes: FastifyPluginAsync
  /** Housekeeping: round trips and nonces a day past their expiry. */
  sweep(at: Date): Promise<void>
}

export function createConnectionsModule(deps: ConnectionsDeps): ConnectionsModule {
  const { db, clock } = deps
  const upstream = new UpstreamClient(clock, { allowPrivate: deps.config.upstreamAllowPrivateIssuers, resolve: deps.resolve ?? systemResolver })
  const connections = new ConnectionsService(db, deps.config, deps.policy, deps.audit, deps.secretBox, clock, upstream)
  const signInDeps = { db, clock, log: deps.log, box: deps.secretBox, connections, upstream, accounts: deps.accounts, findUserById: deps.findUserById, audit: deps.audit, events: deps.events }
  const signIn = new UpstreamSignIn(signInDeps)
  deps.oauth.registerGrant(TOKEN_EXCHANGE_GRANT, tokenExchangeGrant(signInDeps, signIn))
  // each nonce is a row: as many per address as it may start hosted sign-ins (ten times the mail budget)
  const mail = deps.config.rateLimits.mailPerIp
  const bucket = deps.limits.bucket('upstream-nonce', { burst: mail.burst * 10, periodSeconds: mail.periodSeconds })
  const clientExists = async (id: string) => (await deps.clients.find(id)) !== undefined
  return {
    connections,
    signIn,
    routes: async (app) => {
      await app.register(connectionRoutes, { connections })
      await app.register(nonceRoutes, { deps: { db, clock }, bucket, clientExists })
    },
    sweep: async (at) => {
      await purgeSignIns(db, at)
      await purgeNonces(db, at)
    },
  }
}
