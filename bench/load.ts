// @ts-expect-error autocannon ships no types
import autocannon from 'autocannon';

/** What one run of load measured: req/s, the latencies' percentiles (ms), failures and the requests made. */
export interface LoadResult {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  non2xx: number;
  requests: number;
}

/**
 * A percentile of latencies in ms (nearest rank), to the hundredth of a millisecond. autocannon's own percentiles
 * come from a histogram of whole milliseconds: a p95 of 6 or 7 ms moved a ratio of two of them by 0.17 for a
 * difference of a few hundred microseconds.
 */
export function percentile(sorted: Float64Array, fraction: number): number {
  if (sorted.length === 0) return 0;
  return Number(sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))].toFixed(2));
}

/**
 * One autocannon run (its options as given: url, connections, duration…); requests can vary per call (a new
 * X-Forwarded-For for the contact form). The latencies are each 2xx answer's own time (autocannon's 'response'
 * event, in fractional ms), as autocannon records only 2xx. The benchmark's own runs and its load workers'
 * (bench/load-worker.ts) are made here.
 */
export function loadRun(options: Record<string, unknown>): Promise<LoadResult & { raw: unknown; latencies: Float64Array }> {
  return new Promise((resolve, reject) => {
    const times: number[] = [];
    const instance = autocannon(options, (error: Error | null, result: any) => {
      if (error) return reject(error);
      const sorted = Float64Array.from(times).sort();
      resolve({
        rps: Math.round(result.requests.average),
        p50: percentile(sorted, 0.5),
        p95: percentile(sorted, 0.95),
        p99: percentile(sorted, 0.99),
        errors: result.errors + result.timeouts,
        non2xx: result.non2xx,
        requests: result.requests.total,
        raw: result,
        latencies: sorted,
      });
    });
    instance.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => {
      if (status >= 200 && status < 300) times.push(ms);
    });
  });
}
