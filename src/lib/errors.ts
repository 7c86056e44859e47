/**
 * Domain errors, mapped to HTTP once (plugins/errors.ts). Services throw these; routes
 * never build error bodies by hand.
 */

export interface ErrorDetail {
  field: string
  message: string
}

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly details?: ErrorDetail[],
    readonly headers?: Record<string, string>,
  ) {
    super(message)
    this.name = 'AppError'
  }
}

export const badRequest = (code: string, message: string, details?: ErrorDetail[]) =>
  new AppError(400, code, message, details)
export const validationError = (details: ErrorDetail[]) =>
  new AppError(400, 'validation_failed', details.map((d) => `${d.field}: ${d.message}`).join('; '), details)
export const unauthorized = (message = 'A valid Bearer access token is required.') =>
  new AppError(401, 'unauthorized', message, undefined, { 'www-authenticate': 'Bearer' })
export const forbidden = (message = 'You are not allowed to do this.') => new AppError(403, 'forbidden', message)
export const notFound = (what: string) => new AppError(404, 'not_found', `${what} was not found.`)
export const conflict = (code: string, message: string) => new AppError(409, code, message)
export const rateLimited = (retryAfterSeconds: number) =>
  new AppError(429, 'rate_limited', `Too many requests; try again in ${retryAfterSeconds} seconds.`, undefined, {
    'retry-after': String(retryAfterSeconds),
  })

/** RFC 6749 section 5.2 error, used by the endpoints under /auth/oauth2/. */
export class OAuthError extends Error {
  constructor(
    readonly error:
      | 'invalid_request'
      | 'invalid_client'
      | 'invalid_grant'
      | 'unauthorized_client'
      | 'unsupported_grant_type'
      | 'invalid_scope'
      | 'unsupported_token_type'
      | 'rate_limited'
      | 'temporarily_unavailable',
    readonly description: string,
    readonly statusCode = error === 'invalid_client' ? 401 : 400,
    readonly headers: Record<string, string> = {},
  ) {
    super(description)
    this.name = 'OAuthError'
  }
}

/**
 * Device ownership (modules/devices/registry.ts). A claim that fails answers the same
 * whatever the reason (unknown MAC, wrong code, a device someone else holds), so the answer
 * never tells whether a MAC exists or who holds it.
 */
export const deviceErrors = {
  invalidMac: (field = 'body.mac') =>
    new AppError(400, 'invalid_mac', `${field.replace(/^body\./, '')}: must be a MAC address, e.g. e0:5a:1b:76:ef:60`, [
      { field, message: 'must be a MAC address, e.g. e0:5a:1b:76:ef:60' },
    ]),
  claimRefused: () =>
    new AppError(
      403,
      'claim_refused',
      'The MAC address and code do not match a device that can be claimed. Check both; a device someone else holds must first be released by them.',
    ),
  notClaimed: () => conflict('device_not_claimed', 'This sensor presents no device: claim the device with its code first.'),
  registeredElsewhere: () => conflict('device_registered', 'This MAC address is registered by another brand.'),
  notBrand: () => forbidden('Only a brand (a tenant without a parent) or the platform registers devices.'),
  anonymousNotAllowed: () => forbidden('Only the brand that registered the device, or the platform, may allow anonymous firmware.'),
  weakSecret: (field: string) =>
    new AppError(400, 'weak_device_secret', `${field.replace(/^body\./, '')}: must be at least 8 characters`, [{ field, message: 'must be at least 8 characters' }]),
}
