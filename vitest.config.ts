import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Suites: unit (no database, no build), api (HTTP against a real database: SQLite by default,
// MySQL/MariaDB with DB_TYPE=mysql), e2e (real Chromium against the built app), and hard (a private MariaDB
// killed under load, the built server stopped under load: `npm run test:hard`, not part of `npm test`) and faults
// (two instances while each dependency goes away in turn: `npm run test:faults`).
export default defineConfig({
  resolve: { alias: { '@shared': fileURLToPath(new URL('./src/shared', import.meta.url)) } },
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
      {
        extends: true,
        test: { name: 'hard', include: ['test/hard/**/*.spec.ts'], testTimeout: 120_000, hookTimeout: 120_000, fileParallelism: false },
      },
      {
        extends: true,
        test: { name: 'faults', include: ['test/faults/**/*.spec.ts'], testTimeout: 180_000, hookTimeout: 120_000, fileParallelism: false },
      },
    ],
  },
});
