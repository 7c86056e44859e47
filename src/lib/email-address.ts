/** The form an address is stored and compared in: accounts, invitations and login codes agree on it. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase()
}

/** An address mail can reach: a local part and a domain of at least two labels, like name@example.com (`a@b` is not one). */
export function isDeliverableAddress(email: string): boolean {
  return /^[^\s@]{1,64}@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/.test(email) && email.length <= 320
}
