/**
 * bench:passkeys's load generator, in its own process: the software authenticator of the tests
 * (test/software-authenticator.ts) as the client of every sign-in. It receives one job over IPC:
 * { url, lanes: [{ token }], clientId, redirectUri, seconds, warmupSeconds }. Each lane is a
 * person signed in already (the bearer token): it first registers a passkey of its own through
 * the API (options, then the authenticator's attestation), then signs in with it in a loop, one
 * sign-in at a time: options for the app's request (PKCE S256), the authenticator's assertion,
 * the login code it answers, exchanged at the token endpoint with the verifier. A sign-in counts
 * once its tokens arrive. It answers { type: 'figures', figures } (sign-ins per second, p50 and
 * p99 of a whole sign-in, failures with the first failure's answer).
 */
import { createHash, randomBytes } from 'node:crypto'
import { SoftwareAuthenticator } from '../test/software-authenticator.ts'

export interface PasskeyJob {
  url: string
  origin: string
  lanes: { token: string }[]
  clientId: string
  redirectUri: string
  seconds: number
  warmupSeconds: number
}

export interface PasskeyFigures {
  rps: number
  p50: number
  p99: number
  ok: number
  failed: number
  firstFailure: string | null
}

const json = { 'content-type': 'application/json' }

async function post(url: string, body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(url, { method: 'POST', headers: { ...json, ...headers }, body: JSON.stringify(body) })
  const text = await response.text()
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} }
}

async function register(job: PasskeyJob, token: string): Promise<SoftwareAuthenticator> {
  const authenticator = new SoftwareAuthenticator(job.origin)
  const headers = { authorization: `Bearer ${token}` }
  const options = await post(`${job.url}/users/current/passkeys/options`, {}, headers)
  if (options.status !== 200) throw new Error(`passkey options answered ${options.status} ${JSON.stringify(options.body)}`)
  const created = await post(`${job.url}/users/current/passkeys`, { response: authenticator.create(options.body as never), name: 'bench' }, headers)
  if (created.status !== 201) throw new Error(`passkey registration answered ${created.status} ${JSON.stringify(created.body)}`)
  return authenticator
}

/** One whole sign-in; answers null when it ended with tokens, or what went wrong. */
async function signIn(job: PasskeyJob, authenticator: SoftwareAuthenticator): Promise<string | null> {
  const verifier = randomBytes(32).toString('base64url')
  const challenge = createHash('sha256').update(verifier).digest('base64url')
  const options = await post(`${job.url}/auth/passkeys/options`, { client_id: job.clientId, redirect_uri: job.redirectUri, code_challenge: challenge, code_challenge_method: 'S256' })
  if (options.status !== 200) return `options ${options.status} ${JSON.stringify(options.body)}`
  const signedIn = await post(`${job.url}/auth/passkeys/signIn`, { response: authenticator.get(options.body as { challenge: string }) })
  if (signedIn.status !== 200) return `signIn ${signedIn.status} ${JSON.stringify(signedIn.body)}`
  const tokens = await post(`${job.url}/auth/oauth2/token`, { grant_type: 'authorization_code', code: signedIn.body.code, code_verifier: verifier, client_id: job.clientId, redirect_uri: job.redirectUri })
  if (tokens.status !== 200 || typeof tokens.body.access_token !== 'string') return `token ${tokens.status} ${JSON.stringify(tokens.body)}`
  return null
}

async function run(job: PasskeyJob): Promise<PasskeyFigures> {
  const authenticators = await Promise.all(job.lanes.map((lane) => register(job, lane.token)))
  const times: number[] = []
  let failed = 0
  let firstFailure: string | null = null
  const warmEnd = performance.now() + job.warmupSeconds * 1000
  const end = warmEnd + job.seconds * 1000
  const lane = async (authenticator: SoftwareAuthenticator) => {
    while (performance.now() < end) {
      const start = performance.now()
      const failure = await signIn(job, authenticator)
      if (start < warmEnd) continue
      if (failure === null) times.push(performance.now() - start)
      else {
        failed++
        firstFailure ??= failure
      }
    }
  }
  await Promise.all(authenticators.map(lane))
  times.sort((a, b) => a - b)
  const at = (q: number) => Number((times[Math.min(times.length - 1, Math.floor(times.length * q))] ?? 0).toFixed(1))
  return { rps: times.length / job.seconds, p50: at(0.5), p99: at(0.99), ok: times.length, failed, firstFailure }
}

process.once('message', (job: PasskeyJob) => {
  run(job).then(
    (figures) => process.send?.({ type: 'figures', figures }, () => process.exit(0)),
    (error: unknown) => process.send?.({ type: 'error', message: String(error) }, () => process.exit(1)),
  )
})
