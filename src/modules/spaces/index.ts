// The spaces module's public face: its services and their types (eslint/module-order.js).
export { spaceTenant } from './spaces.service.ts'
