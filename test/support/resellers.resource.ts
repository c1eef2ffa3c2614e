import { Controller, Get, Injectable, Module, Query } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { InjectRepository, TypeOrmModule } from '@nestjs/typeorm';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, Repository, Table, type MigrationInterface, type QueryRunner } from 'typeorm';
import type { AppExtensions } from '../../src/app.js';
import { BulkSelection } from '../../src/common/bulk/bulk-status.js';
import { ExportFormatField } from '../../src/common/export/export-response.js';
import type { ExportFormat } from '../../src/common/export/table-file.js';
import { PageQuery } from '../../src/common/http/page.query.js';
import { SortDirectionField, SortKeyField } from '../../src/common/http/sort.query.js';
import { Trim } from '../../src/common/http/trim.decorator.js';
import type { ListPage } from '../../src/common/resources/list-source.js';
import { InertiaPages } from '../../src/inertia/inertia.interceptor.js';
import { resourcePage } from '../../src/common/resources/resource-page.js';
import { ResourceRoutes, type ResourceDeclaration } from '../../src/common/resources/resource-routes.js';
import { StatusTabList, type StatusCounts, type StatusListFilters, type StatusListShape } from '../../src/common/resources/status-list.js';
import type { OrderColumn } from '../../src/common/sql/list-query.js';
import { KeptCounts } from '../../src/database/kept-counts.js';
import { dialectOf, listSchema, type ListResource } from '../../src/database/list-schema/v1/index.js';
import type { AuditAction } from '../../src/shared/audit-actions.js';
import type { LiveResource } from '../../src/shared/live.views.js';

/*
 * A resource declared the way docs/adding-a-resource.md says, in a test module: resellers ("Revendas"), with a
 * table made by the list schema builders, a list of the common shape, and the list, export, bulk and counter
 * routes from one declaration. Nothing of it is in the app: the test proves the mechanism carries a new resource.
 */

@Entity('resellers')
export class Reseller {
  @PrimaryGeneratedColumn({ name: 'reseller_id', type: 'integer' })
  resellerId: number;

  @Column({ type: 'varchar', length: 150 })
  nome: string;

  @Column({ type: 'varchar', length: 14 })
  cnpj: string;

  @Column({ type: 'tinyint', default: 1 })
  ativo: number;

  @CreateDateColumn({ name: 'created_at', type: 'datetime' })
  createdAt: Date;

  /** Kept by the database (the list schema builders' triggers), never written here. */
  @Column({ name: 'sort_name', type: 'varchar', length: 150, default: '', insert: false, update: false, select: false })
  sortName: string;

  @Column({ name: 'search_text', type: 'varchar', length: 400, default: '', insert: false, update: false, select: false })
  searchText: string;
}

/** The resellers' list as the builders make it: search words of name and CNPJ, a name order, kept counts. */
export const RESELLERS_SCHEMA: ListResource = {
  table: 'resellers',
  key: 'reseller_id',
  status: 'ativo',
  registeredAt: 'created_at',
  search: [{ column: 'search_text', length: 400, words: ['nome'], documents: [{ column: 'cnpj', endings: 11 }] }],
  sorts: [{ column: 'sort_name', length: 150, from: ['nome'] }],
  orders: ['sort_name', 'cnpj'],
};

/** The migration a new resource ships: its table, then the builders' statements. */
export class CreateResellers1799000000000 implements MigrationInterface {
  name = 'CreateResellers1799000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const mysql = dialectOf(queryRunner) === 'mysql';
    await queryRunner.createTable(
      new Table({
        name: 'resellers',
        columns: [
          { name: 'reseller_id', type: mysql ? 'int' : 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
          { name: 'nome', type: 'varchar', length: '150' },
          { name: 'cnpj', type: 'varchar', length: '14' },
          { name: 'ativo', type: 'tinyint', default: 1 },
          { name: 'created_at', type: 'datetime', default: 'CURRENT_TIMESTAMP' },
        ],
      }),
    );
    for (const sql of listSchema(dialectOf(queryRunner), RESELLERS_SCHEMA).up) await queryRunner.query(sql);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const sql of listSchema(dialectOf(queryRunner), RESELLERS_SCHEMA).down) await queryRunner.query(sql);
    await queryRunner.dropTable('resellers');
  }
}

export const RESELLER_SORTS = ['nome', 'cnpj', 'status'] as const;
export type ResellerSort = (typeof RESELLER_SORTS)[number];

export class ListResellersQuery extends PageQuery {
  @ApiPropertyOptional({ enum: ['todos', 'ativos', 'inativos'] })
  @IsIn(['todos', 'ativos', 'inativos'], { message: 'Status inválido: use todos, ativos ou inativos.' })
  @IsOptional()
  status?: 'todos' | 'ativos' | 'inativos';

  @ApiPropertyOptional({ maxLength: 100 })
  @MaxLength(100, { message: 'A busca deve ter no máximo 100 caracteres.' })
  @IsString({ message: 'A busca deve ser um texto.' })
  @IsOptional()
  @Trim()
  busca?: string;

  @SortKeyField(RESELLER_SORTS)
  ordem?: ResellerSort;

  @SortDirectionField()
  sentido?: 'asc' | 'desc';
}

