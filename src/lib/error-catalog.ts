/**
 * The error catalog: every error code the API answers with, defined once with its HTTP status
 * and message. Call sites use a code by name (`appErrors.last_owner()` in lib/errors.ts,
 * `APP_CODE.invalid_token` to compare); the OpenAPI document enumerates these codes on the
 * `Error` and `OAuthError` schemas (lib/schemas.ts), so the typed client knows them.
 * test/error-catalog.test.ts fails when a code is written anywhere else, or defined and unused.
 *
 * A message is a fixed sentence, or a template taking the values it names. Codes whose
 * sentence depends on the call site (validation_failed names the field) take it as `said`.
 */
import { soleOwnerText, stepUpText } from './leaving-errors.ts'
import { CONNECTION_ERRORS } from './connection-errors.ts'
export interface ErrorDetail {
  field: string
  message: string
}

/** What a template makes: the message, and the details and headers that go with it. */
export interface ErrorText {
  message: string
  details?: ErrorDetail[]
  headers?: Record<string, string>
}

type Template = string | ((...args: never[]) => string | ErrorText)

export interface ErrorSpec {
  status: number
  message: Template
  /** Where a code's name comes from a standard. */
  rfc?: string
}

/** A message written at the call site, with its field details if any. */
const said = (message: string, details?: ErrorDetail[]): ErrorText => ({ message, details })
const field = (name: string, message: string): ErrorDetail[] => [{ field: name, message }]
const MAC_RULE = 'must be a MAC address, e.g. e0:5a:1b:76:ef:60', SAME_TENANT = 'must be a space of the same tenant'

/** RFC 6750 3.1's error codes of a failed Bearer credential: the token itself, or the header that carried it. */
const BEARER_FAULTS = { token: 'invalid_token', header: 'invalid_request' } as const

