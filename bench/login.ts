/**
 * Token exchange and code request throughput on PostgreSQL, over real HTTP, next to a bare
 * Fastify route on the same machine.   npm run bench:login
 */
import { appSecret } from '../src/db/app-secrets.ts'
import { generateLoginCode, hashLoginCode, normalizeLoginCode } from '../src/modules/oauth/login-codes.ts'
import { s256 } from '../src/modules/oauth/pkce.ts'
import { freshDatabase, load, report, startApp, startBare } from './lib.ts'

const CODES = Number(process.env.BENCH_CODES ?? 40_000)
const verifier = 'bench-verifier-0123456789-0123456789-0123456789'
const challenge = s256(verifier)
const redirectUri = 'https://bench.example/cb'

const database = await freshDatabase()
const { app, url } = await startApp(database.url)
const bare = await startBare()
try {
  const { client } = await app.services.clients.insert({ name: 'bench', public: true, redirectUris: [redirectUri] })
  const key = await appSecret(app.db, 'login_code_hmac')
  const codes: string[] = []
  for (let batch = 0; batch < CODES / 1000; batch++) {
    const rows = Array.from({ length: 1000 }, (_, i) => {
      const code = generateLoginCode()
      codes.push(code)
      return {
        code_hash: hashLoginCode(key, normalizeLoginCode(code)!),
        client_id: client.client_id,
        redirect_uri: redirectUri,
        code_challenge: challenge,
        code_challenge_method: 'S256' as const,
        email: `bench-${batch * 1000 + i}@bench.test`,
        expires_at: new Date(Date.now() + 3_600_000),
      }
    })
    await app.db.insertInto('login_codes').values(rows).onConflict((oc) => oc.column('code_hash').doNothing()).execute()
  }
  console.log(`seeded ${codes.length} login codes; PostgreSQL; ${process.version}`)

  const bareFigures = await load({ url: `${bare.url}/bare`, method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } })
  report('bare Fastify route', bareFigures)

  /** POSTs a fresh JSON body per request. */
  const postEach = (path: string, body: () => object) =>
    load({
      url: `${url}${path}`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      requests: [{ setupRequest: (req) => ({ ...req, body: JSON.stringify(body()) }) }],
    })

  let next = 0
  const exchange = await postEach('/auth/oauth2/token', () => ({
    grant_type: 'authorization_code',
    code: codes[next++ % codes.length],
    code_verifier: verifier,
    client_id: client.client_id,
    redirect_uri: redirectUri,
  }))
  report('POST /auth/oauth2/token (exchange)', exchange, bareFigures)
  if (next > codes.length) console.log(`note: ${next - codes.length} requests reused codes (non-2xx); raise BENCH_CODES`)

  let n = 0
  const codeRequests = await postEach('/auth/passwordlessLogin/code', () => ({
    email: `req-${n++}@bench.test`,
    client_id: client.client_id,
    redirect_uri: redirectUri,
    code_challenge: challenge,
    code_challenge_method: 'sha256',
  }))
  report('POST /auth/passwordlessLogin/code', codeRequests, bareFigures)
} finally {
  await app.close()
  await app.db.destroy()
  await bare.app.close()
  await database.drop()
}
