// A load generator in a process of its own, for the benchmark's side-by-side rounds (bench/run.ts, `sideBySide`):
// several of them load several servers at the same moment, where one event loop driving them all would share
// itself between them. Driven over IPC: { options, seconds } (autocannon's options, plain data) → the run's result.
import { loadRun } from './load.js';

process.on('message', ({ options, seconds }: { options: Record<string, unknown>; seconds: number }) => {
  loadRun({ ...options, duration: seconds }).then(
    ({ raw: _raw, latencies: _latencies, ...result }) => process.send!(result),
    (error: unknown) => process.send!({ error: String(error) }),
  );
});
process.send!({ ready: true });
