/** A ceremony's small parts: the challenge's stored form, the challenge a response answers, a passkey as the API shows it. */
import { createHash } from 'node:crypto'
import { authenticatorKind } from './aaguids.ts'
import type { CredentialRow } from './passkeys.repository.ts'

export interface PasskeyView {
  id: number
  name: string
  /** The authenticator's kind, from its AAGUID where known; null otherwise. */
  kind: string | null
  createdAt: string
  lastUsedAt: string | null
}

export function challengeHash(challenge: string): string {
  return createHash('sha256').update(challenge).digest('base64url')
}

/** The challenge a response answers, read from its client data (verified again by the library). */
export function challengeOf(clientDataJSON: string): string | null {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'))
    if (parsed && typeof parsed === 'object' && 'challenge' in parsed && typeof parsed.challenge === 'string') return parsed.challenge
  } catch {
    // not JSON: no challenge
  }
  return null
}

export function passkeyView(row: CredentialRow): PasskeyView {
  return { id: row.id, name: row.name, kind: authenticatorKind(row.aaguid), createdAt: row.created_at.toISOString(), lastUsedAt: row.last_used_at?.toISOString() ?? null }
}

