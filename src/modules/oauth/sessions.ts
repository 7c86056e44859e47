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

export async function revokeSession(db: Executor, sessionId: string, reason: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: new Date(), revoked_reason: reason })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute()
}

export async function revokeUserSessions(db: Executor, userId: number, reason: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: new Date(), revoked_reason: reason })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute()
}
