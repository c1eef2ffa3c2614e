import { IsIn, IsOptional } from 'class-validator';
import { PageQuery } from '../../common/http/page.query.js';
import { SortDirectionField, SortKeyField } from '../../common/http/sort.query.js';
import { CONTACT_STATUSES, type ContactStatus } from '../contact.entity.js';

export class ListContactsQuery extends PageQuery {
  @IsIn(CONTACT_STATUSES, { message: 'Status inválido: use pendente ou respondido.' })
  @IsOptional()
  status?: ContactStatus;

  /** The one sort of the tabs: the date they show (received, or answered). */
  @SortKeyField(['data'])
  ordem?: 'data';

  @SortDirectionField()
  sentido?: 'asc' | 'desc';
}
