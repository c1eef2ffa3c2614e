import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../../src/common/http/error-body.js';

// A database that is down or restarting answers 503 with Retry-After, never 500 (test/hard/database-fault.spec.ts
// kills MariaDB under load): these are the shapes its errors arrive in.
describe('a database that is away', () => {
  it('is known by the driver codes of a refused, reset or lost connection, through TypeORM wrapping', () => {
    expect(isDatabaseUnavailable({ code: 'ECONNREFUSED' })).toBe(true);
    expect(isDatabaseUnavailable({ name: 'QueryFailedError', driverError: { code: 'PROTOCOL_CONNECTION_LOST', fatal: true } })).toBe(true);
  });

  it('is known by a command sent on a connection the server has just closed (mysql2 gives it no code)', () => {
    const closed = Object.assign(new Error("Can't add new command when connection is in closed state"), { fatal: true });
    expect(isDatabaseUnavailable({ name: 'QueryFailedError', message: closed.message, driverError: closed })).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('Connection lost'), { fatal: true }))).toBe(true);
  });

  it('is not a query that failed on a working connection', () => {
    expect(isDatabaseUnavailable({ code: 'ER_DUP_ENTRY', errno: 1062 })).toBe(false);
    expect(isDatabaseUnavailable(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isDatabaseUnavailable({ code: 'ER_PARSE_ERROR', fatal: false })).toBe(false);
  });
});
