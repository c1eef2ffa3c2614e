import type request from 'supertest';
import { expect } from 'vitest';

/**
 * A refused request as every API refuses: the status, the JSON error shape, and no stack or SQL in it. With a
 * `field`, that field's error (its `message` when given); without, the answer's `message` when given.
 */
export function expectRefused(res: request.Response, status: number, expected: { message?: string; field?: string } = {}): void {
  const body = JSON.stringify(res.body);
  expect(res.status, body).toBe(status);
  expect(res.body, body).toMatchObject({ statusCode: status, message: expect.any(String) });
  if (expected.field) expect(res.body.errors?.[expected.field], body).toEqual(expected.message ?? expect.any(String));
  else if (expected.message !== undefined) expect(res.body.message, body).toBe(expected.message);
  expect(body).not.toMatch(/at \w+ \(|SELECT |INSERT |UPDATE |QueryFailed|sqlite|mysql|node_modules/i);
}
