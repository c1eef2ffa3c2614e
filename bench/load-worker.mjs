// A load generator in a process of its own, for the benchmark's side-by-side rounds (bench/run.ts, `sideBySide`):
// two of them load two servers at the same moment, where one event loop driving both would share itself between
// them. Driven over IPC: { options, seconds } (autocannon's options, plain data) → the run's result, its latencies
// (each 2xx answer's own time, in fractional ms) reduced to the percentiles the report prints.
import autocannon from 'autocannon';

/** A percentile of sorted latencies (nearest rank), to the hundredth of a millisecond, as bench/run.ts reports. */
function percentile(sorted, fraction) {
  if (sorted.length === 0) return 0;
  return Number(sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))].toFixed(2));
}

process.on('message', ({ options, seconds }) => {
  const times = [];
  const instance = autocannon({ ...options, duration: seconds }, (error, result) => {
    if (error) return process.send({ error: String(error) });
    const sorted = Float64Array.from(times).sort();
    process.send({
      rps: Math.round(result.requests.average),
      p50: percentile(sorted, 0.5),
      p95: percentile(sorted, 0.95),
      p99: percentile(sorted, 0.99),
      errors: result.errors + result.timeouts,
      non2xx: result.non2xx,
      requests: result.requests.total,
    });
  });
  instance.on('response', (_client, status, _bytes, ms) => {
    if (status >= 200 && status < 300) times.push(ms);
  });
});
process.send({ ready: true });
