/**
 * What a log line may say about a request: nothing that proves who someone is.
 *
 * Threat model. Logs are read by more people, and kept longer, than the database: an
 * operator, a log pipeline, a support export, a backup. Whatever a request carries that
 * works as a credential must therefore never reach one, at any level:
 * - query strings: reset and confirmation tokens (`/reset-password?token=`), login codes from
 *   email links (`?code=`), invitation tokens, WebSocket tickets, `login_hint` and any other
 *   email address, the OAuth `state`; a URL is logged with only the values of parameters
 *   known to be harmless, everything else `[redacted]` (an allow-list, so a parameter added
 *   tomorrow is redacted until someone decides otherwise), and even those when they hold an
 *   email address;
 * - path segments that hold an email address;
 * - headers: the request serializer logs none (Authorization, cookies, the CLI's admin secret,
 *   client secrets in Basic auth); the redact paths below catch them should anything log
 *   headers anyway;
 * - values the domain logs by name (`email`, `to`, `loginCode`, `token`, `password`, ...):
 *   redacted by key wherever they appear at the top of a log object or one level down.
 * Bodies are never logged. `logOptions` is applied to every logger the server builds, so
 * the rule holds whatever level or stream a deployment or a test chooses.
 */
import type { LoggerOptions } from 'pino'

export const REDACTED = '[redacted]'

/** Query parameters whose values never carry a secret or a person's address. */
const HARMLESS_PARAMS = new Set([
  'response_type', 'client_id', 'redirect_uri', 'scope', 'response_mode', 'code_challenge_method', 'prompt', 'max_age',
  'ui_locales', 'loginRedirectType', 'error', 'limit', 'after', 'before', 'includeScheduleItems', 'tenantQueryType',
  'issuesOnly', 'sortDescendent', 'skip', 'take', 'returnModel', 'tenantId', 'status',
])

const ADDRESS = /@|%40/i

function redactPath(path: string): string {
  return path
    .split('/')
    .map((segment) => (ADDRESS.test(segment) ? REDACTED : segment))
    .join('/')
}

/** Free text (an SMTP server's answer, say) with every address-like word redacted. */
export function redactAddresses(text: string): string {
  return text.replace(/[^\s<>"'(),;:]*@[^\s<>"'(),;:]+/g, REDACTED)
}

/** The URL as a log may show it (see the top of this file). */
export function redactUrl(url: string): string {
  const mark = url.indexOf('?')
  const path = redactPath(mark === -1 ? url : url.slice(0, mark))
  if (mark === -1) return path
  const params = new URLSearchParams(url.slice(mark + 1))
  const kept = [...params].map(([name, value]) => {
    const shown = HARMLESS_PARAMS.has(name) && !ADDRESS.test(value) ? encodeURIComponent(value) : REDACTED
    return `${ADDRESS.test(name) ? REDACTED : encodeURIComponent(name)}=${shown}`
  })
  return `${path}?${kept.join('&')}`
}

/** Keys whose values are secrets or addresses, wherever the domain logs them. */
const SECRET_KEYS = [
  'authorization', 'cookie', 'token', 'code', 'loginCode', 'code_verifier', 'refresh_token', 'access_token', 'client_secret',
  'clientSecret', 'password', 'secret', 'login_hint', 'email', 'to', 'resetToken', 'emailConfirmationToken', 'invitationLink', 'loginLink',
  'device_code', 'user_code', 'subject_token', 'id_token', 'privateKey',
]

const quoted = (key: string) => `["${key}"]`
const REDACT_PATHS = [
  ...SECRET_KEYS.map(quoted),
  // one level down too, except `code`, which on an `err` is a harmless errno name
  ...SECRET_KEYS.filter((key) => key !== 'code').map((key) => `*${quoted(key)}`),
  'req.headers.authorization', 'req.headers.cookie', 'req.headers["x-trellis-admin-secret"]', 'res.headers["set-cookie"]',
]

/** The parts of a request the serializer reads (Fastify's request, without importing Fastify here). */
interface LoggedRequest {
  method: string
  url: string
  host?: string
  ip?: string
  socket?: { remotePort?: number }
}

/** The request as logged: method, redacted URL and where it came from; never headers or body. */
function requestSerializer(request: LoggedRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }
}

/** Pino options that every logger of the server gets, merged over whatever the caller chose. */
export function logOptions<T extends LoggerOptions>(base: T): T {
  return { ...base, redact: { paths: REDACT_PATHS, censor: REDACTED }, serializers: { ...base.serializers, req: requestSerializer } }
}
