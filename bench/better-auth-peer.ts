/**
 * bench:peers's peer: Better Auth with its email OTP plugin, as its documentation sets it up, on
 * a pg Pool of its own database on the same PostgreSQL, served by plain node:http with its Node
 * handler. Defaults everywhere but three: rate limits off (as Trellis's limits are out of reach
 * in the benchmark), telemetry off (no network here), and the OTP mail is not sent (Trellis's
 * benchmarked code request writes its mail job and no worker sends it). Loaded only when the
 * peer starts or migrates.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import pg from 'pg'

export const PEER_SECRET = 'bench-better-auth-secret-0123456789abcdef0123456789'
/** The session cookie Better Auth sets by default. */
export const PEER_COOKIE = 'better-auth.session_token'

async function options(databaseUrl: string, baseURL: string) {
  const { emailOTP } = await import('better-auth/plugins')
  return {
    database: new pg.Pool({ connectionString: databaseUrl }),
    secret: PEER_SECRET,
    baseURL,
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    plugins: [
      emailOTP({
        async sendVerificationOTP() {
          // no mail leaves the benchmark
        },
      }),
    ],
  }
}

/** Creates Better Auth's tables in its database, as its CLI's migrate would. */
export async function migrateBetterAuth(databaseUrl: string): Promise<void> {
  const { getMigrations } = await import('better-auth/db/migration')
  const config = await options(databaseUrl, 'http://127.0.0.1')
  try {
    const { runMigrations } = await getMigrations(config)
    await runMigrations()
  } finally {
    await config.database.end()
  }
}

export async function startBetterAuth(databaseUrl: string): Promise<{ url: string; close: () => Promise<void>; server: Server }> {
  const { betterAuth } = await import('better-auth')
  const { toNodeHandler } = await import('better-auth/node')
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const config = await options(databaseUrl, url)
  const auth = betterAuth(config)
  server.on('request', toNodeHandler(auth))
  return {
    url,
    server,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await config.database.end()
    },
  }
}
