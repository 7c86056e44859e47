/**
 * operationIds for the API document, made in one place from method and path, so that a
 * route author writes none and a generated client gets stable, readable method names:
 *
 *   GET    /sensors                    listSensors
 *   GET    /account                    getAccount
 *   GET    /tenants/{tenantId}/sensors listTenantSensors
 *   GET    /v4/sensors                 listSensorsV4
 *   GET    /sensors/{sensorId}         getSensor
 *   POST   /sensors                    createSensor
 *   POST   /tenants/{tenantId}/sensors createTenantSensor
 *   POST   /spaces/{spaceId}/algorithms/key/{keyName}   setSpaceAlgorithm
 *   PATCH  /sensors/{sensorId}         updateSensor
 *   DELETE /sensors/{sensorId}         deleteSensor
 *
 * A path that is not a resource (an RPC-like action) gets its name from OPERATION_NAMES, or
 * from `schema.operationId` in its route. A name given for the unprefixed path of a route
 * that also exists under `/tenants/{tenantId}` gets `Tenant` after its verb for the
 * prefixed one (`requestLoginCode`, `requestTenantLoginCode`).
 */

/** Names for the operations whose path does not name a resource. Keys: method and unprefixed path. */
export const OPERATION_NAMES: Readonly<Record<string, string>> = {
  'GET /ready': 'getReadiness',
  'GET /.well-known/jwks.json': 'getJwks',
  'GET /.well-known/oauth-authorization-server': 'getAuthorizationServerMetadata',
  'POST /auth/oauth2/token': 'requestToken',
  'POST /auth/oauth2/revoke': 'revokeToken',
  'POST /auth/oauth2/introspect': 'introspectToken',
  'POST /auth/passwordlessLogin/code': 'requestLoginCode',
  'POST /auth/oauth2/device_authorization': 'requestDeviceAuthorization',
  // the device grant's page (RFC 8628's verification URI), not a device of the fleet
  'GET /device': 'showDeviceVerificationPage',
  'POST /device': 'enterDeviceUserCode',
  'POST /device/decision': 'decideDeviceAuthorization',
  'GET /users/current': 'getCurrentUser',
  'PATCH /users/current': 'updateCurrentUser',
  'POST /users/current/password': 'changePassword',
  'DELETE /users/current': 'deleteCurrentUser',
  'GET /users/current/export': 'exportCurrentUser',
  'POST /users/register': 'registerUser',
  'POST /users/confirmEmail': 'confirmEmail',
  'POST /users/forgotPassword': 'requestPasswordReset',
  'POST /users/resetPassword': 'resetPassword',
  'GET /tenants/{tenantId}/emails/{emailType}/preview': 'previewTenantEmail',
  'POST /tenants/{tenantId}/emails/{emailType}/test': 'sendTenantTestEmail',
  'GET /invitations/preview': 'previewInvitation',
  'POST /invitations/accept': 'acceptInvitation',
  // the invitation page shares its path with the JSON API: its names say they are the page's steps
  'GET /invitations/accept': 'showInvitationPage',
  'POST /invitations/accept/signin': 'startInvitationSignIn',
  'POST /invitations/accept/confirm': 'confirmInvitation',
  'POST /tenants/{tenantId}/members': 'inviteMember',
  'GET /dev/mailbox': 'showDevMailbox',
  'GET /dev/mailbox/{id}': 'showDevMailboxMessage',
  'GET /dev/mailbox/{id}/text': 'getDevMailboxMessageText',
  'GET /dev/callback': 'showDevCallback',
  'POST /webhooks/{endpointId}/rotate': 'rotateWebhookSecret',
  'POST /webhooks/{endpointId}/test': 'sendWebhookTestEvent',
  'POST /webhooks/{endpointId}/deliveries/{deliveryId}/resend': 'resendWebhookDelivery',
}

const PREFIX = '/tenants/{tenantId}'
// the verb for a path that ends with a collection (plural), an id, or anything else (a page, an action)
const VERBS: Record<string, [collection: string, item: string, other: string]> = {
  get: ['list', 'get', 'get'],
  post: ['create', 'set', 'post'],
  put: ['replace', 'replace', 'replace'],
  patch: ['update', 'update', 'update'],
  delete: ['delete', 'delete', 'delete'],
}

const isParam = (segment: string) => segment.startsWith('{')
const pascal = (word: string) => word.charAt(0).toUpperCase() + word.slice(1)
const isPlural = (noun: string) => /[^su]s$/.test(noun)
const singular = (noun: string) => (noun.endsWith('ies') ? `${noun.slice(0, -3)}y` : noun.endsWith('ss') ? noun : noun.replace(/s$/, ''))

/** The mechanical name: verb, then the path's nouns (singular where an id follows), then a version. */
export function mechanicalOperationId(method: string, path: string): string {
  const segments = path.split('/').filter((s) => s.length > 0 && s !== '.well-known')
  const words: string[] = []
  const creates = method.toLowerCase() === 'post'
  let version = ''
  segments.forEach((segment, i) => {
    if (isParam(segment)) return
    if (/^v\d+$/.test(segment)) {
      version = segment.toUpperCase()
      return
    }
    const next = segments[i + 1]
    // `/algorithms/key/{keyName}`: `key` only says how the next id addresses an algorithm
    if (segment === 'key' && next && isParam(next)) return
    // singular where an id follows, and for the one record a POST to a collection creates
    const addressed =
      next === undefined ? creates : isParam(next) || (next === 'key' && isParam(segments[i + 2] ?? ''))
    const parts = segment.split(/[^A-Za-z0-9]+/).filter(Boolean)
    const last = parts.pop() ?? ''
    words.push(...parts.map(pascal), pascal(addressed ? singular(last) : last))
  })
  const last = segments.filter((s) => !/^v\d+$/.test(s)).at(-1) ?? ''
  const verbs = VERBS[method.toLowerCase()] ?? [method.toLowerCase(), method.toLowerCase(), method.toLowerCase()]
  const verb = isParam(last) ? verbs[1] : isPlural(last) ? verbs[0] : verbs[2]
  return `${verb}${words.join('')}${version}`
}

/** `requestLoginCode` -> `requestTenantLoginCode`: the name of a route's twin under the tenant prefix. */
export function tenantVariant(operationId: string): string {
  const verbEnd = operationId.search(/[A-Z]/)
  return verbEnd < 0 ? `${operationId}Tenant` : `${operationId.slice(0, verbEnd)}Tenant${operationId.slice(verbEnd)}`
}

/**
 * The operationId of one operation. `explicit` is the route's own `schema.operationId`;
 * `explicitOfTwin` the one of the same method on the path without the tenant prefix, when
 * such a twin exists (the two registrations of a scoped route carry the same explicit id).
 */
export function operationIdFor(method: string, path: string, explicit?: string, explicitOfTwin?: string): string {
  const key = (p: string) => `${method.toUpperCase()} ${p}`
  const unprefixed = path.startsWith(`${PREFIX}/`) ? path.slice(PREFIX.length) : null
  if (explicit && explicit !== explicitOfTwin) return explicit
  if (explicit) return tenantVariant(explicit)
  const named = OPERATION_NAMES[key(path)]
  if (named) return named
  const namedTwin = unprefixed ? OPERATION_NAMES[key(unprefixed)] : undefined
  if (namedTwin) return tenantVariant(namedTwin)
  return mechanicalOperationId(method, path)
}
