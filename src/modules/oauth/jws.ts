/**
 * ES256 and RS256 compact signing with WebCrypto and a CryptoKey imported once per key (KeyStore).
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

/** A private key (P-256 or RSA), imported for WebCrypto to sign with. */
export type SignKey = webcrypto.CryptoKey

/**
 * The JWS algorithms keys are kept for: ES256 signs access tokens (and ID tokens of clients
 * that ask for it), RS256 signs ID tokens by default (OpenID Connect Discovery 3 requires it).
 */
export const SIGNING_ALGS = ['ES256', 'RS256'] as const
export type SigningAlg = (typeof SIGNING_ALGS)[number]

export const isSigningAlg = (value: unknown): value is SigningAlg => value === 'ES256' || value === 'RS256'

const WEBCRYPTO: Record<SigningAlg, { sign: webcrypto.AlgorithmIdentifier | webcrypto.EcdsaParams; imported: webcrypto.EcKeyImportParams | webcrypto.RsaHashedImportParams }> = {
  ES256: { sign: { name: 'ECDSA', hash: 'SHA-256' }, imported: { name: 'ECDSA', namedCurve: 'P-256' } },
  RS256: { sign: { name: 'RSASSA-PKCS1-v1_5' }, imported: { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' } },
}
const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')

/** A JWS in compact form over `payload` (RFC 7515; RFC 7518 3.3 RS256, 3.4 ES256). */
export async function signJws(payload: JWTPayload, header: { alg: SigningAlg; kid: string; typ: string }, key: SignKey): Promise<string> {
  const input = `${b64({ alg: header.alg, kid: header.kid, typ: header.typ })}.${b64(payload)}`
  // WebCrypto's ECDSA signature is already r || s (IEEE P1363), the form JWS requires, not DER
  const signature = await webcrypto.subtle.sign(WEBCRYPTO[header.alg].sign, key, Buffer.from(input))
  return `${input}.${Buffer.from(signature).toString('base64url')}`
}

/** The private key as WebCrypto signs with it: not extractable, sign only. */
export function importSignKey(jwk: webcrypto.JsonWebKey, alg: SigningAlg): Promise<SignKey> {
  return webcrypto.subtle.importKey('jwk', jwk, WEBCRYPTO[alg].imported, false, ['sign'])
}
