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

/** The audit trail's record of a refused login or 2FA code: what a refusal is meant to write. */
const REFUSALS_AUDITED = ['login.failure', 'login.step_up_failure'];

/**
 * Every row of the writable tables, read whole and in order: two snapshots are equal when nothing was written (a
 * refusal's own audit entry aside).
 */
export async function snapshotRows(sut: TestApp): Promise<Record<string, unknown[]>> {
  const tables: Record<string, unknown[]> = {};
  for (const table of WRITABLE_TABLES) {
    const rows = (await sut.dataSource.query(`SELECT * FROM ${table} ORDER BY 1`)) as { action?: string }[];
    tables[table] = table === 'audit_log' ? rows.filter((row) => !REFUSALS_AUDITED.includes(row.action ?? '')) : rows;
  }
  return tables;
}

/** The tables whose rows differ between two snapshots. */
export function changedTables(before: Record<string, unknown[]>, after: Record<string, unknown[]>): string[] {
  return Object.keys(before).filter((table) => JSON.stringify(before[table]) !== JSON.stringify(after[table]));
}
