/**
 * The devices module, wired: the embedded broker (unless an external one is configured or
 * it is turned off), the bridge, and the services the routes call. Created once per app.
 */
import { systemClock, type Clock } from '../../lib/clock.ts'
import type { Log } from '../../lib/log.ts'
import type { MqttConfig } from '../../config.ts'
import type { DB } from '../../db/connect.ts'
import type { CursorCodec } from '../../lib/pagination.ts'
import type { ScryptParams } from '../../lib/crypto.ts'
import type { Limits } from '../../lib/rate-limit.ts'
import type { AuditSink } from '../../lib/audit.ts'
import { NO_EVENTS, type EventSink } from '../../lib/events.ts'
import type { RateLimitSpec } from '../../config.ts'
import { AccessChanges, type AccessChange } from '../../db/access-changes.ts'
import type { Policy } from '../tenancy/index.ts'
import type { SensorStore } from '../sensors/index.ts'
import { DeviceRegistry } from './registry.service.ts'
import { DeviceConflicts } from './conflicts.service.ts'
import { startBroker, type EmbeddedBroker } from './broker.ts'
import { Bridge, type BridgeTarget } from './bridge.ts'
import { CommandsService } from './commands.service.ts'
import { CredentialsService, DeviceAuth } from './device-auth.service.ts'
import { DeviceHandover } from './handover.service.ts'
import { StateService } from './state.service.ts'
import { TicketsService } from './tickets.service.ts'
import { sensorIdByMac, sensorOfDevice } from './devices.repository.ts'

export interface DevicesDeps {
  db: DB
  config: MqttConfig
  cursors: CursorCodec
  log: Log
  isSessionActive: (sessionId: string) => Promise<boolean>
  policy: Policy
  limits: Limits
  claimLimits: { perDevice: RateLimitSpec; perAccount: RateLimitSpec }
  scrypt: ScryptParams
  /** Where registrations, claims and credential changes are recorded (modules/audit). */
  audit: AuditSink
  /** A device's sensor, written in the registry's, handover's and conflicts' transactions (the sensors module's statements). */
  sensorStore: SensorStore
  /** Where claims, releases, transfers, presence, states and commands' outcomes are told (modules/webhooks). */
  events?: EventSink
  /** Time for expiry, retention and tickets (lib/clock.ts); the system clock unless a test moves it. */
  clock?: Clock
}

export class Devices {
  readonly auth: DeviceAuth
  readonly credentials: CredentialsService
  readonly state: StateService
  readonly commands: CommandsService
  readonly tickets: TicketsService
  readonly registry: DeviceRegistry
  readonly handover: DeviceHandover
  readonly conflicts: DeviceConflicts
  /** Access changes announced by any instance (db/access-changes.ts); live sockets re-check on them. */
  readonly changes: AccessChanges
  readonly clock: Clock
  bridge: Bridge | null = null
  broker: EmbeddedBroker | null = null
  private sweeper: NodeJS.Timeout | null = null

  constructor(private readonly deps: DevicesDeps) {
    const clock = deps.clock ?? systemClock
    this.clock = clock
    const events = deps.events ?? NO_EVENTS
    this.auth = new DeviceAuth(deps.db, deps.scrypt)
    this.credentials = new CredentialsService(deps.db, clock, deps.audit)
    this.state = new StateService(deps.db, deps.cursors, clock, events)
    this.commands = new CommandsService(deps.db, () => this.bridge, clock, deps.config.commandTimeoutSeconds, deps.audit, events)
    this.tickets = new TicketsService(deps.db, clock, deps.isSessionActive)
    const buckets = { device: deps.limits.bucket('claim-device', deps.claimLimits.perDevice), account: deps.limits.bucket('claim-account', deps.claimLimits.perAccount) }
    this.registry = new DeviceRegistry(deps.db, deps.policy, buckets, deps.scrypt, clock, deps.audit, deps.sensorStore, events)
    this.handover = new DeviceHandover(deps.db, deps.policy, this.registry, this.credentials, deps.scrypt, clock, deps.audit, deps.sensorStore, events)
    this.changes = new AccessChanges(deps.db)
    this.conflicts = new DeviceConflicts(deps.db, clock, deps.audit, deps.sensorStore)
  }

  /** The id of the sensor a MAC names (the tenant's sensor carrying it, else the one presenting that device); 0 when none. */
  sensorIdByMac(mac: string, tenantId: number | undefined): Promise<number> {
    return sensorIdByMac(this.deps.db, mac, tenantId)
  }

  /** A tenant's sensor of the device with this MAC, with the device's row id (the live stream's topics). */
  sensorOfDevice(tenantId: number, mac: string) {
    return sensorOfDevice(this.deps.db, tenantId, mac)
  }

  /** Where devices connect: the external broker's URL or the embedded broker's. */
  get mqttUrl(): string | null {
    return this.deps.config.url ?? this.broker?.url ?? null
  }

  async start(): Promise<void> {
    const { config, log } = this.deps
    let target: BridgeTarget | null = null
    if (config.url) target = { url: config.url, external: true, shareGroup: config.shareGroup }
    else if (config.embedded) {
      this.broker = await startBroker(config, this.auth, log)
      target = { url: this.broker.url, external: false, ...this.auth.bridge, ca: this.broker.ca, local: this.broker.local }
    }
    if (target) {
      this.bridge = new Bridge(target, this.state, log, this.clock)
      await this.bridge.start()
    }
    // new or dropped credentials end the device's MQTT session on this instance's broker.
    // An external broker keeps it until the device reconnects (docs/api.md, Devices: the EMQX kick-out API).
    this.changes.events.on('change', (change: AccessChange) => {
      if (change.k) void this.broker?.kick(change.k).catch((err: unknown) => log.warn({ err }, 'devices: ending a voided MQTT session failed'))
    })
    await this.changes.start()
    this.sweeper = setInterval(() => void this.sweep(), 10_000)
    this.sweeper.unref()
  }

  /** Expires overdue commands and drops history and tickets past their time. */
  async sweep(): Promise<void> {
    try {
      await this.commands.expire()
      await this.state.purgeHistory(this.deps.config.historyRetentionDays)
      await this.tickets.purge()
    } catch (err) {
      this.deps.log.warn({ err }, 'devices: sweep failed')
    }
  }

  async close(): Promise<void> {
    if (this.sweeper) clearInterval(this.sweeper)
    await this.changes.close()
    await this.bridge?.close()
    await this.broker?.close()
  }
}
