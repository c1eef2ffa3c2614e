import type { AdminRole } from './admin-role.js';

/** An authorized address as access checks see it: which role may sign in from it. */
export interface IpGrant {
  id: number;
  ip: string;
  role: AdminRole;
}

export type TotpOutcome = 'accepted' | 'invalid' | 'used';

/**
 * What login and the access guard ask of the authorized-IP rules. The ips domain implements it (IpsService) and
 * provides it under this token, so auth depends on the rules' contract and never on the ips module itself.
 */
export abstract class IpAccess {
  /** The grant for a request address, if that address is authorized. */
  abstract findByIp(ip: string): Promise<IpGrant | null>;
  /** Checks a 2FA code against the address's secret; a code is accepted once. */
  abstract consumeTotp(grant: IpGrant, code: string): Promise<TotpOutcome>;
  /** Records that the address was just used (throttled). */
  abstract touch(grant: IpGrant): Promise<void>;
}
