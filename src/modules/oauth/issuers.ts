/** The issuers this service speaks as: the platform's, and one per tenant. */

/**
 * The issuer an authorization is made by. Each tenant has its own, `$PUBLIC_URL/tenants/{id}`,
 * with its own discovery document (oidc.routes.ts): an authorization under `/tenants/{id}`
 * names it in its response (`iss`, RFC 9207), in the ID token and in the access tokens of
 * the session it opens, so an OpenID Connect library pointed at a brand's issuer runs the
 * brand's pages and accepts what comes back, access tokens included (RFC 9068 4). Without
 * the prefix the issuer is the platform's, `$PUBLIC_URL`. Access tokens name the platform as
 * their audience (`aud`) whatever their issuer: its resource routes serve every issuer.
 */
export function issuerOf(publicUrl: string, tenantId: number | null): string {
  return tenantId ? `${publicUrl}/tenants/${tenantId}` : publicUrl
}

/** The tenant an issuer names (undefined: not one of this service's issuers; null: the platform). */
export function tenantOfIssuer(publicUrl: string, issuer: unknown): number | null | undefined {
  if (issuer === publicUrl) return null
  if (typeof issuer !== 'string' || !issuer.startsWith(`${publicUrl}/tenants/`)) return undefined
  const id = issuer.slice(publicUrl.length + '/tenants/'.length)
  return /^[1-9][0-9]{0,9}$/.test(id) && Number(id) <= 2147483647 ? Number(id) : undefined
}
