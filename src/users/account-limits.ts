import { Injectable } from '@nestjs/common';
import { InjectThrottlerStorage, type ThrottlerOptions, type ThrottlerStorage } from '@nestjs/throttler';
import type { HttpRequest } from '../common/http/http.js';
import { hitKeyedLimit } from '../common/http/rate-limit.js';
import { collationKey } from '../common/search-text.js';

/** E-mails the site sends to one account in an hour, whatever was asked (reset or deletion) and however spelled. */
export const ACCOUNT_MAIL_BUDGET = { ttl: 60 * 60_000, limit: 3 };

/**
 * Public account requests (esqueci minha senha, excluir conta, and their links): 10 per 15 minutes per IP,
 * and 3 per hour for one address across both requests, the address folded as the database compares it (so
 * 'ÁNA@' and 'ana@' are one address). The answer is the same for every address, known or not.
 */
export const ACCOUNT_THROTTLERS: ThrottlerOptions[] = [
  { name: 'account-ip', ttl: 15 * 60_000, limit: 10 },
  {
    name: 'account-email',
    ttl: ACCOUNT_MAIL_BUDGET.ttl,
    limit: ACCOUNT_MAIL_BUDGET.limit,
    getTracker: (req: Record<string, unknown>) => {
      const email = ((req as unknown as HttpRequest).body as { email?: unknown } | undefined)?.email;
      return `email:${typeof email === 'string' ? collationKey(email) : ''}`;
    },
    // One count for the address on every route it is used on, not one per route.
    generateKey: (_context, tracker, name) => `${name}:${tracker}`,
  },
];

/**
 * The e-mails one app user receives from public requests, counted on the row the database matched, so no
 * spelling of the address gets past it: past 3 an hour nothing more is sent, silently, since the answer
 * must not tell whether the address has an account.
 */
@Injectable()
export class AccountMailBudget {
  constructor(@InjectThrottlerStorage() private readonly storage: ThrottlerStorage) {}

  allows(userId: number): Promise<boolean> {
    return hitKeyedLimit(this.storage, 'account-mail', `user:${userId}`, ACCOUNT_MAIL_BUDGET, 'count-locally');
  }
}
