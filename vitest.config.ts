import { defineConfig } from 'vitest/config';

// Three suites: unit (no database, no build), api (HTTP against a real database: SQLite by default,
// MySQL/MariaDB with DB_TYPE=mysql) and e2e (real Chromium against the built app).
export default defineConfig({
  test: {
    globals: true,
    reporters: ['default', './test/support/summary-reporter.ts'],
    projects: [
      { extends: true, test: { name: 'unit', include: ['test/unit/**/*.spec.ts', 'src/**/*.spec.ts'] } },
      { extends: true, test: { name: 'api', include: ['test/api/**/*.spec.ts'], testTimeout: 30_000, hookTimeout: 60_000 } },
      {
        extends: true,
        test: { name: 'e2e', include: ['test/e2e/**/*.spec.ts'], testTimeout: 60_000, hookTimeout: 90_000, fileParallelism: false },
      },
    ],
  },
});
