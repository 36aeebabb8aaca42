import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'
import longFileReason from './eslint-rules/long-file-reason.js'
import noImportCycle from './eslint-rules/no-import-cycle.js'

// Import direction (docs/decisions/011-code-layout.md): pages -> features -> lib, components -> lib; the server never
// imports browser code; browser code never imports the server at run time (type imports are erased, so they may).
// Specifiers are matched as written: a relative path that climbs to a top-level folder, or a `.server.ts` file.
const climbsTo = (...folders) => `^(\\.\\./)+(${folders.join('|')})/`
const SERVER_FILE = '\\.server(\\.tsx?)?$'
const restrict = (patterns) => ({
  '@typescript-eslint/no-restricted-imports': ['error', { patterns: patterns.map(([regex, message]) => ({ regex, message, allowTypeImports: true })) }],
})
const NO_SERVER = [
  [climbsTo('server', 'db'), 'Browser code does not import server/ or db/ at run time: call the API (lib/api) or move the code to lib/.'],
  [SERVER_FILE, 'A .server.ts module never reaches the browser: import it from server code only (+data.ts, server/).'],
]
// zod's capability probe is a CSP violation in the browser: browser code takes z from lib/zod.ts (jitless).
const ZOD_THROUGH_LIB = ['^zod$', 'Browser code imports z from lib/zod.ts, which turns off the `new Function` probe that strict CSPs report.']
// Features do not import each other: what two features share goes to lib/ or components/. A sibling feature is one
// climb above the feature's own folder, so the pattern depends on how deep the importing file sits.
const NO_OTHER_FEATURE = 'A feature does not import another feature: move what both need to lib/ or components/.'

export default tseslint.config(
  { ignores: ['dist/', 'styled-system/', '.wrangler/', 'node_modules/', 'test-results/', 'playwright-report/', 'data/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks, portalscope: { rules: { 'no-import-cycle': noImportCycle, 'long-file-reason': longFileReason } } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'portalscope/no-import-cycle': 'error',
      'portalscope/long-file-reason': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['warn', { allow: ['warn', 'error', 'log'] }],
    },
  },
  // The ground floor: used by both sides, imports neither.
  {
    files: ['lib/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', 'lib/zod.ts'],
    rules: restrict([
      [climbsTo('components', 'features', 'pages', 'renderer', 'server', 'db'), 'lib/ is the ground floor: it imports nothing above it (components, features, pages, renderer, server, db).'],
      [SERVER_FILE, 'lib/ is the ground floor: it imports no .server.ts module.'],
      ZOD_THROUGH_LIB,
    ]),
  },
  // Generic UI: lib/ only.
  {
    files: ['components/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts'],
    rules: restrict([
      [climbsTo('features', 'pages', 'renderer'), 'components/ is generic UI: it imports lib/ and other components, never features, pages or the app shell.'],
      ...NO_SERVER,
      ZOD_THROUGH_LIB,
    ]),
  },
  // Features: lib/ and components/, never another feature, a page or the server.
  ...[
    ['features/*/*.{ts,tsx}', '^\\.\\./(?!\\.\\./)[^/]+/'],
    ['features/*/*/*.{ts,tsx}', '^\\.\\./\\.\\./(?!\\.\\./)[^/]+/'],
    ['features/*/*/*/*.{ts,tsx}', '^\\.\\./\\.\\./\\.\\./(?!\\.\\./)[^/]+/'],
  ].map(([files, sibling]) => ({
    files: [files],
    ignores: ['**/*.test.ts'],
    rules: restrict([
      [climbsTo('pages', 'renderer'), 'Features do not import pages or the app shell: pages import features, not the other way.'],
      ...NO_SERVER,
      [sibling, NO_OTHER_FEATURE],
      ZOD_THROUGH_LIB,
    ]),
  })),
  // Pages and the app shell run in the browser too, except Vike's server-only files.
  {
    files: ['pages/**/*.{ts,tsx}', 'renderer/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', 'pages/**/+data.ts', 'pages/**/*.server.ts', 'pages/+server.ts', 'pages/+headersResponse.ts'],
    rules: restrict([...NO_SERVER, ZOD_THROUGH_LIB]),
  },
  // The server and the database never import browser code.
  {
    files: ['server/**/*.{ts,tsx}', 'db/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: restrict([[climbsTo('components', 'features', 'pages', 'renderer'), 'server/ and db/ never import browser code (components, features, pages, renderer): share it through lib/.']]),
  },
  // The `portalscope` command runs on CI machines far from the server: it talks to the API only (lib/api) and may not
  // carry server, database or browser code (docs/decisions/015-automation-client.md).
  {
    files: ['cli/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: restrict([
      [climbsTo('components', 'features', 'pages', 'renderer', 'server', 'db'), 'cli/ is an API client: it imports lib/ only (the typed client is lib/api/client.ts); the router comes in as a type.'],
      [SERVER_FILE, 'cli/ is an API client: it imports no .server.ts module at run time.'],
    ]),
  },
  {
    files: ['*.cjs'],
    languageOptions: { globals: globals.node, sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-restricted-imports': 'off' },
  },
)
