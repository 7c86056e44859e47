import js from '@eslint/js'
import tseslint from 'typescript-eslint'

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
    // scripts the hosted pages serve to browsers
    files: ['src/modules/pages/assets/*.js'],
    languageOptions: {
      globals: { document: 'readonly', location: 'readonly', sessionStorage: 'readonly', crypto: 'readonly', btoa: 'readonly', fetch: 'readonly', URLSearchParams: 'readonly', TextEncoder: 'readonly' },
    },
  },
)
