/** What an endpoint's sealed secrets are bound to (lib/secret-box.ts): its row, and which of its two secrets. */
export function sealContext(endpointId: number, which: 'current' | 'previous'): string {
  return which === 'current' ? `webhook_endpoints:${endpointId}` : `webhook_endpoints:${endpointId}:previous`
}
