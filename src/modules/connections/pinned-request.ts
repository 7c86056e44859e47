/**
 * One bounded HTTP request to an upstream provider, connected to the very address the target
 * rules checked (webhooks' targets.ts: resolved once, each address held to the rules, and that
 * address handed to the connection's `lookup`), so a name that resolves to a public address
 * for the check and a private one a moment later (DNS rebinding) reaches nothing it should not.
 * Redirects are not followed; the answer is read up to `maxBytes`, within `timeoutMs` in all.
 * Written on node:http(s) rather than fetch because fetch takes no per-request lookup.
 */
import http from 'node:http'
import https from 'node:https'
import type { LookupFunction } from 'node:net'
import { parseTarget, resolveTarget, TargetRefused, type TargetRules } from '../webhooks/index.ts'

export interface PinnedAnswer {
  status: number
  /** The answer's text, null when it was longer than allowed. */
  text: string | null
}

export class PinnedFailure extends Error {}

/** Checks `text` by the rules and requests it, pinned to the address checked. */
export async function pinnedRequest(text: string, init: { method?: string; headers?: Record<string, string>; body?: string }, rules: TargetRules, limits: { timeoutMs: number; maxBytes: number }): Promise<PinnedAnswer> {
  let url: URL
  let chosen: { address: string; family: number }
  try {
    url = parseTarget(text, rules)
    const addresses = await resolveTarget(url, rules)
    chosen = addresses[0]!
  } catch (error) {
    if (error instanceof TargetRefused) throw new PinnedFailure(`${text} ${error.message}`)
    throw error
  }
  const lookup: LookupFunction = (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: chosen.address, family: chosen.family }])
    else callback(null, chosen.address, chosen.family)
  }
  const client = url.protocol === 'https:' ? https : http
  const body = init.body ?? null
  return new Promise<PinnedAnswer>((resolve, reject) => {
    const request = client.request(url, {
      method: init.method ?? 'GET',
      lookup,
      agent: false,
      timeout: limits.timeoutMs,
      headers: { ...(init.headers ?? {}), ...(body !== null ? { 'content-length': String(Buffer.byteLength(body)) } : {}) },
    }, (response) => {
      const chunks: Buffer[] = []
      let size = 0
      let over = false
      response.on('data', (chunk: Buffer) => {
        size += chunk.length
        if (size > limits.maxBytes) {
          over = true
          response.destroy()
        } else chunks.push(chunk)
      })
      const done = () => resolve({ status: response.statusCode ?? 0, text: over ? null : Buffer.concat(chunks).toString('utf8') })
      response.on('end', done)
      response.on('close', done)
    })
    const deadline = setTimeout(() => request.destroy(new PinnedFailure(`no answer within ${limits.timeoutMs} ms`)), limits.timeoutMs)
    request.on('close', () => clearTimeout(deadline))
    request.on('timeout', () => request.destroy(new PinnedFailure(`no answer within ${limits.timeoutMs} ms`)))
    request.on('error', (error) => reject(error instanceof PinnedFailure ? error : new PinnedFailure(error.message)))
    request.end(body ?? undefined)
  })
}
