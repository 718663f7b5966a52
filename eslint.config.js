// The one ESLint config: core, typescript-eslint, react-hooks, jsx-a11y, and the layering of STYLE.md on import paths.
import js from '@eslint/js'
import { defineConfig, globalIgnores } from 'eslint/config'
import boundaries from 'eslint-plugin-boundaries'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

// Each folder of STYLE.md's layout is one element; the first pattern that matches a file wins.
const elements = [
  { type: 'rules', pattern: 'app/rules' },
  { type: 'components', pattern: 'app/components' },
  { type: 'ui', pattern: 'app/ui' },
  { type: 'models', pattern: 'app/models' },
  { type: 'services', pattern: 'app/services' },
  { type: 'routes', pattern: 'app/routes' },
  { type: 'app', pattern: 'app' },
  { type: 'migrations', pattern: 'db/migrations' },
  { type: 'db', pattern: 'db' },
  { type: 'jobs', pattern: 'jobs' },
  { type: 'server', pattern: 'server' },
  { type: 'tests', pattern: 'tests' },
].map((element) => ({ ...element, partialMatch: false }))

// The arrows of STYLE.md: everything not disallowed here is allowed.
const layering = [
  {
    from: { element: { type: 'rules' } },
    disallow: { to: { element: { type: '!rules' } } },
    message: 'app/rules/ is pure and shared with the browser: it imports nothing of the app but other rules.',
  },
  {
    from: { element: { types: ['components', 'ui'] } },
    disallow: { to: { file: { categories: 'server' } }, dependency: { kind: 'value' } },
    message: 'Components and ui never import a *.server module (an `import type` of a loader is fine).',
  },
  {
    from: { element: { type: 'models' } },
    disallow: { to: { element: { types: ['routes', 'components', 'jobs'] } } },
    message: 'app/models/ never imports routes, components or jobs (routes → models → services → db).',
  },
  {
    from: { element: { type: 'services' } },
    disallow: { to: { element: { type: 'models' } } },
    message: 'app/services/ never imports app/models/ (routes → models → services → db).',
  },
  {
    from: { element: { type: 'migrations' } },
    disallow: { to: { element: { type: '!migrations' } } },
    message: 'A migration imports nothing of the app, so it still runs the same once the app has changed.',
  },
]

export default defineConfig(
  globalIgnores(['build/', 'build-*/', '.data/', 'backups/', 'node_modules/', 'test-results/', 'playwright-report/', 'public/', '.stryker-tmp/', 'reports/']),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    // An exemption comment that no longer silences anything fails too, so none outlives its reason.
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      // `catch {}` is this codebase's best-effort idiom (a process already gone, an answer that is not JSON).
      'no-empty': ['error', { allowEmptyCatch: true }],
      // `_name` marks what is left out on purpose (`{ password: _password, ...rest }`, an unused argument).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    // A migration takes Kysely<any>, as Kysely's docs say: it must not depend on today's Database type.
    // db/tenant.ts turns a table name chosen at run time into a scoped builder, which Kysely's types cannot follow; what it exports is typed.
    files: ['db/migrations/**', 'db/tenant.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Tests read JSON answers as the server sent them and build deliberately ill-typed queries to prove the runtime guards.
    files: ['tests/**', '**/*.test.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // The two classic hook rules. v7's recommended preset adds the React Compiler's rules (set-state-in-effect,
    // refs, purity...): this app does not use the compiler, and meeting them means reshaping some twenty components' state.
    files: ['app/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  { files: ['**/*.tsx'], ...jsxA11y.flatConfigs.recommended },
  {
    // Each sign-in page asks for one thing and puts the cursor there, as the specification's pages do.
    files: ['app/routes/_auth.*.tsx'],
    rules: { 'jsx-a11y/no-autofocus': 'off' },
  },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { typescript: { project: './tsconfig.json' }, node: true },
      'boundaries/elements': elements,
      'boundaries/files': [{ category: 'server', pattern: '**/*.server.{ts,tsx}' }],
    },
    rules: {
      'boundaries/dependencies': ['error', { default: 'allow', policies: layering }],
    },
  },
)
