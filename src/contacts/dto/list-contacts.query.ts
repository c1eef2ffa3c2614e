import { IsIn, IsOptional } from 'class-validator';
import { PageQuery } from '../../common/http/page.query.js';
import { CONTACT_STATUSES, type ContactStatus } from '../contact.entity.js';

export class ListContactsQuery extends PageQuery {
  @IsIn(CONTACT_STATUSES, { message: 'Status inválido: use pendente ou respondido.' })
  @IsOptional()
  status?: ContactStatus;
}
