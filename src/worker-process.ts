/** `trellis worker`: the outbox worker alone, without the HTTP server. */
import pino from 'pino'
import type { Config } from './config.ts'
import { connectDatabase, dataDirTighteningOf, tighteningMessage } from './db/connect.ts'
import { migrateToLatest, requireMigrated } from './db/migrate.ts'
import { openSecretBox } from './db/secrets-key.ts'
import { appSecret } from './db/app-secrets.ts'
import { registerMailDecisions } from './modules/mail-decisions.ts'
import { EmailService } from './modules/email/email.service.ts'
import { logOptions } from './lib/log-redaction.ts'
import { systemClock } from './lib/clock.ts'
import { linkRulesOf } from './modules/tenancy/index.ts'
import { clientReads } from './modules/oauth/index.ts'
import { tenantStatements } from './modules/tenancy/module.ts'

export async function runWorkerProcess(config: Readonly<Config>): Promise<void> {
  if (!config.smtpUrl) throw new Error('SMTP_URL must be set for the worker to send mail')
  const log = pino(logOptions({ level: config.logLevel }))
  const db = await connectDatabase(config.database)
  const tightening = dataDirTighteningOf(db)
  if (tightening) log.warn({ dataDir: tightening.dataDir, entries: tightening.entries }, tighteningMessage(tightening))
  if (config.migrateOnStart) await migrateToLatest(db)
  else await requireMigrated(db)
  const box = openSecretBox(config)
  const email = new EmailService(db, config, log, box, systemClock, linkRulesOf(config, clientReads.tenantRedirectUris), tenantStatements)
  registerMailDecisions(email, { db, config, log, codeKey: await appSecret(db, 'login_code_hmac', box), clock: email.clock })
  email.start()
  log.info('outbox worker started')
  await new Promise<void>((resolve) => {
    process.once('SIGTERM', resolve)
    process.once('SIGINT', resolve)
  })
  log.info('outbox worker stopping')
  await email.close()
  await db.destroy()
}
