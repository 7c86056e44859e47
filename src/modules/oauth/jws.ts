/**
 * ES256 compact signing with WebCrypto and a CryptoKey imported once per key (KeyStore).
 * Not jose's SignJWT: it builds and checks more than a token this service composes itself
 * needs. Not node:crypto's synchronous sign(): WebCrypto signs on libuv's thread pool with
 * the key it holds, so the event loop, which bounds a Node process's rate, spends less on a
 * token. Measured on 2 cores with Node 24: in isolation WebCrypto takes ~31 us of the event
 * loop per signature (and ~90 us on the pool), sync sign() ~56 us, all of it on the loop
 * (~29 us on Node 20); in the server, client_credentials ran twice as fast with WebCrypto,
 * and an exchange, where the database shares the cores, ran as fast either way (within the
 * machine's noise). Verification stays with jose (KeyStore.verify): it is the side that
 * must reject every malformed or hostile token, and a verified token is cached, so its
 * cost is paid once.
 */
import { webcrypto } from 'node:crypto'
import type { JWTPayload } from 'jose'

/** A private P-256 key, imported for WebCrypto to sign with. */
export type SignKey = webcrypto.CryptoKey

const ECDSA_SHA256 = { name: 'ECDSA', hash: 'SHA-256' }
const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')

/** A JWS in compact form over `payload`, signed with an EC P-256 private key (RFC 7515, RFC 7518 3.4). */
export async function signEs256(payload: JWTPayload, header: { kid: string; typ: string }, key: SignKey): Promise<string> {
  const input = `${b64({ alg: 'ES256', kid: header.kid, typ: header.typ })}.${b64(payload)}`
  // WebCrypto's ECDSA signature is already r || s (IEEE P1363), the form JWS requires, not DER
  const signature = await webcrypto.subtle.sign(ECDSA_SHA256, key, Buffer.from(input))
  return `${input}.${Buffer.from(signature).toString('base64url')}`
}

/** The private P-256 key as WebCrypto signs with it: not extractable, sign only. */
export function importSignKey(jwk: webcrypto.JsonWebKey): Promise<SignKey> {
  return webcrypto.subtle.importKey('jwk', jwk, { name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign'])
}
