// The passkeys module's public face: what other modules may import (eslint/module-order.js).
export { type PasskeysModule, type PasskeysModuleDeps, createPasskeysModule } from './module.ts'
export { CHALLENGE_TTL_SECONDS } from './passkeys.service.ts'
export type { PasskeyView } from './ceremony.ts'
export type { PasskeysService } from './passkeys.service.ts'
export type { PasskeyMode, PasskeyPolicyService } from './passkey-policy.ts'
export { Assertion as AssertionSchema, Attestation as AttestationSchema } from './passkeys.routes.ts'
export { NativeAppBody as NativeAppSchema } from './native-apps.routes.ts'
export type { NativeAppInput, NativeAppsService, NativeAppView } from './native-apps.service.ts'
