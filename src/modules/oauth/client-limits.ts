/**
 * What a brand's admin may put in a client of their brand (policy.ts manageClients): the
 * platform's scopes only, no password grant, no imported id or secret, no long-lived access
 * tokens. Those stay the platform's, for importing the apps it already runs; a brand's own
 * app signs people in with PKCE or keeps a generated secret, like any new app.
 */
import { appErrors, type ErrorDetail } from '../../lib/errors.ts'
import { SCOPES } from '../tenancy/index.ts'

export interface LimitedClientFields {
  grantTypes?: readonly string[] | undefined
  scopes?: readonly string[] | undefined
  clientId?: string | undefined
  clientSecret?: string | undefined
  longLivedAccessTokenSeconds?: number | null | undefined
}

const PLATFORM = 'only platform administrators may set it'

/** 403 naming each field a brand's admin may not set as given. */
export function checkBrandClientFields(input: LimitedClientFields): void {
  const details: ErrorDetail[] = []
  if (input.clientId !== undefined) details.push({ field: 'body.clientId', message: PLATFORM })
  if (input.clientSecret !== undefined) details.push({ field: 'body.clientSecret', message: PLATFORM })
  if (input.longLivedAccessTokenSeconds != null) details.push({ field: 'body.longLivedAccessTokenSeconds', message: PLATFORM })
  if (input.grantTypes?.includes('password')) details.push({ field: 'body.grantTypes', message: 'the password grant is the platform\'s to give' })
  const beyond = (input.scopes ?? []).filter((s) => !(SCOPES as readonly string[]).includes(s))
  if (beyond.length) details.push({ field: 'body.scopes', message: `a brand's client may hold only ${SCOPES.join(', ')}; not ${beyond.join(', ')}` })
  if (details.length) throw appErrors.forbidden("A brand's client may not have this.", details)
}
