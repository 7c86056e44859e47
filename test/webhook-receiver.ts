/**
 * A brand's backend, as a test sees it: a real HTTP server that verifies every message with the
 * `standardwebhooks` package (a library no one here wrote) against the secrets it was given,
 * at the app's clock, and answers with the statuses it is told (200 once those run out).
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Webhook } from 'standardwebhooks'
import { vi } from 'vitest'
import type { Clock } from '../src/lib/clock.ts'

export interface Received {
  path: string
  headers: IncomingHttpHeaders
  body: string
  /** Which of the receiver's secrets verified it (by index); empty: none did. */
  verifiedBy: number[]
  message: { type: string; timestamp: string; version: number; tenantId: number | null; data: Record<string, unknown> }
  status: number
}

export class Receiver {
  readonly received: Received[] = []
  /** Secrets per path the receiver checks with. */
  readonly secrets = new Map<string, string[]>()
  /** Statuses to answer per path, in turn; then 200. */
  readonly answers = new Map<string, number[]>()
  /** A Location to answer a redirect with, per path. */
  readonly locations = new Map<string, string>()
  private server: Server | null = null
  port = 0

  constructor(private readonly clock: Clock) {}

  url(path: string): string {
    return `http://127.0.0.1:${this.port}${path}`
  }

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = []
      request.on('data', (chunk: Buffer) => chunks.push(chunk))
      request.on('end', () => {
        const path = request.url ?? '/'
        const body = Buffer.concat(chunks).toString('utf8')
        const headers = Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, String(v)]))
        const verifiedBy = (this.secrets.get(path) ?? []).flatMap((secret, i) => (verifies(secret, body, headers, this.clock) ? [i] : []))
        const status = this.answers.get(path)?.shift() ?? 200
        this.received.push({ path, headers: request.headers, body, verifiedBy, message: JSON.parse(body) as Received['message'], status })
        response.statusCode = status
        const location = this.locations.get(path)
        if (location && status >= 300 && status < 400) response.setHeader('location', location)
        response.end(status === 200 ? 'ok' : 'not now')
      })
    })
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve))
    this.port = (this.server!.address() as AddressInfo).port
  }

  at(path: string): Received[] {
    return this.received.filter((r) => r.path === path)
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()))
  }
}

/** Webhook.verify reads Date.now() for its five-minute window: the receiver's clock is the app's. */
function verifies(secret: string, body: string, headers: Record<string, string>, clock: Clock): boolean {
  const spy = vi.spyOn(Date, 'now').mockImplementation(() => clock.now().getTime())
  try {
    new Webhook(secret).verify(body, headers)
    return true
  } catch {
    return false
  } finally {
    spy.mockRestore()
  }
}
