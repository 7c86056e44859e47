/**
 * A real SMTP server in the test process. It records what it receives, parsed, and lets a
 * test wait for the n-th message instead of sleeping. It can be stopped and started again
 * on the same port, to play an SMTP outage. `respond` decides the answer to each message
 * after DATA: accept it, refuse it with a code (550, 451), or hang (never answer), to play
 * a stuck or refusing server; `'hang'` and `'refuse'` events let a test wait for those.
 */
import { EventEmitter, once } from 'node:events'
import type { AddressInfo } from 'node:net'
import PostalMime, { type Email } from 'postal-mime'
import { SMTPServer } from 'smtp-server'

export interface ReceivedMail extends Email {
  envelopeTo: string[]
  /** MAIL FROM of the SMTP session (the envelope sender). */
  envelopeFrom: string
  raw: string
}

export type SinkReply = 'accept' | 'hang' | { code: number; message: string }

export class SmtpSink extends EventEmitter {
  readonly messages: ReceivedMail[] = []
  /** The answer to a message after DATA, by its envelope recipients. */
  respond: (envelopeTo: string[]) => SinkReply = () => 'accept'
  private server: SMTPServer | null = null
  private waiters: { count: number; resolve: () => void }[] = []
  port = 0

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`
  }

  async start(port = this.port): Promise<this> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      // drop idle pooled client connections at once when the test stops the server
      closeTimeout: 50,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = []
        stream.on('data', (c: Buffer) => chunks.push(c))
        stream.on('end', () => {
          const envelopeTo = session.envelope.rcptTo.map((r) => r.address)
          const reply = this.respond(envelopeTo)
          if (reply === 'hang') {
            this.emit('hang', envelopeTo)
            return // never answers; the client's timeout or stop() ends the session
          }
          if (reply !== 'accept') {
            this.emit('refuse', envelopeTo, reply.code)
            callback(Object.assign(new Error(reply.message), { responseCode: reply.code }))
            return
          }
          const raw = Buffer.concat(chunks).toString('utf8')
          PostalMime.parse(raw)
            .then((email) => {
              const mailFrom = session.envelope.mailFrom
              this.messages.push({ ...email, raw, envelopeTo, envelopeFrom: mailFrom ? mailFrom.address : '' })
              this.notify()
              callback()
            })
            .catch((error: Error) => callback(error))
        })
      },
    })
    server.listen(port, '127.0.0.1')
    await once(server.server, 'listening')
    this.port = (server.server.address() as AddressInfo).port
    this.server = server
    return this
  }

  async stop(): Promise<void> {
    const server = this.server
    this.server = null
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()))
  }

  /** Resolves once at least `count` messages have arrived. */
  waitFor(count: number): Promise<void> {
    if (this.messages.length >= count) return Promise.resolve()
    return new Promise((resolve) => this.waiters.push({ count, resolve }))
  }

  /** The next message to `address` (waits for it). */
  async next(address: string, after = 0): Promise<ReceivedMail> {
    for (;;) {
      const found = this.messages.slice(after).find((m) => m.envelopeTo.includes(address))
      if (found) return found
      await this.waitFor(this.messages.length + 1)
    }
  }

  private notify(): void {
    const ready = this.waiters.filter((w) => this.messages.length >= w.count)
    this.waiters = this.waiters.filter((w) => this.messages.length < w.count)
    for (const w of ready) w.resolve()
  }
}
