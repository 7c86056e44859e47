/**
 * The last step of the API document (@fastify/swagger's `transformObject`): what every
 * operation shares is added here, once, instead of in each route:
 * - an operationId on each operation (see operation-ids.ts), unique or the build fails;
 * - named schemas: a schema marked with `component('Name')` moves to
 *   `components.schemas.Name` and is referenced from where it was;
 * - responses: a description per status, the error shape the path answers with (RFC 6749's
 *   under /auth/oauth2/, `{success: false, ...}` elsewhere) on the statuses every route can
 *   give, and the headers (`x-request-id` on all, `Retry-After` on 429, ...);
 * - media types: a response whose schema says `contentMediaType` is documented as that type;
 * - an example on every request body, sampled from its schema where the route gives none.
 * Validation never reads the document, so nothing here changes what a route accepts.
 */
import { sample } from 'openapi-sampler'
import type { JSONSchema7 } from 'json-schema'
import { operationIdFor } from './operation-ids.ts'
import { COMPONENT, ErrorSchema, OAuthErrorSchema } from './schemas.ts'

type Json = Record<string, unknown>
interface Media { schema?: Json; example?: unknown; examples?: unknown }
interface Response { description?: string; headers?: Record<string, unknown>; content?: Record<string, Media> }
interface Reference { $ref: string }
interface Operation {
  operationId?: string
  parameters?: { in: string; name: string }[]
  requestBody?: { content: Record<string, Media> }
  responses?: Record<string, Response | Reference>
  security?: unknown[]
  tags?: string[]
}
export interface Document {
  paths?: Record<string, Record<string, Operation>>
  components?: { schemas?: Record<string, Json>; headers?: Record<string, Json>; responses?: Record<string, Json> }
  [key: string]: unknown
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']
/**
 * The paths that answer RFC 6749's error shape: those under /auth/oauth2/, and a tenant issuer's
 * device authorization endpoint (RFC 8628; the tenant's hosted pages under its prefix answer as pages).
 */
export const isOAuthPath = (path: string) => path.startsWith('/auth/oauth2/') || path === '/tenants/{tenantId}/auth/oauth2/device_authorization'
const ref = (kind: string, name: string) => ({ $ref: `#/components/${kind}/${name}` })

function operations(doc: Document): { path: string; method: string; op: Operation }[] {
  return Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, op]) => ({ path, method, op })),
  )
}

/** Completes the document in place (it is built fresh for each call of `app.swagger()`). */
export function shapeDocument(document: object): void {
  const doc = document as Document
  const schemas = { ...(doc.components?.schemas ?? {}) }
  doc.paths = hoistComponents(doc.paths ?? {}, schemas) as Document['paths']
  doc.components = { ...doc.components, schemas: { ...sharedSchemas(), ...schemas }, headers: sharedHeaders() }
  assignOperationIds(doc)
  for (const { path, op } of operations(doc)) {
    documentResponses(path, op, doc)
    addExamples(op, doc)
  }
}

function assignOperationIds(doc: Document): void {
  const all = operations(doc)
  // the ids routes gave themselves, read before any is replaced
  const explicit = new Map(all.map(({ path, method, op }) => [`${method} ${path}`, op.operationId]))
  const seen = new Map<string, string>()
  for (const { path, method, op } of all) {
    const twinPath = path.startsWith('/tenants/{tenantId}/') ? path.slice('/tenants/{tenantId}'.length) : undefined
    const id = operationIdFor(method, path, op.operationId, twinPath && explicit.get(`${method} ${twinPath}`))
    const where = `${method.toUpperCase()} ${path}`
    const other = seen.get(id)
    if (other) throw new Error(`operationId ${id} is given to both ${other} and ${where}: name one in its route schema`)
    seen.set(id, where)
    op.operationId = id
  }
}

/** Replaces every marked schema under `node` by a reference, collecting the schemas by name. */
function hoistComponents(node: unknown, schemas: Record<string, Json>): unknown {
  if (Array.isArray(node)) return node.map((item) => hoistComponents(item, schemas))
  if (node === null || typeof node !== 'object') return node
  const { [COMPONENT]: name, ...rest } = node as Json
  const copy: Json = {}
  for (const [key, value] of Object.entries(rest)) copy[key] = hoistComponents(value, schemas)
  if (typeof name !== 'string') return copy
  const existing = schemas[name]
  if (existing && JSON.stringify(existing) !== JSON.stringify(copy)) throw new Error(`two different schemas are named ${name}`)
  schemas[name] = copy
  return ref('schemas', name)
}

/** The shapes of the error responses added below, named as the routes name them. */
function sharedSchemas(): Record<string, Json> {
  return Object.fromEntries(
    [ErrorSchema, OAuthErrorSchema].map((schema) => {
      const { [COMPONENT]: name, ...rest }: Json = { ...schema }
      return [String(name), rest]
    }),
  )
}

