import { Injectable } from '@nestjs/common';
import { CitiesService } from '../cities/cities.service.js';
import type { BulkStatusTarget } from '../common/bulk/bulk-status.js';
import { ResourceList, type ListRun } from '../common/resources/list-source.js';
import type { ResourceDeclaration } from '../common/resources/resource-routes.js';
import { preferFulltext, statusSortParts, textSearch, type OrderColumn, type PageWindow } from '../common/sql/list-query.js';
import { KeptCounts, statusCounts } from '../database/kept-counts.js';
import type { EnterpriseCounts, EnterpriseListFilters, EnterpriseSort, EnterpriseView } from '../shared/enterprise.views.js';
import { BulkEnterpriseStatusInput, ListEnterprisesQuery } from './dto/list-enterprises.query.js';
import type { Enterprise } from './enterprise.entity.js';
import { ENTERPRISE_COLUMNS, ExportEnterprisesQuery } from './enterprises.export.js';
import { enterpriseView } from './enterprises.mapper.js';
import { EnterprisesRepository } from './enterprises.repository.js';

const KEY: OrderColumn = { path: 'e.enterpriseId', column: 'e.enterprise_id' };
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

/** The companies' list: status tabs, search, sorts (trade name ascending by default), kept counts. */
@Injectable()
export class EnterpriseList extends ResourceList<Enterprise, EnterpriseView, EnterpriseListFilters, EnterpriseCounts> {
  readonly key = KEY;

  constructor(
    private readonly enterprises: EnterprisesRepository,
    private readonly kept: KeptCounts,
    private readonly cities: CitiesService,
  ) {
    super();
  }

  /**
   * How many companies match the search in each status filter: kept counts without a search; with one,
   * counted once (one grouped query) and remembered until the companies table changes.
   */
  async counts(filters: EnterpriseListFilters): Promise<EnterpriseCounts> {
    const search = textSearch(filters.busca);
    if (!search.active) return this.keptCounts();
    return this.kept.remembered(['enterprises'], JSON.stringify(['enterprises', search.terms]), async () =>
      statusCounts(await this.enterprises.countsBySearch(search)),
    );
  }

  total(counts: EnterpriseCounts, filters: EnterpriseListFilters): number {
    return counts[filters.status ?? 'todos'];
  }

  async keptCounts(): Promise<EnterpriseCounts> {
    return statusCounts(await this.kept.buckets('enterprises.status'));
  }

  /** By Status, each tab by trade name; the search reads the FULLTEXT index when the walk would read more. */
  async runs(filters: EnterpriseListFilters, counts: EnterpriseCounts | null): Promise<ListRun<Enterprise>[]> {
    const search = textSearch(filters.busca);
    const parts = statusSortParts(filters, {
      columns: ENTERPRISE_SORT_COLUMNS,
      defaultKey: 'fantasia',
      first: () => 'asc',
      byStatus: { columns: BY_NAME, direction: 'asc' },
    });
    return parts.map((part) => {
      const query = (fulltext: boolean) => () => this.enterprises.filtered({ status: part.status }, search, fulltext);
      return {
        total: counts?.[part.status] ?? 0,
        columns: part.columns,
        direction: part.direction,
        page: async (window: PageWindow) => {
          const fulltext =
            search.active &&
            this.enterprises.mysql &&
            (part.columns !== BY_NAME || preferFulltext(search, window, counts?.[part.status] ?? 0, (await this.keptCounts())[part.status]));
          // Without a search the statement depends on the status tab and the order only.
          return {
            query: query(fulltext),
            reading: search.active ? {} : { kept: { shape: `enterprises:${part.status}:${part.key}:${part.direction}`, on: this.enterprises.dataSource } },
          };
        },
        all: () => query(search.active && this.enterprises.mysql),
      };
    });
  }

  async selection(filters: EnterpriseListFilters) {
    const search = textSearch(filters.busca);
    return () => this.enterprises.filtered({ status: filters.status ?? 'todos' }, search, search.active && this.enterprises.mysql);
  }

  async views(rows: Enterprise[]): Promise<EnterpriseView[]> {
    const cityIds = [...new Set(rows.map((row) => row.cityId).filter((id): id is number => id !== null))];
    const byId = await this.cities.byIds(cityIds);
    return rows.map((row) => enterpriseView(row, row.cityId ? (byId.get(row.cityId) ?? null) : null));
  }
}

/** The companies as a resource of the back office: their list, export, bulk status change and counter. */
export const ENTERPRISES: ResourceDeclaration<Enterprise, EnterpriseView, EnterpriseListFilters, EnterpriseCounts> = {
  path: 'enterprises',
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
