/** Helpers for the abuse tests: a login from a given address, the way an app does it. */
import type { FastifyInstance } from 'fastify'
import { expect } from 'vitest'
import type { DB } from '../src/db/connect.ts'
import { exchange, latestCode, requestCode } from './login-helpers.ts'

export interface App {
  clientId: string
  redirectUri: string
  secret?: string | null
}

/** The one PKCE pair every user of the existing mobile app shares: the worst case for guessing. */
export const SHARED_PAIR = {
  verifier: 'shared-verifier-of-the-mobile-app-0123456789abcdef',
  challenge: '9KdyebAywcVQErJiZfrOAV9x-RUMZZrfWIfNwzuxfes',
}

export async function askCode(app: FastifyInstance, db: DB, client: App, email: string, ip: string, challenge: string): Promise<string> {
  const res = await requestCode(app, { email, clientId: client.clientId, redirectUri: client.redirectUri, challenge, ip })
  expect(res.statusCode).toBe(200)
  return latestCode({ app, db }, email)
}

export function redeem(app: FastifyInstance, client: App, code: string, verifier: string, ip: string) {
  return exchange(app, { grant_type: 'authorization_code', code, code_verifier: verifier, client_id: client.clientId, redirect_uri: client.redirectUri }, {}, ip)
}

export function refresh(app: FastifyInstance, client: App, refreshToken: string, ip: string) {
  return exchange(app, { grant_type: 'refresh_token', refresh_token: refreshToken, client_id: client.clientId }, {}, ip)
}

export function me(app: FastifyInstance, accessToken: string) {
  return app.inject({ method: 'GET', url: '/users/current', headers: { authorization: `Bearer ${accessToken}` } })
}

/** Runs `count` calls of `fn`, at most `width` at a time (bounded load). */
export async function inBatches<T>(count: number, width: number, fn: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = []
  for (let start = 0; start < count; start += width) {
    const batch = Array.from({ length: Math.min(width, count - start) }, (_, k) => fn(start + k))
    out.push(...(await Promise.all(batch)))
  }
  return out
}
