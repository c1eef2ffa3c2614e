/**
 * What login tells the rest of the app about an admin's account. The team domain implements it (the account's
 * activity list and security alerts) and provides it globally, so auth never imports the team module.
 */
export abstract class AccountEvents {
  /** An admin has just logged in from an authorized address. Never rejects: a failed alert must not fail the login. */
  abstract loggedIn(adminId: number, ip: string, userAgent: string | null): Promise<void>;
}
