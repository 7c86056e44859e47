/** A ceremony's small parts: the challenge's stored form, the challenge a response answers, a passkey as the API shows it. */
import { createHash } from 'node:crypto'
import { generateRegistrationOptions, type PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/server'
import type { User } from '../../db/database.ts'
import type { SendEmailInput } from '../email/index.ts'
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
  return clientDataOf(clientDataJSON).challenge
}

/** The origin the client says it ran at (checked against the expected ones by the verification). */
export function clientOriginOf(clientDataJSON: string): string | null {
  return clientDataOf(clientDataJSON).origin
}

function clientDataOf(clientDataJSON: string): { challenge: string | null; origin: string | null } {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'))
    if (parsed && typeof parsed === 'object') {
      return {
        challenge: 'challenge' in parsed && typeof parsed.challenge === 'string' ? parsed.challenge : null,
        origin: 'origin' in parsed && typeof parsed.origin === 'string' ? parsed.origin : null,
      }
    }
  } catch {
    // not JSON: neither
  }
  return { challenge: null, origin: null }
}

/**
 * Options to create a passkey: discoverable (resident), user verification required, attestation
 * `none`; the user handle is the account's opaque handle, never its address or id; the
 * account's passkeys are excluded (an authenticator holds one per account).
 */
export function creationOptions(rpId: string, user: User, handle: string, existing: readonly CredentialRow[], ttlSeconds: number): Promise<PublicKeyCredentialCreationOptionsJSON> {
  return generateRegistrationOptions({
    rpName: rpId,
    rpID: rpId,
    userName: user.email,
    userID: new Uint8Array(Buffer.from(handle, 'base64url')),
    userDisplayName: user.display_name ?? user.email,
    timeout: ttlSeconds * 1000,
    attestationType: 'none',
    excludeCredentials: existing.map((c) => ({ id: c.credential_id, transports: c.transports })),
    authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'required' },
  })
}

export function passkeyView(row: CredentialRow): PasskeyView {
  return { id: row.id, name: row.name, kind: authenticatorKind(row.aaguid), createdAt: row.created_at.toISOString(), lastUsedAt: row.last_used_at?.toISOString() ?? null }
}


/**
 * The notice of a passkey added to or deleted from an account, to its address, in the
 * account's language and its tenant's look; the texts are fixed (the person must recognise it).
 */
export function noticeOf(user: User, type: 'passkeyAdded' | 'passkeyRemoved', name: string): SendEmailInput {
  return { type, to: { email: user.email, displayName: user.display_name }, tenantId: user.tenant_id, customTexts: false, data: { passkeyName: name }, locale: user.locale }
}
