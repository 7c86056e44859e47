import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import Type from 'typebox'
import { errorResponses, LocaleTag, Nullable, SuccessMessage } from '../../lib/schemas.ts'
import { registerScoped, scopedParams } from '../../lib/scope.ts'
import { type AccountsService, REGISTERED_MESSAGE, RESET_REQUESTED_MESSAGE } from './accounts.service.ts'
import { CurrentUserSchema, profileView } from './users.routes.ts'

const Email = Type.String({ format: 'email', maxLength: 320 })
// length rules are checked by the service, so a weak password gets the rule it broke
const Password = Type.String({ maxLength: 4096 })
const Token = Type.String({ minLength: 1, maxLength: 200 })
const security = [{ bearer: ['account'] }]

function scopedAccountRoutes(parent: FastifyInstance, accounts: AccountsService): void {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>()
  const params = scopedParams({})

  app.post(
    '/users/register',
    {
      schema: {
        tags: ['users'],
        summary: 'Create an account and email a confirmation link; the same answer for a taken address',
        params,
        body: Type.Object({
          email: Email,
          password: Password,
          username: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
          displayName: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
          locale: Type.Optional(LocaleTag("The account's locale (emails and pages); absent: the Accept-Language header's first language")),
        }),
        response: { 200: SuccessMessage, ...errorResponses },
      },
    },
    async (request) => {
      await accounts.register({ ...request.body, acceptLanguage: request.headers['accept-language'] ?? null }, request.params.tenantId, request.ip)
      return { success: true as const, message: REGISTERED_MESSAGE }
    },
  )

  app.post(
    '/users/confirmEmail',
    {
      schema: {
        tags: ['users'],
        summary: 'Confirm an email address with the token from the confirmation email',
        params,
        body: Type.Object({ token: Token }),
        response: { 200: SuccessMessage, ...errorResponses },
      },
    },
    async (request) => {
      await accounts.confirmEmail(request.body.token)
      return { success: true as const, message: 'The email address is confirmed.' }
    },
  )

  app.post(
    '/users/forgotPassword',
    {
      schema: {
        tags: ['users'],
        summary: 'Email a password reset link; the same answer for any address',
        params,
        body: Type.Object({ email: Email }),
        response: { 200: SuccessMessage, ...errorResponses },
      },
    },
    async (request) => {
      await accounts.forgotPassword(request.body.email, request.params.tenantId, request.ip)
      return { success: true as const, message: RESET_REQUESTED_MESSAGE }
    },
  )

  app.post(
    '/users/resetPassword',
    {
      schema: {
        tags: ['users'],
        summary: 'Set a new password with a reset token; ends every session of the account',
        params,
        body: Type.Object({ token: Token, password: Password }),
        response: { 200: SuccessMessage, ...errorResponses },
      },
    },
    async (request) => {
      await accounts.resetPassword(request.body.token, request.body.password, request.params.tenantId)
      return { success: true as const, message: 'The password has been changed.' }
    },
  )
}

export async function accountRoutes(parent: FastifyInstance, { accounts }: { accounts: AccountsService }): Promise<void> {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>()
  registerScoped(app, (scoped) => scopedAccountRoutes(scoped, accounts))

  app.patch(
    '/users/current',
    {
      schema: {
        tags: ['users'],
        summary: 'Change the username, display name or locale of the signed-in user',
        security,
        body: Type.Object({
          username: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
          displayName: Type.Optional(Type.Union([Type.String({ minLength: 1, maxLength: 200 }), Type.Null()])),
          locale: Type.Optional(Nullable(LocaleTag('The locale emails and pages speak to the user in; null: not set (the brand\'s default applies)'))),
        }),
        response: { 200: CurrentUserSchema, ...errorResponses },
      },
    },
    async (request) => profileView(await accounts.profile(await accounts.updateProfile(request.actor, request.body))),
  )

  app.post(
    '/users/current/password',
    {
      schema: {
        tags: ['users'],
        summary: 'Change the password (needs the current one); other sessions end',
        security,
        body: Type.Object({ currentPassword: Password, newPassword: Password }),
        response: { 200: SuccessMessage, ...errorResponses },
      },
    },
    async (request) => {
      await accounts.changePassword(request.actor, request.body.currentPassword, request.body.newPassword)
      return { success: true as const, message: 'The password has been changed.' }
    },
  )
}
