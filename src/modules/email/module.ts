/** The email module, built from its declared dependencies (modules/index.ts composes the factories). */
import type { FastifyPluginAsync } from 'fastify'
import type { Config } from '../../config.ts'
import type { DB } from '../../db/connect.ts'
import type { AuditSink } from '../../lib/audit.ts'
import type { Clock } from '../../lib/clock.ts'
import type { Log } from '../../lib/log.ts'
import type { SecretBox } from '../../lib/secret-box.ts'
import type { LinkRules, Policy, TenantStore } from '../tenancy/index.ts'
import { emailRoutes } from './email.routes.ts'
import { EmailService } from './email.service.ts'
import { mailboxRoutes } from './mailbox.routes.ts'
import { OutboxService } from './outbox.service.ts'
import { outboxStats, purgeSentMail } from './outbox.repository.ts'
import { senderVerificationRoutes } from './sender-verification.routes.ts'
import { SenderVerification } from './sender-verification.service.ts'
import { TenantEmailsService } from './tenant-emails.ts'

export interface EmailDeps {
  db: DB
  config: Readonly<Config>
  log: Log
  clock: Clock
  /** Seals the codes and tokens mail carries while it waits in the outbox. */
  secretBox: SecretBox
  linkRules: LinkRules
  policy: Policy
  audit: AuditSink
  /** Tenants, memberships and a list's tenant filter (tenancy's store, built with the access rules). */
  tenantStore: TenantStore
}

export interface EmailModule {
  email: EmailService
  senderVerification: SenderVerification
  outbox: OutboxService
  tenantEmails: TenantEmailsService
  /** Tenants' email texts and previews. */
  routes: FastifyPluginAsync
  /** Confirming a tenant's sender address: registered after the dialects (the order of the API document). */
  senderRoutes: FastifyPluginAsync
  /** The dev mailbox, when mail stays in the outbox (no SMTP_URL, not production); registered last. */
  mailboxRoutes: FastifyPluginAsync | null
  /** The outbox's figures at `now` (the console's platform page, which asks the platform policy first). */
  outboxStats(now: Date): ReturnType<typeof outboxStats>
  /** Housekeeping: sent mail past its keeping time. */
  sweep(at: Date): Promise<void>
}

export function createEmailModule(deps: EmailDeps): EmailModule {
  const { db, config, clock, policy } = deps
  const email = new EmailService(db, config, deps.log, deps.secretBox, clock, deps.linkRules, deps.tenantStore)
  const senderVerification = new SenderVerification(db, config, email, clock)
  const tenantEmails = new TenantEmailsService(db, email, policy, config.publicUrl, deps.tenantStore)
  return {
    email,
    senderVerification,
    outbox: new OutboxService(db, policy, deps.audit, clock),
    tenantEmails,
    routes: async (app) => {
      await app.register(emailRoutes, { tenantEmails })
    },
    senderRoutes: async (app) => {
      await app.register(senderVerificationRoutes, { senderVerification })
    },
    mailboxRoutes: email.mailboxEnabled
      ? async (app) => {
          await app.register(mailboxRoutes, { email })
        }
      : null,
    outboxStats: (now) => outboxStats(db, now),
    sweep: (at) => purgeSentMail(db, at),
  }
}
