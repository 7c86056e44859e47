import Type from 'typebox'
import { ERROR_CODES, OAUTH_BODY_CODES, type ErrorCode, type OAuthErrorCode } from './error-catalog.ts'

/** The marker of a schema that gets a name under `components.schemas` (see lib/openapi.ts). */
export const COMPONENT = 'x-component'

/**
 * Schema options that name a schema in the API document: it is listed once under
 * `components.schemas` and referenced wherever it is used (see lib/openapi.ts).
 */
export const component = (name: string) => ({ [COMPONENT]: name })

/** A value or null (PATCH uses null to remove a value). */
export const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()])

/** A BCP 47 language tag (lib/locale.ts canonicalises it: 'nl-nl' is stored as 'nl-NL'). */
export const LocaleTag = (description = 'a BCP 47 language tag, e.g. nl or nl-BE') =>
  Type.String({ minLength: 2, maxLength: 35, pattern: '^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$', description, examples: ['nl-NL'] })

export const ErrorSchema = Type.Object(
  {
    success: Type.Literal(false),
    code: Type.Unsafe<ErrorCode>({ type: 'string', enum: ERROR_CODES, description: 'stable snake_case error code (lib/error-catalog.ts)', ...component('ErrorCode') }),
    message: Type.String(),
    details: Type.Optional(Type.Array(Type.Object({ field: Type.String(), message: Type.String() }))),
  },
  { ...component('Error'), description: 'Error' },
)

/** RFC 6749 section 5.2: the error body of the endpoints under /auth/oauth2/. */
export const OAuthErrorSchema = Type.Object(
  {
    error: Type.Unsafe<OAuthErrorCode>({ type: 'string', enum: OAUTH_BODY_CODES, description: 'RFC 6749 5.2 error code, or rate_limited', ...component('OAuthErrorCode') }),
    error_description: Type.String(),
  },
  { ...component('OAuthError'), description: 'RFC 6749 error' },
)

/** The error responses every authenticated route may give. */
export const errorResponses = {
  400: ErrorSchema,
  401: ErrorSchema,
  403: ErrorSchema,
  404: ErrorSchema,
  409: ErrorSchema,
  429: ErrorSchema,
}

export const SuccessMessage = Type.Object({ success: Type.Literal(true), message: Type.String() }, component('SuccessMessage'))

/** Responses that are not JSON: the document lists them under their own media type. */
export const HtmlPage = Type.String({ contentMediaType: 'text/html', description: 'An HTML page' })
export const PlainText = Type.String({ contentMediaType: 'text/plain', description: 'Plain text' })

const PageInfo = Type.Object(
  {
    hasNextPage: Type.Boolean(),
    hasPreviousPage: Type.Boolean(),
    startCursor: Type.Union([Type.String(), Type.Null()]),
    endCursor: Type.Union([Type.String(), Type.Null()]),
  },
  component('PageInfo'),
)

/** The Relay-style page of a /v4/ list; named `<Node>Page` in the document when the node is named. */
export function pageSchema<T extends Parameters<typeof Type.Array>[0]>(node: T) {
  const name = (node as Record<string, unknown>)[COMPONENT]
  return Type.Object(
    { edges: Type.Array(Type.Object({ node, cursor: Type.String() })), pageInfo: PageInfo, totalCount: Type.Integer() },
    typeof name === 'string' ? component(`${name}Page`) : {},
  )
}

export const PageQuerySchema = {
  limit: Type.Optional(Type.Integer({ description: '1..250, default 10' })),
  after: Type.Optional(Type.String({ maxLength: 500, description: "the previous page's endCursor" })),
  before: Type.Optional(Type.String({ maxLength: 500, description: "the previous page's startCursor" })),
}
