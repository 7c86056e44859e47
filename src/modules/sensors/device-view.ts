/**
 * The device fields of a sensor as the apps read them (CLIENTS.md 2.1, 2.3, 2.5): their
 * response schema, and the sensor type's view, built once per type.
 */
import Type from 'typebox'
import { findSensorType, sensorTypeView, type SensorTypeModel } from './sensor-types.ts'

/** One view per sensor type, built once: a page of 250 sensors shares a handful of them. */
const typeViews = new Map<SensorTypeModel, Readonly<ReturnType<typeof sensorTypeView>>>()

function typeView(model: SensorTypeModel) {
  let view = typeViews.get(model)
  if (!view) typeViews.set(model, (view = Object.freeze(sensorTypeView(model))))
  return view
}

/**
 * The sensor type's fields of a sensor's view; the view writes them itself (with the other
 * device fields: online, connectionType, lastSeenAt, latestData) rather than spreading an
 * object per row, which a page does 250 times.
 */
export function sensorTypeIdOf(model: SensorTypeModel | undefined): number | null {
  return model?.sensorTypeIds[0] ?? null
}

export function sensorTypeViewOf(model: SensorTypeModel | undefined) {
  return model ? typeView(model) : null
}

export { findSensorType }

const Range = Type.Object({ min: Type.Integer(), max: Type.Integer() })

/** The response schema properties of deviceFields. */
export const DeviceFieldsSchema = {
  online: Type.Boolean({ description: 'false until the device connects; false again after its will message' }),
  connectionType: Type.Union([Type.String(), Type.Null()]),
  lastSeenAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  latestData: Type.Union([
    Type.Object({ fullData: Type.Record(Type.String(), Type.Unknown()), time: Type.String({ format: 'date-time' }) }),
    Type.Null(),
  ]),
  sensorTypeId: Type.Union([Type.Integer(), Type.Null()]),
  sensorType: Type.Union([
    Type.Object({
      id: Type.Integer(),
      type: Type.Integer(),
      name: Type.String(),
      slug: Type.String(),
      productId: Type.String({ description: 'a JSON array as a string, e.g. "[\\"oryf2o5f8wmaeaav\\"]"' }),
      googleDeviceType: Type.String(),
      commands: Type.Record(Type.String(), Range),
    }),
    Type.Null(),
  ]),
}
