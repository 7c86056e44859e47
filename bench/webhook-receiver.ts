/**
 * bench:webhooks's receiver, in its own process: a brand's backend on a loopback port that
 * verifies each message with the `standardwebhooks` package and answers 200. It reports
 * { type: 'ready', port }; takes { type: 'secret', secret }; on { type: 'stop' } answers
 * { type: 'received', answers: [messageId, sentAtMs, answeredAtMs][], unverified } and exits.
 * sentAtMs is the device's own `sentAt` in a device.state event's state (null in others).
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Webhook } from 'standardwebhooks'

const wallMs = () => performance.timeOrigin + performance.now()
let hook: Webhook | null = null
const answers: [string, number | null, number][] = []
let unverified = 0

const server = createServer((request, response) => {
  const chunks: Buffer[] = []
  request.on('data', (chunk: Buffer) => chunks.push(chunk))
  request.on('end', () => {
    const body = Buffer.concat(chunks).toString('utf8')
    try {
      const message = hook!.verify(body, request.headers as Record<string, string>) as { data: { state?: { sentAt?: unknown } } }
      response.end('ok')
      const sentAt = message.data.state?.sentAt
      answers.push([String(request.headers['webhook-id']), typeof sentAt === 'number' ? sentAt : null, wallMs()])
    } catch {
      unverified++
      response.statusCode = 400
      response.end()
    }
  })
})

server.listen(0, '127.0.0.1', () => process.send!({ type: 'ready', port: (server.address() as AddressInfo).port }))
process.on('message', (message: { type: string; secret?: string }) => {
  if (message.type === 'secret') hook = new Webhook(message.secret!)
  if (message.type === 'stop') {
    process.send!({ type: 'received', answers, unverified }, () => server.close(() => process.exit(0)))
  }
})
process.on('disconnect', () => process.exit(0)) // the benchmark went away: never linger
