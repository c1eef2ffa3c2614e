import { IsIn, IsOptional } from 'class-validator';
import { PageQuery } from '../../common/http/page.query.js';
import { AUDIT_ACTIONS, type AuditAction } from '../../shared/audit-actions.js';

export class ListAuditQuery extends PageQuery {
  @IsIn(Object.keys(AUDIT_ACTIONS), { message: 'Ação desconhecida.' })
  @IsOptional()
  acao?: AuditAction;
}
