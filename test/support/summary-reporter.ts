import type { Reporter, TestModule } from 'vitest/node';

/**
 * Prints the plain closing line CI reads: `N passed, N failed` (and skipped, when any), and above it one
 * `FAILED: …` line per failed test with the first line of its error, which `.ci/run` repeats at the end of the whole
 * run so that the tail of a long log still says what failed. Above those, the run's slowest files (importing them and
 * running their tests and hooks), so that a file growing slow is seen the run it happens.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>): void {
    let passed = 0;
    let failed = unhandledErrors.length;
    let skipped = 0;
    const failures: string[] = unhandledErrors.map((error) => `unhandled error: ${firstLine(error)}`);
    for (const module of testModules) {
      const where = `[${module.project.name}] ${module.relativeModuleId}`;
      if (module.state() === 'failed' && [...module.children.allTests()].length === 0) {
        failed += 1;
        failures.push(`${where}: ${firstLine(module.errors()[0])}`);
      }
      for (const test of module.children.allTests()) {
        const result = test.result();
        if (result.state === 'passed') passed += 1;
        else if (result.state === 'failed') {
          failed += 1;
          failures.push(`${where} > ${test.fullName}: ${firstLine(result.errors?.[0])}`);
        } else skipped += 1;
      }
    }
    const listed = failures.map((failure) => `FAILED: ${failure}\n`).join('');
    process.stdout.write(`\n${slowest(testModules)}${listed}${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}\n`);
  }
}

/** How many of the slowest files a run lists. */
const SLOWEST = 10;

function slowest(testModules: ReadonlyArray<TestModule>): string {
  const timed = testModules
    .map((module) => {
      const diagnostic = module.diagnostic();
      return { where: `[${module.project.name}] ${module.relativeModuleId}`, ms: diagnostic.collectDuration + diagnostic.duration };
    })
    .sort((a, b) => b.ms - a.ms)
    .slice(0, SLOWEST);
  if (timed.length < 2) return '';
  return `The ${timed.length} slowest files:\n${timed.map(({ where, ms }) => `  ${(ms / 1000).toFixed(1).padStart(6)} s  ${where}\n`).join('')}`;
}

function firstLine(error: unknown): string {
  const message = error && typeof error === 'object' && 'message' in error ? String(error.message) : typeof error === 'string' ? error : '';
  return (message.split('\n').find((line) => line.trim()) ?? '').trim().slice(0, 300);
}
