/**
 * Brings every stored secret under the current SECRETS_KEY: plaintext rows from before
 * encryption are sealed, rows sealed under SECRETS_KEY_PREVIOUS are re-sealed. Runs at
 * every start (cheap when nothing is left to do) and as `trellis secrets rewrap`.
 */
import type { DB } from '../db/connect.ts'
import { rewrapAppSecrets } from '../db/app-secrets.ts'
import type { SecretBox } from '../lib/secret-box.ts'
import { summarize, type AuditSink } from '../lib/audit.ts'
import { auditActor, type Actor } from './tenancy/index.ts'
import { rewrapOutboxSecrets } from './email/outbox.repository.ts'
import { rewrapSigningKeys } from './oauth/signing-keys.repository.ts'
import { rewrapWebhookSecrets } from './webhooks/endpoints.repository.ts'
import { rewrapConnectionSecrets } from './connections/connections.repository.ts'

export interface RewrapResult {
  signingKeys: number
  appSecrets: number
  outbox: number
  /** Webhook endpoints' signing secrets (current and rotated-out). */
  webhooks: number
  /** Upstream connections' client secrets and Apple keys. */
  connections: number
}

export async function sealSecretsAtRest(db: DB, box: SecretBox): Promise<RewrapResult> {
  return {
    signingKeys: await rewrapSigningKeys(db, box),
    appSecrets: await rewrapAppSecrets(db, box),
    outbox: await rewrapOutboxSecrets(db, box),
    webhooks: await rewrapWebhookSecrets(db, box),
    connections: await rewrapConnectionSecrets(db, box),
  }
}

/**
 * `trellis secrets rewrap`: the same, recorded in the audit log like every admin change. One
 * transaction: every secret re-sealed and the entry, or nothing (a failure leaves the old seals).
 */
export async function rewrapSecrets(db: DB, box: SecretBox, audit: AuditSink, actor: Actor): Promise<RewrapResult> {
  return db.transaction().execute(async (trx) => {
    const result = await sealSecretsAtRest(trx, box)
    const summary = summarize({ ...result }, ['signingKeys', 'appSecrets', 'outbox', 'webhooks', 'connections'])
    await audit.record(trx, { actor: auditActor(actor), tenantId: null, action: 'secrets.rewrap', target: { type: 'secrets', id: null }, summary })
    return result
  })
}
