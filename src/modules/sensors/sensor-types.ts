/**
 * The catalog of device models: which state keys each reports, which it accepts in a
 * command and in what range, and the identifiers the existing apps match on (the v5 `type`
 * string, the `sensorTypeId` number, the official Homey app's `productId`). Command
 * validation, the simulator and the sensor view all read this one table.
 *
 * A sensor's `type` names its model either by the v5 type string ("58") or by the slug
 * ("whisper-flex-2"); apps filter on the v5 string, so that is what a sensor should store.
 */

export interface KeyRange {
  min: number
  max: number
}

export interface SensorTypeModel {
  slug: string
  name: string
  /** v5 `type` strings; the first is the canonical one. */
  types: string[]
  /** `sensorTypeId` numbers; the first is the canonical one. */
  sensorTypeIds: number[]
  /** The official Homey app's product ids (its drivers match element 0). */
  productIds: string[]
  googleDeviceType: string
  /** Keys a `tune set <key> <value>` command may set, with their inclusive ranges. */
  commands: Record<string, KeyRange>
  /** Keys reported in state but never set by a command. */
  readOnly: Record<string, KeyRange>
}

const FAN = 'action.devices.types.FAN'
const HEATER = 'action.devices.types.HEATER'
const PURIFIER = 'action.devices.types.AIRPURIFIER'
const HUMIDIFIER = 'action.devices.types.HUMIDIFIER'
const flag: KeyRange = { min: 0, max: 1 }
const timer: KeyRange = { min: 0, max: 12 }

export const SENSOR_TYPES: readonly SensorTypeModel[] = [
  {
    slug: 'whisper-flex',
    name: 'Whisper Flex',
    types: ['26'],
    sensorTypeIds: [36],
    productIds: [],
    googleDeviceType: FAN,
    commands: { power: flag, mode: { min: 0, max: 2 }, speed: { min: 1, max: 26 }, timer, swing: flag, tilt: flag },
    readOnly: {},
  },
  {
    slug: 'whisper-flex-2',
    name: 'Whisper Flex 2',
    types: ['58'],
    sensorTypeIds: [67],
    productIds: [],
    googleDeviceType: FAN,
    commands: {
      power: flag,
      mode: flag,
      speed: { min: 1, max: 30 },
      timer,
      horosc: { min: 0, max: 3 },
      verosc: { min: 0, max: 2 },
      night: flag,
      lock: flag,
    },
    readOnly: { batlvl: { min: 0, max: 10 }, batcha: flag },
  },
  {
    slug: 'whisper-flex-ultimate',
    name: 'Whisper Flex Ultimate',
    types: ['27'],
    sensorTypeIds: [40],
    productIds: [],
    googleDeviceType: FAN,
    commands: {
      power: flag,
      mode: { min: 0, max: 2 },
      speed: { min: 1, max: 30 },
      timer,
      swing: { min: 0, max: 3 },
      tilt: { min: 0, max: 2 },
      sp: { min: 17, max: 28 },
    },
    readOnly: {},
  },
  {
    slug: 'whisper-flex-elevate',
    name: 'Whisper Flex Elevate',
    types: ['59'],
    sensorTypeIds: [70],
    productIds: [],
    googleDeviceType: FAN,
    commands: { power: flag, speed: { min: 1, max: 26 }, mode: flag, horosc: flag, night: flag, ion: flag },
    readOnly: {},
  },
  {
    slug: 'bright-2',
    name: 'Bright 2',
    types: ['55'],
    sensorTypeIds: [61],
    productIds: [],
    googleDeviceType: PURIFIER,
    // night is `mode` on some firmware and `night` on other: both are accepted
    commands: { power: flag, speed: { min: 0, max: 4 }, ion: flag, mode: flag, night: flag },
    readOnly: { filter: { min: 0, max: 100 }, ppm: { min: 0, max: 1000 } },
  },
  {
    slug: 'edge',
    name: 'Edge',
    types: ['23', '52'],
    sensorTypeIds: [50, 33, 51],
    productIds: ['oryf2o5f8wmaeaav'],
    googleDeviceType: HEATER,
    commands: { power: flag, sp: { min: 5, max: 36 }, eco: flag, night: flag, lock: flag },
    readOnly: { temp: { min: -40, max: 80 } },
  },
  {
    slug: 'threesixty',
    name: 'Threesixty',
    types: ['21', '50'],
    sensorTypeIds: [31, 49],
    productIds: ['ea1xi3ijqvkms0lm'],
    googleDeviceType: HEATER,
    commands: { power: flag, mode: { min: 0, max: 2 }, setpoint: { min: 0, max: 38 } },
    readOnly: { temp: { min: -40, max: 80 } },
  },
  {
    slug: 'beam-mini',
    name: 'Beam Mini',
    types: ['25'],
    sensorTypeIds: [35],
    productIds: ['a6gwkcz1yvatuyxq'],
    googleDeviceType: HUMIDIFIER,
    commands: { power: flag, speed: { min: 0, max: 2 }, sp: { min: 20, max: 80 }, mode: flag, led: flag, night: flag },
    readOnly: { hum: { min: 0, max: 100 }, temp: { min: -40, max: 80 } },
  },
]

const BY_NAME = new Map<string, SensorTypeModel>()
for (const model of SENSOR_TYPES) {
  BY_NAME.set(model.slug, model)
  for (const t of model.types) BY_NAME.set(t, model)
}

/** The model a sensor's `type` names, or undefined for a type outside the catalog. */
export function findSensorType(type: string): SensorTypeModel | undefined {
  return BY_NAME.get(type)
}

/** What the apps read as `sensorType` (CLIENTS.md 2.3 and 2.5). */
export function sensorTypeView(model: SensorTypeModel) {
  return {
    id: model.sensorTypeIds[0] ?? 0,
    type: Number(model.types[0] ?? 0),
    name: model.name,
    slug: model.slug,
    // a STRING holding a JSON array: the official Homey app JSON.parses it
    productId: JSON.stringify(model.productIds),
    googleDeviceType: model.googleDeviceType,
    commands: model.commands,
  }
}

export type CommandCheck =
  | { ok: true; key: string; value: number; command: string }
  | { ok: false; message: string }

const GRAMMAR = /^tune set ([a-z]+) (\d{1,4})$/

/**
 * `tune set <key> <value>`: lowercase key, single spaces, a decimal integer (zero-padded
 * values such as `01` are what some apps send). Returns the canonical text that goes to
 * the device, or why the command is refused.
 */
export function checkCommand(model: SensorTypeModel, text: string): CommandCheck {
  const match = GRAMMAR.exec(text.trim())
  if (!match?.[1] || !match[2]) return { ok: false, message: 'must be "tune set <key> <value>" with a lowercase key and a whole number' }
  const key = match[1]
  const value = Number(match[2])
  const range = model.commands[key]
  if (!range) {
    return { ok: false, message: `${model.name} has no setting "${key}"; it accepts ${Object.keys(model.commands).join(', ')}` }
  }
  if (value < range.min || value > range.max) {
    return { ok: false, message: `${key} must be from ${range.min} to ${range.max} on ${model.name}` }
  }
  return { ok: true, key, value, command: `tune set ${key} ${value}` }
}
