/** The form an address is stored and compared in: accounts, invitations and login codes agree on it. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase()
}
