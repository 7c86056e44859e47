/**
 * A brand's native apps, and the association files built from every brand's: an app listed
 * there may offer the deployment's passkeys (Apple's `webcredentials`, Android's
 * `delegate_permission/common.get_login_creds`). A brand's admins register their own brand's
 * apps (the `tenants.brand` action); the files are public, as the platforms fetch them.
 */
import type { DB } from '../../db/connect.ts'
import type { AuditSink } from '../../lib/audit.ts'
import type { Clock } from '../../lib/clock.ts'
import { appErrors, notFound } from '../../lib/errors.ts'
import { auditActor, type Actor, type Policy } from '../tenancy/index.ts'
import { allNativeApps, deleteNativeApp, insertNativeApp, nativeAppsOf, type NativeAppRow } from './native-apps.repository.ts'

export type NativeAppInput = { platform: 'apple'; teamId: string; bundleId: string } | { platform: 'android'; packageName: string; sha256Fingerprints: string[] }

export interface NativeAppView {
  id: number
  platform: 'apple' | 'android'
  /** Apple: TEAMID.bundle.id; Android: the package name. */
  appId: string
  sha256Fingerprints: string[]
  createdAt: string
}

function view(row: NativeAppRow): NativeAppView {
  return { id: row.id, platform: row.platform, appId: row.app_id, sha256Fingerprints: row.fingerprints, createdAt: row.created_at.toISOString() }
}

/** The WebAuthn origin an Android app's assertions carry: its signing certificate's SHA-256, base64url. */
export function androidOrigin(fingerprint: string): string {
  return `android:apk-key-hash:${Buffer.from(fingerprint.replaceAll(':', ''), 'hex').toString('base64url')}`
}

export class NativeAppsService {
  constructor(
    private readonly db: DB,
    private readonly policy: Policy,
    private readonly clock: Clock,
    private readonly audit: AuditSink,
  ) {}

  async list(actor: Actor, tenantId: number): Promise<NativeAppView[]> {
    await this.policy.authorize(actor, 'tenants.brand', tenantId)
    return (await nativeAppsOf(this.db, tenantId)).map(view)
  }

  async add(actor: Actor, tenantId: number, input: NativeAppInput): Promise<NativeAppView> {
    await this.policy.authorize(actor, 'tenants.brand', tenantId)
    const appId = input.platform === 'apple' ? `${input.teamId}.${input.bundleId}` : input.packageName
    const fingerprints = input.platform === 'android' ? [...new Set(input.sha256Fingerprints.map((f) => f.toUpperCase()))] : []
    const row = await this.db.transaction().execute(async (trx) => {
      const inserted = await insertNativeApp(trx, { tenantId, platform: input.platform, appId, fingerprints, createdAt: this.clock.now() })
      if (inserted) await this.audit.record(trx, { actor: auditActor(actor), tenantId, action: 'nativeApp.add', target: { type: 'nativeApp', id: inserted.id } })
      return inserted
    })
    if (!row) throw appErrors.conflict('duplicate')
    return view(row)
  }

  async remove(actor: Actor, tenantId: number, id: number): Promise<void> {
    await this.policy.authorize(actor, 'tenants.brand', tenantId)
    const row = await this.db.transaction().execute(async (trx) => {
      const deleted = await deleteNativeApp(trx, tenantId, id)
      if (deleted) await this.audit.record(trx, { actor: auditActor(actor), tenantId, action: 'nativeApp.delete', target: { type: 'nativeApp', id } })
      return deleted
    })
    if (!row) throw notFound('Native app')
  }

  /** /.well-known/apple-app-site-association: every brand's Apple apps may use the deployment's passkeys. */
  async appleAssociation(): Promise<{ webcredentials: { apps: string[] } }> {
    return { webcredentials: { apps: (await allNativeApps(this.db, 'apple')).map((a) => a.app_id) } }
  }

  /** /.well-known/assetlinks.json: every brand's Android apps, with their certificates. */
  async assetLinks(): Promise<{ relation: string[]; target: { namespace: 'android_app'; package_name: string; sha256_cert_fingerprints: string[] } }[]> {
    return (await allNativeApps(this.db, 'android')).map((a) => ({
      relation: ['delegate_permission/common.get_login_creds'],
      target: { namespace: 'android_app', package_name: a.app_id, sha256_cert_fingerprints: a.fingerprints },
    }))
  }

  /** The origins passkey responses from the brands' Android apps carry. */
  async androidOrigins(): Promise<string[]> {
    return (await allNativeApps(this.db, 'android')).flatMap((a) => a.fingerprints.map(androidOrigin))
  }
}
