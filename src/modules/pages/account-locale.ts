/**
 * Where the account page's language choice goes: the users service's locale setter, which
 * stores `users.locale` (the account's locale for its pages and emails). This schema has no
 * such column yet, so `saveAccountLocale` keeps nothing and the choice lasts for the answer
 * it is made on; pagesRoutes wires it into the account page (pages.routes.ts).
 */
import type { User } from '../../db/database.ts'
import type { SupportedLocale } from '../../lib/locale.ts'

/** Stores the locale an account picked on its own page. */
export type AccountLocaleSetter = (user: User, locale: SupportedLocale) => Promise<void>

export const saveAccountLocale: AccountLocaleSetter = async () => {}
