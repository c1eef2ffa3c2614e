// The actions the audit trail records, with the Portuguese label the back office shows. Pure: read by the
// server and the audit page.

export const AUDIT_ACTIONS = {
  'login.success': 'Login',
  'login.failure': 'Login recusado',
  'ip.create': 'IP autorizado',
  'ip.delete': 'IP removido',
  'enterprise.create': 'Empresa cadastrada',
  'enterprise.update': 'Empresa editada',
  'enterprise.status': 'Status da empresa',
  'enterprise.billing.update': 'Endereço de cobrança salvo',
  'enterprise.billing.delete': 'Endereço de cobrança removido',
  'enterprise.export': 'Empresas exportadas',
  'logo.upload': 'Logo enviada',
  'user.update': 'Usuário editado',
  'user.status': 'Status do usuário',
  'user.reset_password': 'E-mail de redefinição enviado',
  'user.data_copy': 'Cópia dos dados (LGPD) baixada',
  'user.export': 'Usuários exportados',
  'contact.answered': 'Contato respondido',
  'contact.delete': 'Contato excluído',
  'contact.export': 'Contatos exportados',
} as const;

export type AuditAction = keyof typeof AUDIT_ACTIONS;

export interface AuditEntryView {
  id: number;
  admin_id: number | null;
  admin_username: string | null;
  ip: string | null;
  action: AuditAction;
  target_type: string | null;
  target_id: number | null;
  summary: Record<string, unknown> | null;
  created_at: string;
}
