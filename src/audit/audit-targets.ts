import type { HistoryResourceKey } from '../history/history.resources.js';

/**
 * A kind of record the audit trail names (an @Audited route's `target`): how the trail calls it, where its name
 * is read, the back office page that opens it, and the versioned resource whose history holds its changes.
 * Declaring `history` is all a resource needs for its audit entries to say what changed, field by field, in the
 * history's own words (the interceptor takes the request's history entries, never its body).
 */
export interface AuditTarget {
  label: string;
  /** The versioned resource (HISTORY_RESOURCES) whose history entries the record's writes produce. */
  history?: HistoryResourceKey;
  /** Where the record's name is read: its table, key and the columns joined by a space. */
  name?: { table: string; key: string; columns: readonly string[] };
  /** The page where the record opens (null: none). */
  url?: (id: number) => string;
}

export const AUDIT_TARGETS: Record<string, AuditTarget> = {
  enterprise: {
    label: 'Empresa',
    history: 'empresa',
    name: { table: 'enterprises', key: 'enterprise_id', columns: ['fantasia'] },
    url: (id) => `/admin/empresas?status=todos&abrir=${id}`,
  },
  user: {
    label: 'Usuário',
    history: 'usuario',
    name: { table: 'app_users', key: 'user_id', columns: ['firstname', 'lastname'] },
    url: (id) => `/admin/usuarios?abrir=${id}`,
  },
  contact: {
    label: 'Contato',
    history: 'contato',
    name: { table: 'contacts', key: 'id', columns: ['nome'] },
    url: (id) => `/admin/contato?abrir=${id}`,
  },
  admin: {
    label: 'Administrador',
    history: 'admin',
    name: { table: 'admins', key: 'admin_id', columns: ['username'] },
    url: () => '/admin/equipe',
  },
  ip: { label: 'IP', name: { table: 'authorized_ips', key: 'id', columns: ['ip'] }, url: () => '/admin/ips' },
  logo: { label: 'Logo', name: { table: 'logos', key: 'logo_id', columns: ['name'] } },
};

/** The audit target a record of a versioned resource is named by (a restore's entry is about that record). */
export function auditTargetOf(key: HistoryResourceKey): string {
  return Object.keys(AUDIT_TARGETS).find((type) => AUDIT_TARGETS[type].history === key) ?? key;
}

/** The declaration of a target type; an entry written before the types were unified names a resource by its history key. */
export function auditTarget(type: string): AuditTarget | undefined {
  if (Object.hasOwn(AUDIT_TARGETS, type)) return AUDIT_TARGETS[type];
  return Object.values(AUDIT_TARGETS).find((target) => target.history === type);
}
