/**
 * What an issuer publishes about itself: RFC 8414 authorization server metadata and OpenID
 * Connect Discovery 1.0. The platform is one issuer, and every tenant another
 * (`$PUBLIC_URL/tenants/{id}`, see oidc.ts issuerOf): a tenant's document sends the browser
 * to the tenant's hosted pages (authorization, sign-out, login code endpoint, device
 * authorization: its user codes are entered on the tenant's page), so a library
 * pointed at a brand's issuer URL runs the branded flow without rewriting a URL. The
 * endpoints a browser never sees (token, revocation, introspection, userinfo, keys) are the
 * platform's, shared by every issuer.
 */
import type { Config } from '../../config.ts'
import { SUPPORTED_LOCALES } from '../../lib/locale.ts'
import { SCOPES } from '../tenancy/index.ts'
import { issuerOf } from './oidc.ts'
import { OIDC_SCOPES } from './scopes.ts'

export function authorizationServerMetadata(config: Readonly<Config>, grantTypes: string[], tenantId: number | null) {
  const base = config.publicUrl
  const issuer = issuerOf(base, tenantId)
  return {
    issuer,
    authorization_endpoint: `${issuer}/auth/oauth2/authorize`,
    token_endpoint: `${base}/auth/oauth2/token`,
    jwks_uri: `${base}/.well-known/jwks.json`,
    revocation_endpoint: `${base}/auth/oauth2/revoke`,
    introspection_endpoint: `${base}/auth/oauth2/introspect`,
    passwordless_login_code_endpoint: `${issuer}/auth/passwordlessLogin/code`,
    // RFC 8628: under the issuer, which the request (its user code, its tokens) belongs to (device-codes.ts)
    device_authorization_endpoint: `${issuer}/auth/oauth2/device_authorization`,
    scopes_supported: [...OIDC_SCOPES, ...SCOPES],
    grant_types_supported: grantTypes,
    response_types_supported: ['code'],
    token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
    revocation_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
    introspection_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
    code_challenge_methods_supported: ['S256'],
    // in the RFC 8414 document too: a library that discovers through it (and not through OpenID
    // Connect Discovery) otherwise assumes RS256 only; RS256 first, the default (oidc.ts)
    id_token_signing_alg_values_supported: ['RS256', 'ES256'],
    // RFC 9207: the authorization response carries iss
    authorization_response_iss_parameter_supported: true,
    // the hosted pages' languages, chosen by ui_locales (RFC 8414 2, OpenID Connect Discovery 3)
    ui_locales_supported: [...SUPPORTED_LOCALES],
  }
}

export function openidConfiguration(config: Readonly<Config>, grantTypes: string[], tenantId: number | null) {
  const metadata = authorizationServerMetadata(config, grantTypes, tenantId)
  return {
    ...metadata,
    userinfo_endpoint: `${config.publicUrl}/userinfo`,
    end_session_endpoint: `${metadata.issuer}/auth/oauth2/logout`,
    response_modes_supported: ['query'],
    prompt_values_supported: ['none', 'login', 'select_account'],
    subject_types_supported: ['public'],
    claims_supported: ['sub', 'iss', 'aud', 'exp', 'iat', 'auth_time', 'nonce', 'sid', 'tenant_id', 'brand_id', 'email', 'email_verified', 'name', 'preferred_username'],
  }
}
