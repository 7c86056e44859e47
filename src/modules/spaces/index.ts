// The spaces module's public face: its services and their types (eslint/module-order.js).
export { spaceTenant } from './spaces.service.ts'
export { type SpacesDeps, type SpacesModule, createSpacesModule } from './module.ts'
export type { SpaceContents, SpacesService } from './spaces.service.ts'
export type { AlgorithmsService } from './algorithms.service.ts'