export class ExportResellersQuery extends ListResellersQuery {
  @ApiPropertyOptional({ enum: ['csv', 'xlsx'] })
  @ExportFormatField()
  formato?: ExportFormat;
}

export class BulkResellerStatusInput extends BulkSelection(ListResellersQuery) {}

export interface ResellerView {
  reseller_id: number;
  nome: string;
  cnpj: string;
  ativo: number;
}

const BY_NAME: OrderColumn[] = [{ path: 'r.sortName', column: 'r.sort_name' }];

@Injectable()
export class ResellerList extends StatusTabList<Reseller, ResellerView, ResellerSort> {
  protected readonly shape: StatusListShape<ResellerSort> = {
    alias: 'r',
    key: { path: 'r.resellerId', column: 'r.reseller_id' },
    status: 'r.ativo',
    subject: 'resellers',
    search: ['r.search_text'],
    sorts: { nome: BY_NAME, cnpj: [{ path: 'r.cnpj', column: 'r.cnpj' }] },
    defaultSort: 'nome',
    firstDirection: () => 'asc',
    byStatus: { columns: BY_NAME, direction: 'asc' },
  };

  constructor(@InjectRepository(Reseller) resellers: Repository<Reseller>, kept: KeptCounts) {
    super(resellers, kept);
  }

  async views(rows: Reseller[]): Promise<ResellerView[]> {
    return rows.map((row) => ({ reseller_id: row.resellerId, nome: row.nome, cnpj: row.cnpj, ativo: Number(row.ativo) }));
  }
}

export const RESELLERS: ResourceDeclaration<Reseller, ResellerView, StatusListFilters<ResellerSort>, StatusCounts> = {
  path: 'revendas',
  noun: { many: 'revendas', feminine: true },
  source: ResellerList,
  list: {
    query: ListResellersQuery,
    summary: 'Lista as revendas',
    description: 'Filtra por status, busca por nome ou CNPJ; paginada.',
    defaults: { status: 'todos' },
  },
  export: {
    query: ExportResellersQuery,
    summary: 'Exporta as revendas',
    description: 'O que a lista mostra, em CSV ou XLSX.',
    // A real resource adds its actions to src/shared/audit-actions.ts and its name to LiveResource.
    audit: 'reseller.export' as AuditAction,
    file: 'revendas',
    sheet: 'Revendas',
    columns: [
      { header: 'ID', value: (row) => row.reseller_id },
      { header: 'Nome', value: (row) => row.nome },
      { header: 'CNPJ', value: (row) => row.cnpj },
      { header: 'Status', value: (row) => (row.ativo === 1 ? 'Ativa' : 'Inativa') },
    ],
  },
  bulk: {
    input: BulkResellerStatusInput,
    summary: 'Ativa ou desativa revendas em lote',
    row: { summary: 'Ativa ou desativa uma revenda' },
    target: {
      table: 'resellers',
      key: 'reseller_id',
      statusColumn: 'ativo',
      action: 'reseller.status' as AuditAction,
      targetType: 'reseller',
      task: { recurso: 'revenda' as LiveResource, one: 'revenda', many: 'revendas', feminine: true, link: '/admin/revendas' },
    },
  },
  page: {
    path: '/admin/revendas',
    apiPath: '/admin/revendas',
    title: 'Revendas',
    description: 'As revendas de máquinas cadastradas.',
    columns: [
      { label: 'Nome', field: 'nome', sort: 'nome', place: 'title' },
      { label: 'CNPJ', field: 'cnpj', sort: 'cnpj', kind: 'document', place: 'subtitle' },
      { label: 'Status', field: 'ativo', sort: 'status', kind: 'status' },
    ],
    idField: 'reseller_id',
    nameField: 'nome',
    search: { label: 'Buscar revendas', placeholder: 'Buscar por nome ou CNPJ...' },
    sort: {
      default: 'nome',
      options: [
        { key: 'nome', label: 'Nome' },
        { key: 'cnpj', label: 'CNPJ' },
        { key: 'status', label: 'Status' },
      ],
    },
    activation: { one: 'revenda', many: 'revendas', feminine: true, statusField: 'ativo' },
    export: true,
    errorMessage: 'Falha ao carregar revendas.',
    emptyText: 'Nenhuma revenda encontrada.',
  },
  counter: { path: 'contador/ativos', summary: 'Conta as revendas ativas', of: (counts) => counts.ativos },
};

@Controller('api/admin/revendas')
export class ResellerListApiController extends ResourceRoutes<Reseller, ResellerView, StatusListFilters<ResellerSort>, StatusCounts, ListPage<ResellerView>>(
  RESELLERS,
) {}

/** The page, drawn by the generic page from the declaration. */
@InertiaPages()
@Controller('admin')
export class ResellersPagesController {
  constructor(private readonly list: ResellerList) {}

  @Get('revendas')
  index(@Query() query: Record<string, unknown>) {
    return resourcePage(RESELLERS, this.list, query);
  }
}

@Module({
  imports: [TypeOrmModule.forFeature([Reseller])],
  controllers: [ResellerListApiController, ResellersPagesController],
  providers: [ResellerList],
})
export class ResellersModule {}

/** The resellers as an extension of the app (startTestApp's second argument): its migration runs after the app's. */
export const RESELLERS_EXTENSION: AppExtensions = { modules: [ResellersModule], entities: [Reseller], migrations: [CreateResellers1799000000000] };
