import type { ESLint } from 'eslint'

export const EXCEPTIONS: [from: string, target: string, reason: string][]
export function roomOf(path: string): string | undefined
export function rankOf(room: string): number
declare const plugin: ESLint.Plugin
export default plugin
