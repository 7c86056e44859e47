/** Algorithm definitions a fresh dev database starts with: realistic, each with defaults. */
export const STARTER_ALGORITHMS = [
  {
    keyName: 'occupancyCounting',
    name: 'Occupancy counting',
    description: 'Counts people in a space from door and motion sensors and flags over-occupancy.',
    optionsSchema: {
      type: 'object',
      additionalProperties: false,
      properties: {
        maxOccupancy: { type: 'integer', minimum: 1, maximum: 100000, description: 'people the space holds safely' },
        resetAt: { type: 'string', pattern: '^([01]\\d|2[0-3]):[0-5]\\d$', default: '03:00', description: 'daily reset, HH:mm local time' },
        countDirection: { type: 'string', enum: ['in', 'out', 'both'], default: 'both' },
      },
      required: ['maxOccupancy'],
    },
  },
  {
    keyName: 'comfortIndex',
    name: 'Comfort index',
    description: 'Scores thermal comfort from temperature and relative humidity.',
    optionsSchema: {
      type: 'object',
      additionalProperties: false,
      properties: {
        temperatureRange: {
          type: 'object',
          properties: { min: { type: 'number', default: 20 }, max: { type: 'number', default: 24 } },
          default: { min: 20, max: 24 },
        },
        humidityRange: {
          type: 'object',
          properties: { min: { type: 'number', minimum: 0, maximum: 100, default: 30 }, max: { type: 'number', minimum: 0, maximum: 100, default: 60 } },
          default: { min: 30, max: 60 },
        },
        unit: { type: 'string', enum: ['celsius', 'fahrenheit'], default: 'celsius' },
      },
    },
  },
  {
    keyName: 'co2Alert',
    name: 'CO2 alert',
    description: 'Raises an alert when CO2 stays above a threshold for a while.',
    optionsSchema: {
      type: 'object',
      additionalProperties: false,
      properties: {
        thresholdPpm: { type: 'integer', minimum: 400, maximum: 10000, default: 1000 },
        sustainedMinutes: { type: 'integer', minimum: 1, maximum: 1440, default: 10 },
        notify: { type: 'array', items: { type: 'string', format: 'email' }, default: [] },
      },
    },
  },
] as const
