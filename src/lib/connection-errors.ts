/**
 * The error codes of upstream sign-in (modules/connections), a part of the one catalog
 * (lib/error-catalog.ts spreads them in): the admin API's refusals and what the hosted pages
 * show a person when a sign-in with a provider does not complete.
 */
const refused = (field: string, message: string) => ({ message: `${field.replace(/^body\./, '')}: ${message}`, details: [{ field, message }] })

export const CONNECTION_ERRORS = {
  // an issuer Trellis will not fetch from: not https, or a host that resolves to a private address
  invalid_issuer: { status: 400, message: (reason: string) => refused('body.issuer', reason) },
  // an Apple connection's private key that is not an ES256 (P-256) key in PKCS#8 PEM
  invalid_apple_key: { status: 400, message: () => refused('body.privateKey', 'must be the ES256 private key (.p8, PKCS#8 PEM) Apple issued') },
  // the provider said no, answered something Trellis does not accept, or the round trip is stale or replayed
  upstream_refused: { status: 400, message: 'The sign-in with this provider did not complete. Go back to the app and try again, or sign in with an emailed code.' },
  // a first sign-in with a provider where the brand does not sign strangers up
  upstream_signup_closed: { status: 403, message: 'There is no account for this address here, and this service does not create one. Ask the service for an invitation.' },
  // unlinking the one way left into an account
  last_way_in: { status: 409, message: 'This is the last way into your account: add a passkey, or link another provider, before you unlink it.' },
} as const
