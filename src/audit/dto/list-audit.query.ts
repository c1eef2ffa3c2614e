import { IsIn, IsOptional } from 'class-validator';
import { PageQuery } from '../../common/http/page.query.js';
import { AUDIT_ACTIONS, AUDIT_GROUPS, type AuditAction, type AuditGroup } from '../../shared/audit-actions.js';

export class ListAuditQuery extends PageQuery {
  @IsIn(Object.keys(AUDIT_ACTIONS), { message: 'Ação desconhecida.' })
  @IsOptional()
  acao?: AuditAction;

  /** A group of actions: 'equipe', the team's and each admin's own account. */
  @IsIn(AUDIT_GROUPS, { message: 'Grupo desconhecido: use equipe.' })
  @IsOptional()
  grupo?: AuditGroup;
}
