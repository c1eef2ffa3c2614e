// `npm run data:check-text` (src/database/cli.ts): finds the stored text that the text rule (src/common/http/clean-text.ts) refuses
// today — control characters, and direction overrides in single-line columns — in the records people type (companies,
// app users, contacts, admins, authorized IPs), and reports each by table, column and id. Nothing is rewritten:
// someone decides what each value should be, and corrects it through the back office (which keeps its history).
import { Admin } from '../auth/admin.entity.js';
import { textProblem } from '../common/http/clean-text.js';
import { Contact } from '../contacts/contact.entity.js';
import { Enterprise } from '../enterprises/enterprise.entity.js';
import { AuthorizedIp } from '../ips/authorized-ip.entity.js';
import { AppUser } from '../users/app-user.entity.js';
import type { DataSource } from 'typeorm';

/** Rows read per query, in the order of the primary key (never the whole table at once). */
const BATCH = 1_000;
/** Ids listed per column; the count is always whole. */
const IDS_SHOWN = 20;
/** Long-text columns take several lines (the contact's message); the others are single-line. */
const MULTI_LINE_TYPES = new Set(['text', 'mediumtext', 'longtext']);

export interface TextFinding {
  table: string;
  column: string;
  problem: string;
  count: number;
  ids: (number | string)[];
}

export async function checkStoredText(dataSource: DataSource): Promise<TextFinding[]> {
  const findings = new Map<string, TextFinding>();
  for (const entity of [Enterprise, AppUser, Contact, Admin, AuthorizedIp]) {
    const metadata = dataSource.getMetadata(entity);
    const [key] = metadata.primaryColumns;
    const columns = metadata.columns.filter(
      (column) => column !== key && (column.type === String || ['varchar', 'text', 'mediumtext', 'longtext', 'char'].includes(String(column.type))),
    );
    const select = [key, ...columns].map((column) => `${dataSource.driver.escape(column.databaseName)}`).join(', ');
    const table = dataSource.driver.escape(metadata.tableName);
    const id = dataSource.driver.escape(key.databaseName);
    for (let after: unknown = null; ;) {
      const rows = (await dataSource.query(
        `SELECT ${select} FROM ${table}${after === null ? '' : ` WHERE ${id} > ?`} ORDER BY ${id} LIMIT ${BATCH}`,
        after === null ? [] : [after],
      )) as Record<string, unknown>[];
      for (const row of rows) {
        for (const column of columns) {
          const value = row[column.databaseName];
          if (typeof value !== 'string') continue;
          const problem = textProblem(value, MULTI_LINE_TYPES.has(String(column.type)));
          if (!problem) continue;
          const name = `${metadata.tableName}.${column.databaseName}:${problem}`;
          const finding = findings.get(name) ?? { table: metadata.tableName, column: column.databaseName, problem, count: 0, ids: [] };
          finding.count += 1;
          if (finding.ids.length < IDS_SHOWN) finding.ids.push(row[key.databaseName] as number);
          findings.set(name, finding);
        }
      }
      if (rows.length < BATCH) break;
      after = rows[rows.length - 1][key.databaseName];
    }
  }
  return [...findings.values()];
}
