import { IsIn, IsOptional } from 'class-validator';
import { PageQueryUpTo } from '../../common/http/page.query.js';
import { AUDIT_ACTIONS, AUDIT_GROUPS, type AuditAction, type AuditGroup } from '../../shared/audit-actions.js';

/** The trail's largest page: it is read by masters only. */
export const AUDIT_MAX_PAGE_SIZE = 1000;

export class ListAuditQuery extends PageQueryUpTo(AUDIT_MAX_PAGE_SIZE) {
  @IsIn(Object.keys(AUDIT_ACTIONS), { message: 'Ação desconhecida.' })
  @IsOptional()
  acao?: AuditAction;

  /** A group of actions: 'equipe', the team's and each admin's own account. */
  @IsIn(AUDIT_GROUPS, { message: 'Grupo desconhecido: use equipe.' })
  @IsOptional()
  grupo?: AuditGroup;
}
