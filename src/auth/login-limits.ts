import type { ThrottlerOptions } from '@nestjs/throttler';
import type { Request } from 'express';

/** Login attempts: 10 a minute per IP, and 30 per 15 minutes per username whatever the IP. */
export const LOGIN_THROTTLERS: ThrottlerOptions[] = [
  { name: 'login-ip', ttl: 60_000, limit: 10 },
  {
    name: 'login-username',
    ttl: 15 * 60_000,
    limit: 30,
    getTracker: (req: Record<string, unknown>) => {
      const username = (req as unknown as Request).body?.username;
      return `username:${typeof username === 'string' ? username.trim().toLowerCase().slice(0, 60) : ''}`;
    },
  },
];
