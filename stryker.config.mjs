// Mutation testing of the pure rules and the tenant guard (issue 28, ADR 0084): `npm run mutate`, outside
// `npm test`. `npm run mutate -- --mutate db/tenant.ts` mutates one file; the HTML and JSON reports go to
// reports/mutation/. Figures and the command that measured them: docs/quality.md.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutate.config.ts' },
  plugins: ['@stryker-mutator/vitest-runner'],
  mutate: ['app/rules/**/*.ts', '!app/rules/**/*.test.ts', 'db/tenant.ts'],
  coverageAnalysis: 'perTest',
  // Two cores shared with everything else; raise it on a bigger machine.
  concurrency: 1,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  tempDirName: '.stryker-tmp',
  // The sandbox copies the project: never the databases, builds or test output.
  ignorePatterns: ['.data', 'build', 'build-*', 'test-results', 'playwright-report', '.cache'],
  // Static mutants (the route table's permission names, the module lists) count: each reloads the modules, so
  // they are the slow part; `--ignoreStatic` skips them for a quick look.
  ignoreStatic: false,
  thresholds: { high: 90, low: 85, break: null },
}
