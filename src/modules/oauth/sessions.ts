/** Login sessions: one per refresh-token family. Revoking one ends its access tokens too. */
import type { DB } from '../../db/connect.ts'
import type { Executor } from '../users/users.repository.ts'

export class SessionsService {
  constructor(private readonly db: DB) {}

  /** Called on every request that carries a user token: one primary-key lookup. */
  isActive = async (sessionId: string): Promise<boolean> => {
    const row = await this.db.selectFrom('sessions').select('revoked_at').where('id', '=', sessionId).executeTakeFirst()
    return row !== undefined && row.revoked_at === null
  }
}

/** Revokes one session, every live session of a client, or of a user (optionally but one). */
export async function revokeSessions(
  db: Executor,
  which: { sessionId: string } | { clientId: string } | { userId: number; except?: string | null },
  reason: string,
): Promise<void> {
  let query = db
    .updateTable('sessions')
    .set({ revoked_at: new Date(), revoked_reason: reason })
    .where('revoked_at', 'is', null)
  if ('sessionId' in which) query = query.where('id', '=', which.sessionId)
  else if ('clientId' in which) query = query.where('client_id', '=', which.clientId)
  else {
    query = query.where('user_id', '=', which.userId)
    if (which.except) query = query.where('id', '!=', which.except)
  }
  await query.execute()
}
