import Type, { type Static } from 'typebox'
import { Nullable } from '../../lib/schemas.ts'

const Color = Type.String({ pattern: '^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$', description: '#RGB or #RRGGBB' })
const Text = (max: number) => Type.Union([Type.String({ maxLength: max }), Type.Null()])

export const EmailTypeTextsSchema = Type.Object({
  subject: Type.Optional(Text(200)),
  title: Type.Optional(Text(200)),
  contentBeforeCta: Type.Optional(Text(5000)),
  ctaLabel: Type.Optional(Text(100)),
  ctaLink: Type.Optional(Text(2000)),
  contentAfterCta: Type.Optional(Text(5000)),
  footerTitle: Type.Optional(Text(200)),
})

export const EmailConfigSchema = Type.Object({
  template: Type.Optional(
    Type.Union([
      Type.Object({
        buttonColor: Type.Optional(Type.Union([Color, Type.Null()])),
        textColor: Type.Optional(Type.Union([Color, Type.Null()])),
      }),
      Type.Null(),
    ]),
  ),
  // Keys are checked in the service, so that `passwordlessLogin` gets its own message.
  emailTypeConfig: Type.Optional(
    Type.Union([Type.Record(Type.String(), Type.Union([EmailTypeTextsSchema, Type.Null()])), Type.Null()]),
  ),
})
export type EmailConfigInput = Static<typeof EmailConfigSchema>

const HttpUrl = Type.String({ maxLength: 2000, pattern: '^https?://[^\\s]+$', description: 'an http or https URL' })
const Email = Type.String({ format: 'email', maxLength: 320 })
const Opt = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Optional(Nullable(t))

const tenantFields = {
  emailAddress: Opt(Email),
  address: Opt(Type.String({ maxLength: 500 })),
  phoneNumber: Opt(Type.String({ maxLength: 50 })),
  logoUrl: Opt(HttpUrl),
  zipCode: Opt(Type.String({ maxLength: 20 })),
  countryCode: Opt(Type.String({ pattern: '^[A-Za-z]{2}$', description: 'ISO 3166-1 alpha-2' })),
  senderEmail: Opt(Email),
  timeZone: Opt(Type.String({ maxLength: 64, description: 'IANA time zone for dates in emails, e.g. Europe/Berlin' })),
  allowSignup: Type.Optional(Type.Boolean()),
  emailConfig: Type.Optional(EmailConfigSchema),
}

export const CreateTenantBody = Type.Object({ name: Type.String({ minLength: 1, maxLength: 200 }), ...tenantFields })
export type CreateTenantInput = Static<typeof CreateTenantBody>
export const UpdateTenantBody = Type.Object({ name: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })), ...tenantFields })
export type UpdateTenantInput = Static<typeof UpdateTenantBody>

export const TenantSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  emailAddress: Nullable(Type.String()),
  address: Nullable(Type.String()),
  phoneNumber: Nullable(Type.String()),
  logoUrl: Nullable(Type.String()),
  zipCode: Nullable(Type.String()),
  countryCode: Nullable(Type.String()),
  senderEmail: Nullable(Type.String()),
  timeZone: Nullable(Type.String()),
  allowSignup: Type.Boolean(),
  emailConfig: Type.Object({
    template: Type.Optional(Type.Object({ buttonColor: Type.Optional(Type.String()), textColor: Type.Optional(Type.String()) })),
    emailTypeConfig: Type.Optional(Type.Record(Type.String(), Type.Record(Type.String(), Type.String()))),
  }),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
})
export type TenantView = Static<typeof TenantSchema>

export const RoleSchema = Type.Union([Type.Literal('owner'), Type.Literal('admin'), Type.Literal('member')])

export const MemberSchema = Type.Object({
  userId: Type.Integer(),
  email: Type.String(),
  username: Type.String(),
  displayName: Nullable(Type.String()),
  role: RoleSchema,
  joinedAt: Type.String({ format: 'date-time' }),
})

export const AddMemberBody = Type.Object({ email: Email, role: RoleSchema })