/** `{"success": false, "code", "message", "details"?}`: every non-OAuth error of the API. */
export const APP_ERRORS = {
  // requests the framework refuses before a route runs (plugins/errors.ts): its message, or this one
  bad_request: { status: 400, message: 'The request could not be understood.' },
  invalid_json: { status: 400, message: 'The request body is not valid JSON.' },
  empty_json_body: { status: 400, message: said },
  invalid_url: { status: 400, message: said },
  method_not_allowed: { status: 405, message: 'Method not allowed.' },
  not_acceptable: { status: 406, message: 'Not acceptable.' },
  payload_too_large: { status: 413, message: 'The request body is too large.' },
  uri_too_long: { status: 414, message: 'A path parameter or the URI is too long.' },
  unsupported_media_type: { status: 415, message: 'This content type is not supported; send application/json.' },
  // Node refuses these before Fastify sees the request (plugins/input-limits.ts), with its own sentence
  request_timeout: { status: 408, message: 'The request took too long to arrive.' },
  request_header_fields_too_large: { status: 431, message: 'The request line or header fields are too large.' },
  json_too_deep: { status: 400, message: (max: number) => `The request body nests deeper than ${max} levels.` },
  route_not_found: { status: 404, message: (method: string, path: string) => `No route ${method} ${path}.` },
  internal_error: { status: 500, message: (requestId: string) => `Something went wrong on our side. Quote request id ${requestId} when reporting it.` },
  not_ready: { status: 503, message: (failing: string[]) => `Not ready: ${failing.join(', ')} failing.` },
  // input the database refuses (plugins/errors.ts)
  invalid_value: { status: 400, message: 'A value in the request cannot be stored (for example a NUL character or a number out of range).' },
  conflict: { status: 409, message: (kind: 'duplicate' | 'reference') => (kind === 'duplicate' ? 'This conflicts with an existing record.' : 'This refers to a record that does not exist or is still in use.') },

  // validation, identity and access
  validation_failed: { status: 400, message: said },
  // no credentials: a bare challenge; a bad one names its fault (RFC 6750 3.1: invalid_request, invalid_token)
  unauthorized: {
    status: 401,
    rfc: 'RFC 6750 3 (the WWW-Authenticate challenge)',
    message: (message = 'A valid Bearer access token is required.', fault?: 'token' | 'header'): ErrorText => ({
      message,
      headers: { 'www-authenticate': fault ? `Bearer error="${BEARER_FAULTS[fault]}", error_description="${message}"` : 'Bearer' },
    }),
  },
  // the header names the scope the token lacks
  insufficient_scope: {
    status: 403,
    rfc: 'RFC 6750 3.1',
    message: (scope: string): ErrorText => ({
      message: `The access token lacks the ${scope} scope.`,
      headers: { 'www-authenticate': `Bearer error="insufficient_scope", scope="${scope}"` },
    }),
  },
  forbidden: { status: 403, message: (message = 'You are not allowed to do this.', details?: ErrorDetail[]) => said(message, details) },
  not_a_brand: {
    status: 403,
    message: (fields: readonly string[]): ErrorText => ({
      message: 'This tenant is not a brand: its name, logo, sender, email texts, links and sign-up follow its brand.',
      details: fields.map((name) => ({ field: `body.${name}`, message: 'only a brand may set it' })),
    }),
  },
  not_found: { status: 404, message: said },
  rate_limited: {
    status: 429,
    message: (retryAfterSeconds: number): ErrorText => ({
      message: `Too many requests; try again in ${retryAfterSeconds} seconds.`,
      headers: { 'retry-after': String(retryAfterSeconds) },
    }),
  },
  invalid_token: { status: 400, message: said },
  // a webhook target the worker may not send to (modules/webhooks/targets.ts)
  webhook_target_refused: { status: 400, message: (reason: string): ErrorText => said(`The webhook URL is refused: it ${reason}.`, field('body.url', reason)) },
  weak_password: { status: 400, message: (name: string, problem: string): ErrorText => ({ message: `password ${problem}.`, details: field(name, problem) }) },
  no_password_set: { status: 400, message: 'This account has no password yet; set one with forgotPassword and resetPassword.' },
  user_exists: { status: 409, message: (email: string) => `A user with email ${email} already exists there.` },

  // lists
  invalid_cursor: {
    status: 400,
    message: (name: 'after' | 'before'): ErrorText => ({
      message: `${name} is not a cursor of this list.`,
      details: field(`querystring.${name}`, 'is not a cursor issued for this list, or was altered'),
    }),
  },
  invalid_limit: {
    status: 400,
    message: (max: number): ErrorText => ({ message: `limit must be between 1 and ${max}.`, details: field('querystring.limit', `must be an integer from 1 to ${max}`) }),
  },
  invalid_pagination: { status: 400, message: (): ErrorText => said('Use after or before, not both.', field('querystring.before', 'cannot be combined with after')) },

  // login codes and clients (oauth/)
  invalid_code_challenge_method: {
    status: 400,
    message: (): ErrorText =>
      said('code_challenge_method must be S256 (or sha256); plain is not accepted.', field('body.code_challenge_method', 'must be S256 or sha256')),
  },
  // the login code endpoint answers in the API's shape, with the RFC 6749 names for the same faults
  invalid_client: { status: 400, rfc: 'RFC 6749 5.2', message: (): ErrorText => said('Unknown client_id.', field('body.client_id', 'is not a registered client')) },
  redirect_uri_mismatch: {
    status: 400,
    message: (): ErrorText =>
      said(
        'redirect_uri is not registered for this client.',
        field('body.redirect_uri', 'must equal one of the redirect URIs registered for the client (a registered fragment may end in *)'),
      ),
  },
  unauthorized_client: { status: 400, rfc: 'RFC 6749 5.2', message: 'This client may not use login codes.' },
  invalid_scope: {
    status: 400,
    rfc: 'RFC 6749 5.2',
    message: (message: string, refused: string[]): ErrorText => said(message, field('body.scope', `may not include ${refused.join(' ')}`)),
  },
  pkce_required: {
    status: 400,
    message: (): ErrorText => said('Public clients must send a code_challenge (PKCE).', field('body.code_challenge', 'is required for public clients')),
  },
  client_id_required: {
    status: 400,
    message: (why: string): ErrorText =>
      said(`client_id is required here: ${why}.`, field('body.client_id', `is required when redirect_uri does not name exactly one client (${why})`)),
  },
  client_id_taken: { status: 409, message: (clientId: string) => `A client with client_id ${clientId} already exists.` },
  public_client: { status: 400, message: 'A public client has no secret.' },
  invalid_tenant: { status: 400, message: (): ErrorText => said('tenantId: no such tenant', field('body.tenantId', 'is not a tenant')) },
  signing_key_unavailable: { status: 503, message: (): ErrorText => ({ message: 'This instance cannot sign tokens now; try again (another instance can).', headers: { 'retry-after': '5' } }) },

  // tenants and members (tenancy/)
  invalid_parent: { status: 400, message: said },
  tenant_id_taken: { status: 409, message: (id: number | undefined) => `A tenant with id ${id} already exists.` },
  tenant_id_retired: { status: 409, message: (id: number) => `Tenant id ${id} belonged to a deleted tenant whose audit trail is kept; choose another id.` },
  last_owner: { status: 409, message: 'A tenant must keep at least one owner.' },
  already_member: { status: 409, message: 'This address is already a member of the tenant: change its role instead of inviting it.' },
  // an account's deletion (modules/privacy, lib/leaving-errors.ts)
  sole_owner: { status: 409, message: (tenants: readonly { id: number; name: string }[]): ErrorText => soleOwnerText(tenants) },
  insufficient_user_authentication: { status: 401, rfc: 'RFC 9470 3 (step-up challenge)', message: (maxAge: number): ErrorText => stepUpText('insufficient_user_authentication', maxAge) },
  account_blocked: { status: 403, message: 'This account is blocked by its administrators: it cannot sign in or refresh its tokens until they unblock it.' },
  invitation_email_mismatch: { status: 403, message: 'This invitation is for another address; sign in with the address it was sent to.' },
  email_type_not_customisable: {
    status: 400,
    message: (): ErrorText =>
      said(
        'The passwordlessLogin email is not customisable: its texts are fixed; only its branding (logo, colours, company details) follows the tenant.',
        field('emailConfig.emailTypeConfig.passwordlessLogin', 'is not customisable'),
      ),
  },

  // spaces, algorithms, sensors, devices
  space_not_empty: { status: 409, message: 'The space has child spaces or sensors; delete with ?cascade=true to remove them too.' },
  algorithm_exists: { status: 409, message: (keyName: string) => `An algorithm with keyName ${keyName} already exists.` },
  invalid_space: { status: 400, message: (): ErrorText => said(`spaceId: ${SAME_TENANT}`, field('body.spaceId', SAME_TENANT)) },
  device_id_taken: { status: 409, message: said },
  device_id_fixed: {
    status: 400,
    message: (): ErrorText =>
      said(
        'deviceId: this sensor presents a claimed device; release it and claim another instead',
        field('body.deviceId', 'is fixed while the sensor presents a claimed device'),
      ),
  },
  unsupported_sensor_type: { status: 400, message: said },
  invalid_mac: { status: 400, message: (name = 'body.mac') => said(`${name.replace(/^body\./, '')}: ${MAC_RULE}`, field(name, MAC_RULE)) },
  weak_device_secret: {
    status: 400,
    message: (name: string) => said(`${name.replace(/^body\./, '')}: must be at least 8 characters`, field(name, 'must be at least 8 characters')),
  },
  // a claim that fails answers the same whatever the reason, so it never tells whether a MAC exists
  claim_refused: {
    status: 403,
    message:
      'The MAC address and code do not match a device that can be claimed. Check both; a device someone else holds must first be released by them.',
  },
  device_not_claimed: { status: 409, message: 'This sensor presents no device: claim the device with its code first.' },
  device_registered: { status: 409, message: 'This MAC address is registered by another brand.' },
  device_held: {
    status: 409,
    message: 'A customer holds this device: anonymous access and a new factory password are for its holder to allow; the change was refused and recorded in the holder\'s audit log.',
  },
  invalid_command: { status: 400, message: (problem: string) => said(`command: ${problem}`, field('body.command', problem)) },
  device_offline: { status: 409, message: 'The device is offline; send the command again when it is online.' },
  broker_unavailable: { status: 503, message: said },
  // passkeys (modules/passkeys): the ceremony's answers say what failed, never why a key did not verify
  passkey_challenge_unknown: { status: 400, message: 'This passkey request is unknown, already used or expired. Ask for new options and try again.' },
  passkey_refused: { status: 400, message: 'The passkey could not be verified. Try again, or sign in with an emailed code.' },
  passkeys_off: { status: 403, message: 'This brand does not offer passkeys: sign in with an emailed code.' },
  ...CONNECTION_ERRORS, // upstream sign-in (modules/connections, lib/connection-errors.ts)

  // hosted pages (pages/): shown to a person, so the messages are sentences for people
  csrf_failed: { status: 403, message: 'This form has expired or your browser did not send its cookie. Reload the page and try again (cookies must be allowed for this site).' },
  signed_out: { status: 401, message: 'You are signed out. Open your account page to sign in again.' },
  authorization_expired: { status: 400, message: 'This sign-in has expired or was started in another browser. Go back to the app and start again.' },
  wrong_code: { status: 400, message: 'That code is not right. Check the email and try again.' },
  invalid_email: { status: 400, message: 'Enter an email address like name@example.com.' },
  invalid_link: { status: 400, message: 'This link is damaged. Type the code from the email instead.' },
  too_many_attempts: { status: 400, message: 'Too many wrong codes. Ask for a new code below.' },
  no_account: { status: 400, message: 'There is no account for this address yet. Sign in to an app first to create one.' },
  mail_budget_spent: {
    status: 429,
    message: (retryAfterSeconds: number): ErrorText => ({
      message: `This address has had its share of sign-in emails for now: use the newest code it received, or ask for a new one in ${Math.ceil(retryAfterSeconds / 60)} minutes.`,
      headers: { 'retry-after': String(retryAfterSeconds) },
    }),
  },
} as const satisfies Record<string, ErrorSpec>

