/**
 * ES256 compact signing with node:crypto and a KeyObject imported once per key. jose's
 * SignJWT goes through WebCrypto, which is asynchronous and about 2.5 times slower per
 * token here; signing is on the hot path of every token response, so it is done directly.
 * Verification stays with jose (KeyStore.verify): it is the side that must reject every
 * malformed or hostile token, and a verified token is cached, so its cost is paid once.
 */
import { sign as ecdsaSign, type KeyObject } from 'node:crypto'
import type { JWTPayload } from 'jose'

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')

/** A JWS in compact form over `payload`, signed with an EC P-256 private key (RFC 7515, RFC 7518 3.4). */
export function signEs256(payload: JWTPayload, header: { kid: string; typ: string }, key: KeyObject): string {
  const input = `${b64({ alg: 'ES256', kid: header.kid, typ: header.typ })}.${b64(payload)}`
  // ieee-p1363: the raw r || s form JWS requires, not DER
  const signature = ecdsaSign('sha256', Buffer.from(input), { key, dsaEncoding: 'ieee-p1363' })
  return `${input}.${signature.toString('base64url')}`
}
