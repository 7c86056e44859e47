/**
 * One HTTP POST of a signed message, bounded: it connects only to an address the target rules
 * checked at this moment (targets.ts: the request's `lookup` hands over that address, so the
 * name is not resolved again behind the check), follows no redirect, gives up after `timeoutMs`
 * in all, and reads at most `maxResponseBytes` of the answer (kept, cut to 500 characters, for
 * the delivery log).
 */
import http from 'node:http'
import https from 'node:https'
import type { LookupFunction } from 'node:net'
import { resolveTarget, type TargetRules } from './targets.ts'

export interface SendLimits {
  timeoutMs: number
  maxResponseBytes: number
}

export interface SendOutcome {
  /** The answer's status; null when none came (refused, timed out, unreachable). */
  status: number | null
  ok: boolean
  error: string | null
}

export async function send(url: URL, headers: Record<string, string>, body: string, rules: TargetRules, limits: SendLimits): Promise<SendOutcome> {
  const addresses = await resolveTarget(url, rules)
  const chosen = addresses[0]!
  const lookup: LookupFunction = (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: chosen.address, family: chosen.family }])
    else callback(null, chosen.address, chosen.family)
  }
  const client = url.protocol === 'https:' ? https : http
  return new Promise<SendOutcome>((resolve) => {
    let settled = false
    const finish = (outcome: SendOutcome) => {
      if (settled) return
      settled = true
      clearTimeout(deadline)
      resolve(outcome)
    }
    const request = client.request(
      url,
      {
        method: 'POST',
        lookup,
        agent: false,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'user-agent': 'Trellis-Webhooks/1', ...headers },
      },
      (response) => {
        const status = response.statusCode ?? 0
        let size = 0
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => {
          size += chunk.length
          if (size <= limits.maxResponseBytes) chunks.push(chunk)
          else response.destroy()
        })
        const done = () => {
          const text = Buffer.concat(chunks).toString('utf8').slice(0, 500)
          const ok = status >= 200 && status < 300
          const error = ok ? null : status >= 300 && status < 400 ? `answered ${status}: redirects are not followed` : `answered ${status}${text ? `: ${text}` : ''}`
          finish({ status, ok, error })
        }
        response.on('end', done)
        response.on('close', done)
        response.on('error', done)
      },
    )
    const deadline = setTimeout(() => {
      request.destroy()
      finish({ status: null, ok: false, error: `no answer within ${limits.timeoutMs} ms` })
    }, limits.timeoutMs)
    request.on('error', (error) => finish({ status: null, ok: false, error: error.message }))
    request.end(body)
  })
}
