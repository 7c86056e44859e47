/** What became of a sign-in attempt (the sign-in log's `outcome`, sign-ins.repository.ts). */
export const SIGN_IN_OUTCOMES = ['code_sent', 'held_back', 'not_signed_up', 'code_wrong', 'code_expired', 'code_reused', 'signed_in', 'refreshed', 'refused_blocked'] as const
export type SignInOutcome = (typeof SIGN_IN_OUTCOMES)[number]
