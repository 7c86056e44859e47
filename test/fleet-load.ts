/**
 * The load of test/fleet.test.ts, and what it checks about mail: request loops through the
 * proxy that record every outcome, an SMTP server that stops answering, and the outbox
 * waited on until it has sent everything.
 */
import pg from 'pg'
import { until, type call } from './fleet-helpers.ts'
import type { SmtpSink } from './smtp-sink.ts'

export type Answer = Awaited<ReturnType<typeof call>>

export interface Outcome {
  kind: string
  /** 0: no HTTP answer (the connection closed, or the request failed otherwise). */
  status: number
  /** The instance that answered, as HAProxy names it (x-served-by); null for HAProxy's own answers. */
  server: string | null
  started: number
  ended: number
  email?: string
  detail?: string
}

/** A loop of requests, each sent when the previous one is answered; `n` numbers requests across lanes. */
export interface Lane {
  kind: string
  send(n: number): { email?: string; answer: Promise<Answer> }
}

/** Runs the lanes side by side until stopped, recording every outcome. */
export function startLoad(lanes: Lane[]): { outcomes: Outcome[]; stop(): Promise<void> } {
  const outcomes: Outcome[] = []
  let running = true
  let sequence = 0
  const run = async (lane: Lane) => {
    while (running) {
      const started = performance.now()
      const { email, answer } = lane.send(sequence++)
      let detail = ''
      const res = await answer.catch((error: Error) => {
        detail = `${error.message}: ${String((error.cause as Error | undefined)?.message)}`
        return null
      })
      if (res && res.status !== 200) detail = JSON.stringify(res.body).slice(0, 200)
      outcomes.push({ kind: lane.kind, status: res?.status ?? 0, server: res?.headers.get('x-served-by') ?? null, started, ended: performance.now(), ...(email ? { email } : {}), detail })
    }
  }
  const loops = lanes.map(run)
  return {
    outcomes,
    async stop() {
      running = false
      await Promise.all(loops)
    },
  }
}

/**
 * The SMTP server stops answering after DATA; resolves once `sessions` sends wait on it, with
 * how long that took. `release()` makes it answer again (the waiting sends end at their deadline).
 */
export async function stallSmtp(sink: SmtpSink, sessions: number): Promise<{ tookMs: number; release(): void }> {
  let waiting = 0
  const onHang = () => (waiting += 1)
  sink.on('hang', onHang)
  sink.respond = () => 'hang'
  const began = performance.now()
  await until(`${sessions} SMTP sessions waiting`, () => waiting >= sessions, 5000)
  return {
    tookMs: performance.now() - began,
    release() {
      sink.respond = () => 'accept'
      sink.off('hang', onHang)
    },
  }
}

/** Waits until every outbox row to an address starting with `prefix` is sent; returns how many rows there are. */
export async function outboxSent(databaseUrl: string, prefix: string, ms: number): Promise<number> {
  const db = new pg.Client({ connectionString: databaseUrl })
  await db.connect()
  try {
    const unsent = `select status, attempts, last_error, locked_until, job is not null as job from email_outbox where status <> 'sent' and to_address like $1`
    const like = [`${prefix}%`]
    await until('the outbox drained', async () => (await db.query(unsent, like)).rows.length === 0, ms).catch(async (error: Error) => {
      throw new Error(`${error.message}; unsent: ${JSON.stringify((await db.query(unsent, like)).rows)}`)
    })
    const all = await db.query<{ n: string }>('select count(*) as n from email_outbox where to_address like $1', like)
    return Number(all.rows[0]?.n)
  } finally {
    await db.end()
  }
}
