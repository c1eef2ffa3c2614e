import type { ThrottlerOptions } from '@nestjs/throttler';
import type { Request } from 'express';

/**
 * Public account requests (esqueci minha senha, excluir conta, and their links): 10 per 15 minutes per IP,
 * and 3 e-mails per hour to the same address whatever the IP, so the site cannot be used to flood a mailbox.
 */
export const ACCOUNT_THROTTLERS: ThrottlerOptions[] = [
  { name: 'account-ip', ttl: 15 * 60_000, limit: 10 },
  {
    name: 'account-email',
    ttl: 60 * 60_000,
    limit: 3,
    getTracker: (req: Record<string, unknown>) => {
      const email = (req as unknown as Request).body?.email;
      return `email:${typeof email === 'string' ? email.trim().toLowerCase().slice(0, 160) : ''}`;
    },
  },
];
