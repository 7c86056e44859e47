import Type from 'typebox'

/** A value or null (PATCH uses null to remove a value). */
export const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()])

export const ErrorSchema = Type.Object(
  {
    success: Type.Literal(false),
    code: Type.String({ description: 'stable snake_case error code' }),
    message: Type.String(),
    details: Type.Optional(Type.Array(Type.Object({ field: Type.String(), message: Type.String() }))),
  },
  { description: 'Error' },
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

export const SuccessMessage = Type.Object({ success: Type.Literal(true), message: Type.String() })

/** The Relay-style page of a /v4/ list. */
export function pageSchema<T extends Parameters<typeof Type.Array>[0]>(node: T) {
  return Type.Object({
    edges: Type.Array(Type.Object({ node, cursor: Type.String() })),
    pageInfo: Type.Object({
      hasNextPage: Type.Boolean(),
      hasPreviousPage: Type.Boolean(),
      startCursor: Type.Union([Type.String(), Type.Null()]),
      endCursor: Type.Union([Type.String(), Type.Null()]),
    }),
    totalCount: Type.Integer(),
  })
}

export const PageQuerySchema = {
  limit: Type.Optional(Type.Integer({ description: '1..250, default 10' })),
  after: Type.Optional(Type.String({ maxLength: 500, description: "the previous page's endCursor" })),
  before: Type.Optional(Type.String({ maxLength: 500, description: "the previous page's startCursor" })),
}
