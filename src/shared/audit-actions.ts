// The actions the audit trail records, with the Portuguese label the back office shows. Pure: read by the
// server and the audit page.

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
} as const;

/**
 * Why a login or a confirmation of identity was refused (the `motivo` of its entry, the answer's code), as the audit
 * page shows it. A code not listed here is shown as it is.
 */
export const AUDIT_REFUSAL_REASONS: Record<string, string> = {
  INVALID_CREDENTIALS: 'usuário, senha ou código 2FA inválidos',
  INVALID_OTP: 'código 2FA inválido',
  TOTP_ALREADY_USED: 'código 2FA já usado',
  IP_NOT_AUTHORIZED: 'IP não autorizado',
  TOO_MANY_ATTEMPTS: 'muitas tentativas seguidas',
  ERROR: 'erro no servidor',
};

/** Groups of actions the trail filters by: 'equipe', the team's and each admin's own account ("Ações da equipe"). */
export const AUDIT_GROUPS = ['equipe'] as const;
export type AuditGroup = (typeof AUDIT_GROUPS)[number];
export const AUDIT_GROUP_ACTIONS: Record<AuditGroup, (keyof typeof AUDIT_ACTIONS)[]> = {
  equipe: (Object.keys(AUDIT_ACTIONS) as (keyof typeof AUDIT_ACTIONS)[]).filter((action) => action.startsWith('team.') || action.startsWith('me.')),
};

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