export type ErrorCode = keyof typeof APP_ERRORS

export interface OAuthErrorSpec {
  status: number
  rfc: string
  /** Only ever sent as a redirect parameter of the authorization endpoint, never in a body. */
  redirectOnly?: true
}

/**
 * `{"error", "error_description"}` (RFC 6749 section 5.2) at /auth/oauth2/, and the `error`
 * parameter of the authorization endpoint's redirects (section 4.1.2.1). The description is
 * written at the call site: the code is the standard's, the sentence says which check failed.
 */
export const OAUTH_ERRORS = {
  invalid_request: { status: 400, rfc: 'RFC 6749 5.2' },
  invalid_client: { status: 401, rfc: 'RFC 6749 5.2' },
  invalid_grant: { status: 400, rfc: 'RFC 6749 5.2' },
  unauthorized_client: { status: 400, rfc: 'RFC 6749 5.2' },
  unsupported_grant_type: { status: 400, rfc: 'RFC 6749 5.2' },
  invalid_scope: { status: 400, rfc: 'RFC 6749 5.2' },
  server_error: { status: 500, rfc: 'RFC 6749 4.1.2.1' },
  temporarily_unavailable: { status: 503, rfc: 'RFC 6749 4.1.2.1' },
  rate_limited: { status: 429, rfc: 'none: Trellis, with Retry-After (RFC 9110 10.2.3)' },
  unsupported_response_type: { status: 302, rfc: 'RFC 6749 4.1.2.1', redirectOnly: true },
  login_required: { status: 302, rfc: 'OpenID Connect Core 1.0 3.1.2.6', redirectOnly: true },
  // the device authorization grant's answers to a polling device (RFC 8628 3.5)
  authorization_pending: { status: 400, rfc: 'RFC 8628 3.5' },
  slow_down: { status: 400, rfc: 'RFC 8628 3.5' },
  access_denied: { status: 400, rfc: 'RFC 8628 3.5' },
  expired_token: { status: 400, rfc: 'RFC 8628 3.5' },
} as const satisfies Record<string, OAuthErrorSpec>

