/**
 * WebSocket tickets: a browser or app cannot send an Authorization header when it opens a
 * WebSocket, and an access token in a URL ends up in logs. So the app trades its token for
 * a ticket (`GET /ws/ticket`) and puts that in the URL instead.
 *
 * Threats: a ticket leaked from a log must be useless. It lives 30 seconds, works once (the
 * consuming UPDATE is atomic, so two connections racing with one ticket cannot both win),
 * is stored as a SHA-256 hash, and carries exactly the identity and scopes of the token it
 * was issued for, never more. A revoked session's ticket dies with the session (checked
 * again when the ticket is used).
 */
import type { DB } from '../../db/connect.ts'
import { hashSecret, randomToken } from '../../lib/crypto.ts'
import { secondsAfter, secondsBefore, type Clock } from '../../lib/clock.ts'

export const TICKET_TTL_SECONDS = 30

export interface TicketHolder {
  userId: number | null
  clientId: string
  sessionId: string | null
  scopes: string[]
}

export class TicketsService {
  constructor(
    private readonly db: DB,
    private readonly clock: Clock,
    private readonly isSessionActive: (sessionId: string) => Promise<boolean>,
  ) {}

  async issue(holder: TicketHolder): Promise<{ ticket: string; expiresIn: number }> {
    const ticket = randomToken(32)
    await this.db
      .insertInto('ws_tickets')
      .values({
        ticket_hash: hashSecret(ticket),
        user_id: holder.userId,
        client_id: holder.clientId,
        session_id: holder.sessionId,
        scopes: JSON.stringify(holder.scopes),
        expires_at: secondsAfter(this.clock.now(), TICKET_TTL_SECONDS),
      })
      .execute()
    return { ticket, expiresIn: TICKET_TTL_SECONDS }
  }

  /** The holder of a valid, unused ticket, which is used up by this call; null otherwise. */
  async consume(ticket: string): Promise<TicketHolder | null> {
    const now = this.clock.now()
    const row = await this.db
      .updateTable('ws_tickets')
      .set({ used_at: now })
      .where('ticket_hash', '=', hashSecret(ticket))
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returningAll()
      .executeTakeFirst()
    if (!row) return null
    if (row.session_id && !(await this.isSessionActive(row.session_id))) return null
    return { userId: row.user_id, clientId: row.client_id ?? '', sessionId: row.session_id, scopes: row.scopes }
  }

  async purge(): Promise<void> {
    await this.db.deleteFrom('ws_tickets').where('expires_at', '<', secondsBefore(this.clock.now(), 3600)).execute()
  }
}
