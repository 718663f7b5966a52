// The Vitest run StrykerJS mutates against (npm run mutate): the pure tests beside app/rules and the
// tenant guard's compile-only tests. No database, Redis or mail sink: each mutant runs in well under a second.
import { defineConfig } from 'vitest/config'
import tsconfigPaths from 'vite-tsconfig-paths'

export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    include: ['app/rules/**/*.test.ts', 'db/tenant.test.ts'],
    environment: 'node',
  },
})
