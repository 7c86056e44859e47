/**
 * The whole login flow driven by oauth4webapi, a certified OAuth client, over real HTTP:
 * metadata and JWKS are discovered, the code is read from what the SMTP sink received.
 */
import { OPERATOR } from '../src/modules/tenancy/actor.ts'
import { createRemoteJWKSet, jwtVerify } from 'jose'
import * as oauth from 'oauth4webapi'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../src/app.ts'
import { connectDatabase } from '../src/db/connect.ts'
import type { FastifyInstance } from 'fastify'
import { createTestDatabase, freePort, testConfig, type TestDatabase } from './helpers.ts'
import { SmtpSink } from './smtp-sink.ts'

let app: FastifyInstance
let database: TestDatabase
let sink: SmtpSink
let issuer: URL

beforeAll(async () => {
  sink = await new SmtpSink().start()
  database = await createTestDatabase()
  const port = await freePort()
  issuer = new URL(`http://127.0.0.1:${port}`)
  const config = testConfig({ DATABASE_URL: database.url, PUBLIC_URL: issuer.origin, SMTP_URL: sink.url, RUN_WORKER: 'true' })
  app = await buildApp(config, { db: await connectDatabase(config.database), logger: false })
  await app.listen({ port, host: '127.0.0.1' })
})
afterAll(async () => {
  await app.close()
  await app.db.destroy()
  await database.drop()
  await sink.stop()
})

describe('oauth4webapi against Trellis over HTTP', () => {
  it('discovers, logs in with a mailed code (client_secret_basic, S256), refreshes, introspects and revokes', async () => {
    const redirectUri = 'https://app.example/callback'
    const { client: row, secret } = await app.services.clients.create(OPERATOR, { name: 'Web backend', redirectUris: [redirectUri] })
    const options = { [oauth.allowInsecureRequests]: true }

    const as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, { ...options, algorithm: 'oauth2' }))
    expect(as.token_endpoint).toBe(`${issuer.origin}/auth/oauth2/token`)
    const client: oauth.Client = { client_id: row.client_id }
    const auth = oauth.ClientSecretBasic(secret!)

    const verifier = oauth.generateRandomCodeVerifier()
    const challenge = await oauth.calculatePKCECodeChallenge(verifier)
    const email = 'flow@example.test'
    const codeEndpoint = String((as as Record<string, unknown>).passwordless_login_code_endpoint)
    const requested = await fetch(codeEndpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email, client_id: row.client_id, redirect_uri: redirectUri, code_challenge: challenge, code_challenge_method: 'S256' }),
    })
    expect(requested.status).toBe(200)

    const mail = await sink.next(email)
    const link = /https:\/\/app\.example\/callback\?code=[\w-]+/.exec(mail.text ?? '')?.[0]
    expect(link).toBeDefined()
    // the JSON login API's email link is `redirect_uri?code=` by contract, not a response of the
    // authorization endpoint, so it carries no RFC 9207 iss (the hosted page's redirect does)
    const params = oauth.validateAuthResponse({ ...as, authorization_response_iss_parameter_supported: false }, client, new URL(link!), oauth.skipStateCheck)

    const tokens = await oauth.processAuthorizationCodeResponse(
      as,
      client,
      await oauth.authorizationCodeGrantRequest(as, client, auth, params, redirectUri, verifier, options),
    )
    expect(tokens.token_type).toBe('bearer')
    expect(tokens.refresh_token).toBeDefined()

    // the access token verifies against the discovered JWKS as an RFC 9068 token
    const jwks = createRemoteJWKSet(new URL(as.jwks_uri!))
    const { payload, protectedHeader } = await jwtVerify(tokens.access_token, jwks, { issuer: issuer.origin, typ: 'at+jwt' })
    expect(protectedHeader.alg).toBe('ES256')
    expect(payload).toMatchObject({ client_id: row.client_id, aud: issuer.origin, sub: expect.any(String), jti: expect.any(String) })

    const me = await fetch(`${issuer.origin}/users/current`, { headers: { authorization: `Bearer ${tokens.access_token}` } })
    expect(((await me.json()) as { user: { email: string } }).user.email).toBe(email)

    const refreshed = await oauth.processRefreshTokenResponse(
      as,
      client,
      await oauth.refreshTokenGrantRequest(as, client, auth, tokens.refresh_token!, options),
    )
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token)

    const active = await oauth.processIntrospectionResponse(as, client, await oauth.introspectionRequest(as, client, auth, refreshed.access_token, options))
    expect(active.active).toBe(true)
    expect(active.sub).toBe(payload.sub)

    await oauth.processRevocationResponse(await oauth.revocationRequest(as, client, auth, refreshed.refresh_token!, options))
    const after = await oauth.processIntrospectionResponse(as, client, await oauth.introspectionRequest(as, client, auth, refreshed.access_token, options))
    expect(after.active).toBe(false)
  })
})
