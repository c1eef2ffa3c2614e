import type { TestApp } from './test-app.js';

/** The tables a write through the API can touch (the lookups and the sessions' activity stamps left out). */
export const WRITABLE_TABLES = [
  'enterprises',
  'enterprise_billing',
  'logos',
  'app_users',
  'contacts',
  'authorized_ips',
  'admins',
  'admin_links',
  'admin_notifications',
  'password_resets',
  'account_deletion_requests',
  'imports',
  'import_failures',
  'record_history',
  'audit_log',
];

/** Stamps of activity, written by any request at most once a minute (an address last seen): not a write of it. */
const ACTIVITY_STAMPS: Record<string, string[]> = { authorized_ips: ['last_seen_at'] };

/** The audit trail's record of a refused login or 2FA code: what a refusal is meant to write. */
const REFUSALS_AUDITED = ['login.failure', 'login.step_up_failure'];

/**
 * Every row of the writable tables, read whole and in order: two snapshots are equal when nothing was written (a
 * refusal's own audit entry and the activity stamps aside).
 */
export async function snapshotRows(sut: TestApp): Promise<Record<string, unknown[]>> {
  const tables: Record<string, unknown[]> = {};
  for (const table of WRITABLE_TABLES) {
    const rows = (await sut.dataSource.query(`SELECT * FROM ${table} ORDER BY 1`)) as Record<string, unknown>[];
    const stamps = ACTIVITY_STAMPS[table] ?? [];
    tables[table] = rows
      .filter((row) => table !== 'audit_log' || !REFUSALS_AUDITED.includes(String(row.action)))
      .map((row) => Object.fromEntries(Object.entries(row).filter(([column]) => !stamps.includes(column))));
  }
  return tables;
}

/** The tables whose rows differ between two snapshots. */
export function changedTables(before: Record<string, unknown[]>, after: Record<string, unknown[]>): string[] {
  return Object.keys(before).filter((table) => JSON.stringify(before[table]) !== JSON.stringify(after[table]));
}
