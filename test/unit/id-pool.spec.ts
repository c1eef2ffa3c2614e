import { HexIdPool } from '../../src/tracing/id-pool.js';

describe('trace and span ids cut from a pool of random hex', () => {
  it('are W3C ids: 32 and 16 lowercase hex characters, never all zeros, and none repeats over many pools', () => {
    const ids = new HexIdPool(64);
    const seen = new Set<string>();
    for (let i = 0; i < 5_000; i++) {
      const traceId = ids.generateTraceId();
      const spanId = ids.generateSpanId();
      expect(traceId).toMatch(/^[0-9a-f]{32}$/);
      expect(spanId).toMatch(/^[0-9a-f]{16}$/);
      expect(traceId).not.toBe('0'.repeat(32));
      expect(spanId).not.toBe('0'.repeat(16));
      seen.add(traceId).add(spanId);
    }
    expect(seen.size).toBe(10_000);
  });

  it('skips an all-zero id and draws a new pool when the rest is too short for the next id', () => {
    const draws: number[] = [];
    // Pools of 24 bytes (48 hex characters): the first is all zeros, so its trace id is skipped and the 16 characters
    // left are too few for the next trace id; the second pool gives it, and its span id is a zero one, skipped
    // likewise; the third pool gives the span id.
    const pools = [Buffer.alloc(24), Buffer.concat([Buffer.alloc(16, 0xab), Buffer.alloc(8)]), Buffer.alloc(24, 0xcd)];
    const ids = new HexIdPool(24, (size) => {
      draws.push(size);
      return pools[draws.length - 1];
    });
    expect(ids.generateTraceId()).toBe('ab'.repeat(16));
    expect(ids.generateSpanId()).toBe('cd'.repeat(8));
    expect(draws).toEqual([24, 24, 24]);
  });
});
