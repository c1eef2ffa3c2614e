import { Injectable } from '@nestjs/common';
import { InjectThrottlerStorage, type ThrottlerOptions, type ThrottlerStorage } from '@nestjs/throttler';
import { AppException } from '../common/http/app.exception.js';
import { hitKeyedLimit } from '../common/http/rate-limit.js';

/** Login requests: 10 a minute per IP, whoever sends them (the guard's throttler, before anything is read). */
export const LOGIN_THROTTLERS: ThrottlerOptions[] = [{ name: 'login-ip', ttl: 60_000, limit: 10 }];

/** Attempts on one account from one authorized IP: 8 per 15 minutes (a person mistyping a code stays well under). */
export const ACCOUNT_ATTEMPTS = { ttl: 15 * 60_000, limit: 8 };

export class TooManyLoginAttemptsException extends AppException {
  constructor() {
    super(429, 'TOO_MANY_ATTEMPTS', 'Muitas tentativas. Aguarde um pouco e tente novamente.');
  }
}

/**
 * The per-account login limit. It is counted only once the request's IP is known to be authorized, and per
 * (account, IP): requests from elsewhere never reach it, so nobody outside can lock an admin out, and a
 * guessing attacker on one authorized address cannot lock the others. The account is the admin row the
 * database matched (so 'ádmin' and 'admin' share a count, as they share a row), or the username as the
 * collation folds it when nothing matched. Kept in the throttler's storage, with the other limits.
 */
@Injectable()
export class LoginAttempts {
  constructor(@InjectThrottlerStorage() private readonly storage: ThrottlerStorage) {}

  async count(account: string, ip: string): Promise<void> {
    if (!(await hitKeyedLimit(this.storage, 'login-account', `${account}:${ip}`, ACCOUNT_ATTEMPTS, 'refuse'))) throw new TooManyLoginAttemptsException();
  }
}
