import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import moduleOrder from './eslint/module-order.js'

export default tseslint.config(
  { ignores: ['node_modules/', '.data/', 'dist/', 'coverage/', 'clients/typescript/schema.ts', 'clients/typescript/dist/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // the order of the code (eslint/module-order.js, README "Architecture"): no import upwards
    files: ['src/**/*.ts'],
    plugins: { trellis: moduleOrder },
    rules: { 'trellis/import-order': 'error' },
  },
  {
    // files under 300 lines, comments and blank lines counted (README "Architecture"): past
    // that, a file is split by concept, its module's face unchanged
    files: ['src/**/*.ts'],
    rules: { 'max-lines': ['error', { max: 300, skipBlankLines: false, skipComments: false }] },
  },
  {
    // one clock (src/lib/clock.ts): time comes from the injected Clock, so a test moves it with
    // clock.advance() and every decision sees the same now; the clock module reads the wall
    // clock, and migrations (which run once, outside any request) may too
    files: ['src/**/*.ts'],
    ignores: ['src/lib/clock.ts', 'src/db/migrations/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "MemberExpression[object.name='Date'][property.name='now']", message: 'Read time from the injected Clock (src/lib/clock.ts), or systemClock for a fact about the process.' },
        { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: 'Read time from the injected Clock (src/lib/clock.ts), or systemClock for a fact about the process.' },
      ],
    },
  },
  {
    // scripts the hosted pages and the console serve to browsers
    files: ['src/modules/pages/assets/*.js', 'src/modules/console/assets/*.js'],
    languageOptions: {
      globals: { document: 'readonly', location: 'readonly', sessionStorage: 'readonly', crypto: 'readonly', btoa: 'readonly', fetch: 'readonly', URLSearchParams: 'readonly', TextEncoder: 'readonly' },
    },
  },
)
