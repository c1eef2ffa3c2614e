import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { CitiesService } from '../cities/cities.service.js';
import type { BulkStatusTarget } from '../common/bulk/bulk-status.js';
import type { ResourceDeclaration } from '../common/resources/resource-routes.js';
import { StatusTabList, type StatusCounts, type StatusListFilters, type StatusListShape } from '../common/resources/status-list.js';
import type { OrderColumn } from '../common/sql/list-query.js';
import { KeptCounts } from '../database/kept-counts.js';
import type { EnterpriseSort, EnterpriseView } from '../shared/enterprise.views.js';
import { BulkEnterpriseStatusInput, ListEnterprisesQuery } from './dto/list-enterprises.query.js';
import { Enterprise } from './enterprise.entity.js';
import { ENTERPRISE_COLUMNS, ExportEnterprisesQuery } from './enterprises.export.js';
import { enterpriseView } from './enterprises.mapper.js';

const BY_NAME: OrderColumn[] = [{ path: 'e.sortName', column: 'e.sort_name' }];
/** The columns of each sort but Status (then the key breaks ties); each has an index, and one per status tab. */
export const ENTERPRISE_SORT_COLUMNS: Record<Exclude<EnterpriseSort, 'status'>, OrderColumn[]> = {
  fantasia: BY_NAME,
  cnpj: [{ path: 'e.cnpj', column: 'e.cnpj' }],
  cidade: [{ path: 'e.citySort', column: 'e.city_sort' }],
};

/** Bulk Ativar/Desativar writes the companies' status, each row recorded as its own status change. */
const BULK_TARGET: BulkStatusTarget = {
  table: 'enterprises',
  key: 'enterprise_id',
  statusColumn: 'ativo',
  alsoSet: 'updated_at = CURRENT_TIMESTAMP',
  action: 'enterprise.status',
  targetType: 'enterprise',
  task: { recurso: 'empresa', one: 'empresa', many: 'empresas', feminine: true, link: '/admin/empresas' },
};

/** The companies' list: status tabs, search, sorts (trade name ascending by default; by Status, each tab by name). */
@Injectable()
export class EnterpriseList extends StatusTabList<Enterprise, EnterpriseView, EnterpriseSort> {
  protected readonly shape: StatusListShape<EnterpriseSort> = {
    alias: 'e',
    key: { path: 'e.enterpriseId', column: 'e.enterprise_id' },
    status: 'e.ativo',
    subject: 'enterprises',
    // The words of razão, fantasia, CNPJ, IE, bairro, city and UF.
    search: ['e.search_text'],
    sorts: ENTERPRISE_SORT_COLUMNS,
    defaultSort: 'fantasia',
    firstDirection: () => 'asc',
    byStatus: { columns: BY_NAME, direction: 'asc' },
  };

  constructor(
    @InjectRepository(Enterprise) enterprises: Repository<Enterprise>,
    kept: KeptCounts,
    private readonly cities: CitiesService,
  ) {
    super(enterprises, kept);
  }

  async views(rows: Enterprise[]): Promise<EnterpriseView[]> {
    const cityIds = [...new Set(rows.map((row) => row.cityId).filter((id): id is number => id !== null))];
    const byId = await this.cities.byIds(cityIds);
    return rows.map((row) => enterpriseView(row, row.cityId ? (byId.get(row.cityId) ?? null) : null));
  }
}

/** The companies as a resource of the back office: their list, export, bulk status change and counter. */
export const ENTERPRISES: ResourceDeclaration<Enterprise, EnterpriseView, StatusListFilters<EnterpriseSort>, StatusCounts> = {
  path: 'enterprises',
  noun: BULK_TARGET.task,
  source: EnterpriseList,
  list: {
    query: ListEnterprisesQuery,
    summary: 'Lista as empresas',
    description:
      'Filtra por status (padrão: todos) e busca por razão, fantasia, CNPJ, bairro, cidade, UF ou IE; ordena por fantasia, cnpj, cidade ou status; paginada.',
    // The API's default; the screen opens on ativos.
    defaults: { status: 'todos' },
  },
  export: {
    query: ExportEnterprisesQuery,
    summary: 'Exporta as empresas',
    description:
      'Exatamente o que a lista mostra com o status, a busca e a ordem enviados, todas as linhas, em CSV (UTF-8 com BOM, separador `;`, CNPJ formatado) ou XLSX. Fica registrado na auditoria.',
    audit: 'enterprise.export',
    file: 'empresas',
    sheet: 'Empresas',
    columns: ENTERPRISE_COLUMNS,
  },
  bulk: { input: BulkEnterpriseStatusInput, summary: 'Ativa ou desativa empresas em lote', target: BULK_TARGET },
  counter: { path: 'contador/ativos', summary: 'Conta as empresas ativas', of: (counts) => counts.ativos },
};