function sharedHeaders(): Record<string, Json> {
  return {
    RequestId: { description: 'The id of this request in the server logs (echoes an x-request-id sent by the caller)', schema: { type: 'string' } },
    RetryAfter: { description: 'Seconds to wait before trying again', schema: { type: 'integer', minimum: 0 } },
    NoStore: { description: 'Token responses are never cached', schema: { type: 'string', const: 'no-store' } },
    WwwAuthenticate: { description: 'The authentication scheme the endpoint expects', schema: { type: 'string' } },
  }
}

/** The error responses every route shares, listed once under `components.responses`. */
const ERRORS: Record<string, [name: string, description: string]> = {
  400: ['BadRequest', 'Invalid request: a parameter or the body fails validation (`details` names each field)'],
  401: ['Unauthorized', 'No valid credentials: the bearer token is missing, expired or revoked'],
  403: ['Forbidden', 'The caller may not do this (its role in the tenant, or the token scopes)'],
  404: ['NotFound', 'Not found, or not visible to the caller'],
  409: ['Conflict', 'Conflicts with the current state, e.g. a duplicate or a resource still in use'],
  413: ['PayloadTooLarge', 'The body is larger than the server accepts'],
  415: ['UnsupportedMediaType', 'The body has a media type this operation does not accept'],
  429: ['TooManyRequests', 'Too many requests: wait `Retry-After` seconds'],
  503: ['ServiceUnavailable', 'Not ready to serve'],
}
const OAUTH_DESCRIPTIONS: Record<string, string> = {
  400: 'RFC 6749 error: invalid_request, invalid_grant, unauthorized_client, unsupported_grant_type or invalid_scope',
  401: 'Client authentication failed (invalid_client)',
  429: 'Too many failed attempts: wait `Retry-After` seconds',
}
const SUCCESS_DESCRIPTIONS: Record<string, string> = { 200: 'OK', 201: 'Created', 202: 'Accepted', 204: 'No content' }

function documentResponses(path: string, op: Operation, doc: Document): void {
  const oauth = isOAuthPath(path)
  const responses = (op.responses ??= {})
  const errorSchema = oauth ? 'OAuthError' : 'Error'
  // what any route can answer, whatever it declares: a bad input, a missing or weak token, a bad body
  const hasInput = (op.parameters?.length ?? 0) > 0 || op.requestBody !== undefined
  // the v5 dialect answers refusals as 200 in its envelope and documents its own error statuses
  const dialect = op.tags?.includes('v5') ?? false
  const shared = dialect ? [] : [...(hasInput ? ['400'] : []), ...(op.security?.length && !oauth ? ['401', '403'] : []), ...(op.requestBody ? ['413', '415'] : [])]
  for (const status of shared) responses[status] ??= { content: { 'application/json': { schema: ref('schemas', errorSchema) } } }
  for (const [status, response] of Object.entries(responses)) {
    if ('$ref' in response) continue
    const error = ERRORS[status]
    const schema = response.content?.['application/json']?.schema
    if (error && schema?.$ref === `#/components/schemas/${errorSchema}` && Object.keys(response.content ?? {}).length === 1) {
      const name = `${oauth ? 'OAuth' : ''}${error[0]}`
      const description = (oauth ? OAUTH_DESCRIPTIONS[status] : undefined) ?? error[1]
      const content = { 'application/json': { schema: ref('schemas', errorSchema) } }
      ;((doc.components ??= {}).responses ??= {})[name] = { description, headers: headersFor(status, oauth), content }
      responses[status] = ref('responses', name)
      continue
    }
    if (!response.description || response.description === 'Default Response') {
      response.description = SUCCESS_DESCRIPTIONS[status] ?? error?.[1] ?? 'Response'
    }
    response.headers = { ...response.headers, ...headersFor(status, oauth) }
    response.content = mediaTypes(response.content)
  }
}

function headersFor(status: string, oauth: boolean): Record<string, unknown> {
  const headers: Record<string, unknown> = { 'x-request-id': ref('headers', 'RequestId') }
  if (status === '429') headers['Retry-After'] = ref('headers', 'RetryAfter')
  if (status === '401') headers['WWW-Authenticate'] = ref('headers', 'WwwAuthenticate')
  if (oauth) headers['Cache-Control'] = ref('headers', 'NoStore')
  return headers
}

/** A JSON-typed response whose schema names another media type (`contentMediaType`) is documented as that type. */
function mediaTypes(content: Record<string, Media> | undefined): Record<string, Media> | undefined {
  const json = content?.['application/json']
  const type = json?.schema?.contentMediaType
  if (!content || !json?.schema || typeof type !== 'string') return content
  const { contentMediaType: _moved, ...schema } = json.schema
  const { ['application/json']: _json, ...others } = content
  return { ...others, [type]: { ...json, schema } }
}

function addExamples(op: Operation, doc: Document): void {
  for (const media of Object.values(op.requestBody?.content ?? {})) {
    if (media.example !== undefined || media.examples !== undefined || !media.schema) continue
    // The sampler reads JSON Schema; our schemas are JSON Schema 2020-12 (OpenAPI 3.1).
    media.example = sample(media.schema as JSONSchema7, { skipReadOnly: true, quiet: true, enablePatterns: true }, doc)
  }
}
