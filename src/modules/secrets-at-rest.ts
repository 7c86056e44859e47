/**
 * Brings every stored secret under the current SECRETS_KEY: plaintext rows from before
 * encryption are sealed, rows sealed under SECRETS_KEY_PREVIOUS are re-sealed. Runs at
 * every start (cheap when nothing is left to do) and as `trellis secrets rewrap`.
 */
import type { DB } from '../db/connect.ts'
import { rewrapAppSecrets } from '../db/app-secrets.ts'
import type { SecretBox } from '../lib/secret-box.ts'
import { rewrapOutboxSecrets } from './email/outbox.repository.ts'
import { rewrapSigningKeys } from './oauth/signing-keys.repository.ts'

export interface RewrapResult {
  signingKeys: number
  appSecrets: number
  outbox: number
}

export async function sealSecretsAtRest(db: DB, box: SecretBox): Promise<RewrapResult> {
  return {
    signingKeys: await rewrapSigningKeys(db, box),
    appSecrets: await rewrapAppSecrets(db, box),
    outbox: await rewrapOutboxSecrets(db, box),
  }
}
