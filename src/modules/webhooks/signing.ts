/**
 * Standard Webhooks signing (https://www.standardwebhooks.com): a secret is `whsec_` and the
 * base64 of 24 random bytes; a message is signed as HMAC-SHA256 over
 * `${webhook-id}.${webhook-timestamp}.${body}` with the decoded key, and the
 * `webhook-signature` header lists `v1,<base64>` once per live secret, space-separated (a
 * rotation's overlap signs with both, so a receiver with either verifies).
 */
import { createHmac, randomBytes } from 'node:crypto'

const PREFIX = 'whsec_'

export function newSecret(): string {
  return `${PREFIX}${randomBytes(24).toString('base64')}`
}

function keyOf(secret: string): Buffer {
  return Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, 'base64')
}

export function signature(secret: string, id: string, timestamp: number, body: string): string {
  return `v1,${createHmac('sha256', keyOf(secret)).update(`${id}.${timestamp}.${body}`).digest('base64')}`
}

/** The three headers of a message signed with every secret given (the current one first). */
export function signedHeaders(secrets: readonly string[], id: string, timestamp: number, body: string): Record<string, string> {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': secrets.map((secret) => signature(secret, id, timestamp, body)).join(' '),
  }
}
