// The spaces module's public face: its services and their types (eslint/module-order.js).
export * from './spaces.service.ts'
export * from './algorithms.service.ts'
