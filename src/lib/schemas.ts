import Type from 'typebox'

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
