/**
 * Domain errors, mapped to HTTP once (plugins/errors.ts). Services throw these; routes
 * never build error bodies by hand. Codes, statuses and messages live in the catalog
 * (lib/error-catalog.ts); `appErrors.<code>(...)` and `oauthErrors.<code>(...)` make them.
 */
import {
  APP_ERRORS,
  OAUTH_ERRORS,
  type ErrorCode,
  type ErrorDetail,
  type ErrorText,
  type OAuthErrorCode,
} from './error-catalog.ts'

export type { ErrorCode, ErrorDetail, OAuthErrorCode } from './error-catalog.ts'
export { APP_CODE, LIVE_CODE, OAUTH_CODE } from './error-catalog.ts'

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: ErrorDetail[],
    readonly headers?: Record<string, string>,
  ) {
    super(message)
    this.name = 'AppError'
  }
}

/** RFC 6749 section 5.2 error, used by the endpoints under /auth/oauth2/. */
export class OAuthError extends Error {
  constructor(
    readonly error: OAuthErrorCode,
    readonly description: string,
    readonly statusCode: number = OAUTH_ERRORS[error].status,
    readonly headers: Record<string, string> = {},
  ) {
    super(description)
    this.name = 'OAuthError'
  }
}

type Spec = (typeof APP_ERRORS)[ErrorCode]
type ArgsOf<M> = M extends (...args: infer A) => unknown ? A : []
export type AppErrorMaker<C extends ErrorCode> = (...args: ArgsOf<(typeof APP_ERRORS)[C]['message']>) => AppError

function make(code: ErrorCode, spec: Spec, args: unknown[]): AppError {
  const template = spec.message as string | ((...values: unknown[]) => string | ErrorText)
  const made = typeof template === 'string' ? template : template(...args)
  const text: ErrorText = typeof made === 'string' ? { message: made } : made
  return new AppError(spec.status, code, text.message, text.details, text.headers)
}

/** One maker per catalog code, taking the values its message template names. */
export const appErrors = Object.fromEntries(
  (Object.keys(APP_ERRORS) as ErrorCode[]).map((code) => [code, (...args: unknown[]) => make(code, APP_ERRORS[code], args)]),
) as { [C in ErrorCode]: AppErrorMaker<C> }

/** Options an OAuth error may need beyond its description (RFC 6749 2.3.1, RFC 9110 10.2.3). */
export interface OAuthExtra {
  /** Only where an endpoint answers otherwise than the code's own status (introspection: 401). */
  status?: number
  headers?: Record<string, string>
  retryAfter?: number
}

const oauthHeaders = (extra: OAuthExtra): Record<string, string> | undefined =>
  extra.retryAfter === undefined ? extra.headers : { ...extra.headers, 'retry-after': String(extra.retryAfter) }

/** One maker per OAuth code: the description says which check failed. */
export const oauthErrors = Object.fromEntries(
  (Object.keys(OAUTH_ERRORS) as OAuthErrorCode[]).map((code) => [
    code,
    (description: string, extra: OAuthExtra = {}) => new OAuthError(code, description, extra.status, oauthHeaders(extra)),
  ]),
) as { [C in OAuthErrorCode]: (description: string, extra?: OAuthExtra) => OAuthError }

// the shapes most call sites need, named for what they say
export const validationError = (details: ErrorDetail[]) =>
  appErrors.validation_failed(details.map((d) => `${d.field}: ${d.message}`).join('; '), details)
export const unauthorized = (message?: string) => appErrors.unauthorized(message)
/** A presented access token that is malformed, invalid, expired or revoked (RFC 6750 3.1). */
export const invalidToken = (message: string) => appErrors.unauthorized(message, 'token')
/** An Authorization header that is not a Bearer credential (RFC 6750 3.1 invalid_request). */
export const invalidBearerRequest = (message: string) => appErrors.unauthorized(message, 'header')
export const forbidden = (message?: string) => appErrors.forbidden(message)
export const notFound = (what: string) => appErrors.not_found(`${what} was not found.`)
export const rateLimited = (retryAfterSeconds: number) => appErrors.rate_limited(retryAfterSeconds)

/**
 * Device ownership (modules/devices/registry.service.ts). A claim that fails answers the same
 * whatever the reason (unknown MAC, wrong code, a device someone else holds), so the answer
 * never tells whether a MAC exists or who holds it.
 */
export const deviceErrors = {
  invalidMac: (field?: string) => appErrors.invalid_mac(field),
  claimRefused: () => appErrors.claim_refused(),
  notClaimed: () => appErrors.device_not_claimed(),
  registeredElsewhere: () => appErrors.device_registered(),
  held: () => appErrors.device_held(),
  notBrand: () => forbidden('Only a brand (a tenant without a parent) or the platform registers devices.'),
  anonymousNotAllowed: () => forbidden('Only the brand that registered the device, or the platform, may allow anonymous firmware.'),
  weakSecret: (field: string) => appErrors.weak_device_secret(field),
}
