/**
 * An account's personal data when its person leaves (modules/privacy): the account row goes,
 * and with it (by foreign key) its address, username, display name, locale, password hash,
 * reset and confirmation tokens, memberships, sessions and their refresh tokens, so the
 * address can sign up again as a new person with nothing of the old. Called in the deletion's
 * one transaction.
 */
import type { User } from '../../db/database.ts'
import type { Executor } from '../../db/executor.ts'
import { deleteUser } from './users.repository.ts'

export interface AccountErasure {
  /** The account, locked until the deletion's transaction ends (undefined: already gone). */
  lock(trx: Executor, userId: number): Promise<User | undefined>
  /** Deletes the account; false when it was already gone. */
  erase(trx: Executor, userId: number): Promise<boolean>
}

export const accountErasure: AccountErasure = {
  lock: (trx, userId) => trx.selectFrom('users').selectAll().where('id', '=', userId).forUpdate().executeTakeFirst(),
  erase: async (trx, userId) => (await deleteUser(trx, userId)) !== undefined,
}
