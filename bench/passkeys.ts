/**
 * Passkey sign-in next to the authorization_code exchange, in one run:   npm run bench:passkeys
 * A completed passkey sign-in is three requests: options for the app's request (a challenge,
 * PKCE bound), the authenticator's assertion verified (a login code answered), and that code
 * exchanged at the token endpoint with the verifier (a new session and tokens). Its client is
 * the software authenticator of the tests, BENCH_CONNECTIONS people each signing in with their
 * own passkey one sign-in at a time (./passkey-load.ts, a process of its own). The exchange
 * alone is autocannon on pre-issued login codes (./cannon.ts), as in bench:login; it is
 * measured right before and right after the sign-ins, and the ratio is to the mean of the two
 * (with the range against each). Every load runs on a fresh server process (./server.ts).
 * BENCH_SECONDS, BENCH_WARMUP, BENCH_CONNECTIONS, BENCH_CREDENTIALS as in bench:login.
 * With --profile the sign-ins' server runs with --cpu-prof, and its top functions by self
 * time are printed under the table (./cpuprofile-top.ts).
 */
import { fork } from 'node:child_process'
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

import { openSession, signAccessToken } from '../src/modules/oauth/tokens.repository.ts'
import { sessionStatements } from '../src/modules/sessions/module.ts'
import { SCOPES } from '../src/modules/tenancy/actor.ts'
import { insertUser } from '../src/modules/users/users.repository.ts'
import { topSelfTime } from './cpuprofile-top.ts'
import { buildBenchApp, CONNECTIONS, freshDatabase, runLoad, SECONDS, spawnServer, WARMUP } from './lib.ts'
import type { PasskeyFigures, PasskeyJob } from './passkey-load.ts'
import { REDIRECT_URI, seedClients, seedExchangeBodies, settle } from './seed.ts'

// WebAuthn's relying party: an https origin, read by benchAppEnv here and in the forked servers
process.env.BENCH_PUBLIC_URL = 'https://id.bench.test'
const CREDENTIALS = Number(process.env.BENCH_CREDENTIALS ?? (SECONDS + WARMUP) * 4000)
const GOAL = 0.5
const PROFILE = process.argv.includes('--profile')
const work = mkdtempSync(join(tmpdir(), 'trellis-bench-passkeys-'))

function passkeyLoad(job: PasskeyJob): Promise<PasskeyFigures> {
  const child = fork(fileURLToPath(new URL('./passkey-load.ts', import.meta.url)), [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] })
  return new Promise((resolve, reject) => {
    child.once('message', (m: { type: string; figures?: PasskeyFigures; message?: string }) => (m.type === 'figures' && m.figures ? resolve(m.figures) : reject(new Error(m.message))))
    child.once('exit', (code) => code !== 0 && reject(new Error(`the passkey load exited (${code})`)))
    child.send(job)
  })
}

