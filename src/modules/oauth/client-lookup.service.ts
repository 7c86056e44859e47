/**
 * The client a login-code request means when it leaves `client_id` out. The specification's
 * code request carries only `email`, `code_challenge`, `code_challenge_method` and
 * `redirect_uri`, and says the redirect URI must match "the OAuth client": the URI names it.
 *
 * The rule: the clients that may use login codes (grant `authorization_code`) and accept the
 * presented URI, by exact match or through a fragment wildcard (redirect-uris.ts). Exactly
 * one: that client. None or several: the request is refused, and the answer says to send
 * `client_id`. Nothing is guessed, because the client decides what the code is bound to and
 * who may redeem it, and a wrong guess would surface only at the token endpoint, as a code
 * that does not redeem.
 *
 * A pattern match counts as much as an exact one. An exact registration does not outrank a
 * wildcard that also covers the URI: both clients were promised that URI, and preferring one
 * would silently rebind the other app's codes the day the exact one is registered. Refusing
 * makes the overlap visible at once, and `client_id` settles it.
 *
 * Every client counts, whatever tenant owns it and whatever `/tenants/{id}` prefix the request
 * came under: the check of a named client does not look at tenants either (a client is the
 * app; the prefix chooses whose account and brand), so leaving `client_id` out changes which
 * client is used, never which clients may be used.
 *
 * Cost: the code request is a hot path. The lookup is keyed by the URI: one indexed query
 * (the GIN index `oauth_clients_redirect_uris` on the registered URIs) for the URI itself and the
 * wildcard forms that would match it, and its answer is kept for CLIENT_CACHE_MS like a client
 * row (clients.service.ts), forgotten at once when this process changes a client. A URI
 * with a long fragment gives one form per character of it (at most the route's 2000), each
 * one probe of the index, and the sender's mail limit is taken before any of it.
 *
 * The token endpoint does not do this: it still needs `client_id` or client credentials.
 * The specification's exchange sends them, and RFC 6749 4.1.3 asks a client that does not
 * authenticate for its client_id. Taking a public client from the code itself would look the
 * code up before any client is known, so a wrong guess would be charged to no client's
 * failure budget (attempts.ts); and the code is bound to one client anyway, so naming it
 * costs an app nothing.
 */
import { sql } from 'kysely'
import type { DB } from '../../db/connect.ts'
import type { OAuthClient } from '../../db/database.ts'
import { appErrors } from '../../lib/errors.ts'
import type { TtlCache } from '../../lib/ttl-cache.ts'
import { redirectUriMatches, registeredFormsOf } from './redirect-uris.ts'

/** The oldest public client with this name (names are not unique: the dev seed finds its own). */
export async function firstPublicClientNamed(db: DB, name: string): Promise<Pick<OAuthClient, 'client_id' | 'redirect_uris'> | undefined> {
  return db.selectFrom('oauth_clients').select(['client_id', 'redirect_uris']).where('name', '=', name).where('is_public', '=', true).orderBy('id').executeTakeFirst()
}

export class ClientsByRedirectUri {
  constructor(
    private readonly db: DB,
    /** The answers by URI, kept like client rows (ClientsService.find). */
    private readonly cache: TtlCache<OAuthClient[]>,
  ) {}

  /** The one client that accepts this redirect URI for login codes, or a 400 naming client_id. */
  async resolve(redirectUri: string): Promise<OAuthClient> {
    const clients = await this.matching(redirectUri)
    const [only] = clients
    if (only && clients.length === 1) return only
    const why = clients.length === 0 ? 'no client that may use login codes has this redirect_uri' : 'more than one client has this redirect_uri'
    throw appErrors.client_id_required(why)
  }

  /** Forgets every answer (a client was added or removed). */
  clear(): void {
    this.cache.clear()
  }

  private matching(redirectUri: string): Promise<OAuthClient[]> {
    return this.cache.get(redirectUri, () => this.load(redirectUri))
  }

  private async load(redirectUri: string): Promise<OAuthClient[]> {
    // text PostgreSQL cannot hold matches no stored URI (and must not become a 500)
    if (redirectUri.includes('\0')) return []
    const forms = registeredFormsOf(redirectUri)
    // `?|` (any of these strings is an element of the array) is answered from the GIN index;
    // two rows are enough to tell one client from several
    const rows = await this.db
      .selectFrom('oauth_clients')
      .selectAll()
      .where(sql<boolean>`redirect_uris ?| ${forms}::text[]`)
      .where(sql<boolean>`grant_types ? 'authorization_code'`)
      .orderBy('id')
      .limit(2)
      .execute()
    // the forms are built to match; the matcher stays the judge of what a client accepts
    return rows.filter((c) => c.redirect_uris.some((registered) => redirectUriMatches(registered, redirectUri)))
  }
}
