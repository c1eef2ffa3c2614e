// The actions the audit trail records, with the Portuguese label the back office shows. Pure: read by the
// server and the audit page.

import type { FieldChangeView, HistoryOperation } from './history.views.js';

export const AUDIT_ACTIONS = {
  'login.success': 'Login',
  'login.failure': 'Login recusado',
  'login.step_up': 'Identidade confirmada (2FA)',
  'login.step_up_failure': 'Confirmação de identidade recusada',
  'ip.create': 'IP autorizado',
  'ip.delete': 'IP removido',
  'enterprise.create': 'Empresa cadastrada',
  'enterprise.update': 'Empresa editada',
  'enterprise.status': 'Status da empresa',
  'enterprise.billing.update': 'Endereço de cobrança salvo',
  'enterprise.billing.delete': 'Endereço de cobrança removido',
  'enterprise.export': 'Empresas exportadas',
  'logo.upload': 'Logo enviada',
  'user.create': 'Usuário cadastrado (importação)',
  'user.update': 'Usuário editado',
  'user.status': 'Status do usuário',
  'user.reset_password': 'E-mail de redefinição enviado',
  'user.data_copy': 'Cópia dos dados (LGPD) baixada',
  'user.export': 'Usuários exportados',
  'contact.answered': 'Contato respondido',
  'contact.delete': 'Contato excluído',
  'contact.export': 'Contatos exportados',
  'team.invite': 'Colega convidado',
  'team.invite_used': 'Senha definida pelo link',
  'team.update': 'Colega editado',
  'team.role': 'Papel alterado',
  'team.deactivate': 'Colega desativado',
  'team.reactivate': 'Colega reativado',
  'team.password_link': 'Novo link de senha gerado',
  'team.session_end': 'Sessão encerrada',
  'me.update': 'Nome próprio alterado',
  'me.password': 'Senha própria alterada',
  'history.restore': 'Valores restaurados do histórico',
  'history.revert': 'Registro voltou a uma versão anterior',
} as const;

/**
 * The fields of a summary that is not a record's change (a login's reason, an export's filters, an IP's address,
 * entries written before the trail kept changes) are the request's own, under the API's names. Where a name is
 * not Portuguese or not a word the audit page gives it one; a name not listed is shown as it is.
 */
export const AUDIT_FIELD_NAMES: Record<string, string> = {
  targetRole: 'papel',
  role: 'papel',
  descricao: 'descrição',
  sessoes: 'sessões',
  sessoes_encerradas: 'sessões encerradas',
  escopo: 'quais',
  enviado_para: 'enviado para',
};

/**
 * Where a field's value is a code, the words the audit page shows for it: why a login or a confirmation of identity
 * was refused (`motivo`, the answer's code). A value not listed is shown as it is.
 */
export const AUDIT_VALUE_NAMES: Record<string, Record<string, string>> = {
  motivo: {
    INVALID_CREDENTIALS: 'usuário, senha ou código 2FA inválidos',
    INVALID_OTP: 'código 2FA inválido',
    TOTP_ALREADY_USED: 'código 2FA já usado',
    IP_NOT_AUTHORIZED: 'IP não autorizado',
    TOO_MANY_ATTEMPTS: 'muitas tentativas seguidas',
    ERROR: 'erro no servidor',
  },
};

/** An entry of one of these tables, never one an object inherits ('constructor', 'toString'). */
const named = <T>(table: Record<string, T> | undefined, key: string): T | undefined => (table && Object.hasOwn(table, key) ? table[key] : undefined);

/** One value as the audit page shows it: '—' when empty, sim or não, a code in words. */
function auditValue(field: string, value: unknown): string {
  if (value === null || value === '' || value === undefined) return '—';
  if (typeof value === 'boolean') return value ? 'sim' : 'não';
  if (typeof value === 'string') return named(named(AUDIT_VALUE_NAMES, field), value) ?? value;
  return typeof value === 'object' ? JSON.stringify(value) : String(value as number);
}

/** One field of a summary: its name and its value in words ('antes → depois' for a change kept as `{de, para}`). */
export function describeAuditField(field: string, value: unknown): { rotulo: string; texto: string } {
  const rotulo = named(AUDIT_FIELD_NAMES, field) ?? field;
  if (value && typeof value === 'object' && 'de' in value && 'para' in value) {
    const change = value as { de: unknown; para: unknown };
    return { rotulo, texto: `${auditValue(field, change.de)} → ${auditValue(field, change.para)}` };
  }
  return { rotulo, texto: auditValue(field, value) };
}

/** A summary on one line, as 'campo: valor' pairs; a changed field as 'campo: antes → depois'. */
export function describeAuditSummary(summary: Record<string, unknown> | null): string {
  if (!summary) return '—';
  return Object.entries(summary)
    .map(([field, value]) => describeAuditField(field, value))
    .map((field) => `${field.rotulo}: ${field.texto}`)
    .join(' · ');
}

/** Groups of actions the trail filters by: 'equipe', the team's and each admin's own account ("Ações da equipe"). */
export const AUDIT_GROUPS = ['equipe'] as const;
export type AuditGroup = (typeof AUDIT_GROUPS)[number];
export const AUDIT_GROUP_ACTIONS: Record<AuditGroup, (keyof typeof AUDIT_ACTIONS)[]> = {
  equipe: (Object.keys(AUDIT_ACTIONS) as (keyof typeof AUDIT_ACTIONS)[]).filter((action) => action.startsWith('team.') || action.startsWith('me.')),
};

export type AuditAction = keyof typeof AUDIT_ACTIONS;

/**
 * The summary of a write of a versioned record, as the trail keeps it: the fields its history entries changed
 * (`{"column": [before, after]}`, a secret as `[]`), merged over the request's entries, and the operation; a
 * restore, or a return to a version, adds the entry whose values it put back (or that left the version), when it was
 * made and by whom. Earlier entries kept the
 * request's fields instead, and are shown as they are (describeAuditSummary).
 */
export interface AuditChangeSummary {
  alteracoes: Record<string, unknown[]>;
  operacao: HistoryOperation;
  entrada?: number;
  entrada_em?: string | null;
  entrada_por?: string | null;
}

/** The record an entry is about: its kind, its name, and the page where it opens (null when it is gone or has none). */
export interface AuditTargetView {
  tipo: string;
  nome: string | null;
  url: string | null;
}

export interface AuditEntryView {
  id: number;
  admin_id: number | null;
  admin_username: string | null;
  ip: string | null;
  action: AuditAction;
  target_type: string | null;
  target_id: number | null;
  /** The summary as kept: the fields that changed (AuditChangeSummary), or, in earlier entries, the fields sent. */
  summary: Record<string, unknown> | null;
  created_at: string;
  alvo: AuditTargetView | null;
  /** What the write did to the record: creation, change or deletion (null: no record's history says). */
  operacao: HistoryOperation | null;
  /** The fields that changed, with the history's labels and values (null: an entry without them, see summary). */
  campos: FieldChangeView[] | null;
  /**
   * An entry that kept the fields sent rather than a change (written before the trail kept changes, or about a
   * record that keeps no history): each field named and in words, the record's own fields as its history says
   * them (labels, a city's name). Null for an entry with changes or nothing kept.
   */
  enviados: { rotulo: string; texto: string }[] | null;
  /** A restore: the history entry whose earlier values it put back, when it was made and by whom. */
  /** A restore (`versao` false: an entry's "before" values) or a return to the version an entry left (`versao` true). */
  restaurado: { entrada: number; em: string | null; por: string | null; versao: boolean } | null;
}