const database = await freshDatabase()
try {
  const app = await buildBenchApp(database.url)
  const { publicId } = await seedClients(app)
  const lanes: { token: string }[] = []
  for (let i = 0; i < CONNECTIONS; i++) {
    const user = await insertUser(app.db, { email: `passkey-${i}@bench.test`, emailConfirmedAt: app.services.clock.now() })
    const scope = SCOPES.join(' ')
    const { sessionId } = await openSession(app.db, sessionStatements, 3600, { userId: user.id, clientId: publicId, tenantId: null, scope }, app.services.clock.now())
    lanes.push({ token: await signAccessToken(app, { sub: String(user.id), clientId: publicId, scope, sessionId }) })
  }
  const files = [join(work, 'exchange-before.jsonl'), join(work, 'exchange-after.jsonl')]
  const sanity = [await seedExchangeBodies(app, publicId, CREDENTIALS + 1, files[0]!, 'b'), await seedExchangeBodies(app, publicId, CREDENTIALS + 1, files[1]!, 'a')]
  await settle(app)
  await app.close()
  await app.db.destroy()
  console.log(`bench:passkeys: ${CONNECTIONS} connections (people with a passkey each), ${SECONDS} s per load after ${WARMUP} s of warm-up, ${process.version}`)

  const exchange = async (i: number) => {
    const server = await spawnServer(['trellis', database.url])
    try {
      const url = `${server.url}/auth/oauth2/token`
      const headers = { 'content-type': 'application/json' }
      const first = await fetch(url, { method: 'POST', headers, body: sanity[i]! })
      if (first.status !== 200) throw new Error(`exchange sanity request answered ${first.status} ${await first.text()}`)
      const warm = WARMUP > 0 ? await runLoad({ url, method: 'POST', headers, bodiesFile: files[i]!, seconds: WARMUP, warmupSeconds: 0 }) : null
      await server.mark()
      const figures = await runLoad({ url, method: 'POST', headers, bodiesFile: files[i]!, warmupSeconds: 0, firstBody: warm?.bodiesUsed ?? 0 })
      const counts = await server.stop()
      return { figures, cpuMs: counts ? counts.cpuMs / Math.max(1, counts.requests) : NaN }
    } finally {
      await server.stop()
    }
  }
  const before = await exchange(0)
  const profileDir = join(work, 'profile')
  const server = await spawnServer(['trellis', database.url], PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [])
  let passkeys: PasskeyFigures
  let cpuPerSignIn = NaN
  try {
    passkeys = await passkeyLoad({ url: server.url, origin: 'https://id.bench.test', lanes, clientId: publicId, redirectUri: REDIRECT_URI, seconds: SECONDS, warmupSeconds: WARMUP })
    const counts = await server.stop()
    // from listening on: the registrations and the warm-up are in it; three requests make a sign-in
    if (counts) cpuPerSignIn = counts.sinceListening.cpuMs / Math.max(1, counts.sinceListening.requests / 3)
  } finally {
    await server.stop()
  }
  const after = await exchange(1)

  const mean = (before.figures.rps + after.figures.rps) / 2
  const [low, high] = [Math.min(before.figures.rps, after.figures.rps), Math.max(before.figures.rps, after.figures.rps)]
  console.log('| workload | per second | p50 ms | p99 ms | failed | server CPU ms per | ratio |')
  console.log('|---|---|---|---|---|---|---|')
  console.log(`| authorization_code + PKCE exchange, before | ${before.figures.rps.toFixed(0)} | ${before.figures.p50} | ${before.figures.p99} | ${before.figures.non2xx + before.figures.errors} | ${before.cpuMs.toFixed(2)} | |`)
  console.log(`| passkey sign-in (options, assertion, exchange) | ${passkeys.rps.toFixed(0)} | ${passkeys.p50} | ${passkeys.p99} | ${passkeys.failed} | ${cpuPerSignIn.toFixed(2)} | ${(passkeys.rps / mean).toFixed(2)}x the exchange (${(passkeys.rps / high).toFixed(2)}-${(passkeys.rps / low).toFixed(2)}); goal ${GOAL}x |`)
  console.log(`| authorization_code + PKCE exchange, after | ${after.figures.rps.toFixed(0)} | ${after.figures.p50} | ${after.figures.p99} | ${after.figures.non2xx + after.figures.errors} | ${after.cpuMs.toFixed(2)} | |`)
  // the largest profile is the server's (tsx's loader thread writes one of its own)
  const profile = PROFILE ? readdirSync(profileDir).map((file) => join(profileDir, file)).sort((a, b) => statSync(b).size - statSync(a).size)[0] : undefined
  if (profile) console.log(`\nthe sign-ins' server, top functions by self time:\n${topSelfTime(profile, 20, server.readyAtUs).join('\n')}`)
  if (passkeys.firstFailure) console.log(`first failed sign-in: ${passkeys.firstFailure}`)
  // an exchange's non-2xx answers are codes run out (BENCH_CREDENTIALS), not a failure; a sign-in has no such limit
  if (passkeys.failed > 0 || passkeys.ok === 0) process.exitCode = 1
} finally {
  rmSync(work, { recursive: true, force: true })
  await database.drop()
}
