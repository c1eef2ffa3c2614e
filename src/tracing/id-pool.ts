import { randomBytes } from 'node:crypto';
import type { IdGenerator } from '@opentelemetry/sdk-trace';

/** Random bytes drawn at a time: ids for about 170 requests (a trace id and a span id each). */
const POOL_BYTES = 4096;
const TRACE_ID_HEX = 32;
const SPAN_ID_HEX = 16;
const ZERO_TRACE_ID = '0'.repeat(TRACE_ID_HEX);
const ZERO_SPAN_ID = '0'.repeat(SPAN_ID_HEX);

/**
 * Trace and span ids cut from a pool of random hex, drawn from the system's generator a few kilobytes at a time.
 * Every request gets a trace id and a span id while tracing is on, sampled or not (its log line carries them); the
 * SDK's generator writes four Math.random() numbers into a buffer and hex-encodes it for each id (its hex
 * encoding was the largest item of the request hook in a CPU profile of `/robots.txt`). A cut of the pool is a
 * view of its string (V8 does not copy it), so an id costs a slice. The gain is small: timed alone, an unsampled
 * request's hook went from 0.65-0.78 µs to 0.64-0.67 µs (bench/results/agreement.md). W3C trace context forbids all-zero ids: one is skipped.
 */
export class HexIdPool implements IdGenerator {
  private pool = '';
  private next = 0;

  constructor(
    private readonly poolBytes = POOL_BYTES,
    private readonly random: (size: number) => Buffer = randomBytes,
  ) {}

  generateTraceId = (): string => this.take(TRACE_ID_HEX, ZERO_TRACE_ID);

  generateSpanId = (): string => this.take(SPAN_ID_HEX, ZERO_SPAN_ID);

  private take(length: number, zero: string): string {
    for (;;) {
      if (this.next + length > this.pool.length) {
        this.pool = this.random(this.poolBytes).toString('hex');
        this.next = 0;
      }
      const id = this.pool.slice(this.next, this.next + length);
      this.next += length;
      if (id !== zero) return id;
    }
  }
}
