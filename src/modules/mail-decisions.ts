/**
 * Every mail job's decision (email/mail-jobs.service.ts), registered on an email service: the
 * server's, and the standalone worker's (`trellis worker`), which claims the same jobs.
 */
import type { Config } from '../config.ts'
import type { DB } from '../db/connect.ts'
import type { Log } from '../lib/log.ts'
import type { Clock } from '../lib/clock.ts'
import type { EmailService } from './email/email.service.ts'
import { registerLoginCodeJob } from './oauth/login-code-job.repository.ts'
import { registerAccountJobs } from './users/account-jobs.repository.ts'
import { tenantStatements } from './tenancy/module.ts'
import { accountStatements } from './users/module.ts'

export function registerMailDecisions(email: EmailService, deps: { db: DB; config: Readonly<Config>; log: Log; codeKey: Buffer; clock: Clock }): void {
  const tenants = tenantStatements
  registerLoginCodeJob(email, { ...deps, accounts: accountStatements(tenants), tenants })
  registerAccountJobs(email, { ...deps, tenants })
}
