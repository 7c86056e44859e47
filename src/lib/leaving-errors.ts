/** The texts of the two errors an account's deletion may answer with (lib/error-catalog.ts names the codes). */
interface Text {
  message: string
  details: { field: string; message: string }[]
  headers?: Record<string, string>
}

/** The tenants the person is the last owner of: one detail per tenant, its id in the field and its name as the message. */
export function soleOwnerText(tenants: readonly { id: number; name: string }[]): Text {
  return {
    message: `You are the last owner of ${tenants.map((t) => `tenant ${t.id} (${t.name})`).join(', ')}: make another member its owner, then delete the account.`,
    details: tenants.map((t) => ({ field: `tenants.${t.id}`, message: t.name })),
  }
}

/** RFC 9470's step-up challenge: how to sign in again, in the body and in WWW-Authenticate (with `max_age`). */
export function stepUpText(code: string, maxAge: number): Text {
  const hint = `sign in again: a fresh login code, or the authorization endpoint with prompt=login or max_age=${maxAge}`
  return {
    message: `This needs a sign-in at most ${maxAge} seconds old; ${hint}.`,
    details: [{ field: 'session', message: `signed in more than ${maxAge} seconds ago: ${hint}` }],
    headers: { 'www-authenticate': `Bearer error="${code}", error_description="A more recent sign-in is required", max_age=${maxAge}` },
  }
}