export type OAuthErrorCode = keyof typeof OAUTH_ERRORS

/**
 * Error frames of the live WebSocket (`{"type": "error", "data": {"code", "message"}}`,
 * devices/live.routes.ts); a topic refused by the policy carries the policy's code instead.
 */
export const LIVE_ERRORS = {
  // the call site says what was wrong with the message
  invalid_message: {},
  invalid_topic: { message: 'Topics are tenants/<tenantId>/sensors/<mac>/measurements.' },
  too_many_topics: { message: (max: number) => `At most ${max} topics.` },
  // a topic refused for a reason that is not an AppError; the message is the refusal's
  error: {},
} as const

export type LiveErrorCode = keyof typeof LIVE_ERRORS

const namesOf = <K extends string>(catalog: Record<K, unknown>) =>
  Object.fromEntries(Object.keys(catalog).map((code) => [code, code])) as { [C in K]: C }

/** Codes by name, to compare (`error.code === APP_CODE.invalid_token`) or to put in a body. */
export const APP_CODE = namesOf(APP_ERRORS)
export const OAUTH_CODE = namesOf(OAUTH_ERRORS)
export const LIVE_CODE = namesOf(LIVE_ERRORS)

export const ERROR_CODES = Object.keys(APP_ERRORS) as ErrorCode[]
export const OAUTH_BODY_CODES = (Object.keys(OAUTH_ERRORS) as OAuthErrorCode[]).filter(
  (code) => !('redirectOnly' in OAUTH_ERRORS[code]),
)
