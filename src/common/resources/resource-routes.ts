import { Body, Get, HttpCode, Inject, Param, Patch, Post, Query, Req, Res, type StreamableFile, type Type } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, ObjectLiteral } from 'typeorm';
import { CurrentActor, type AuditActor } from '../../audit/audit-actor.js';
import { Audited } from '../../audit/audited.decorator.js';
import { Sensitive } from '../../auth/decorators.js';
import { HistoryService } from '../../history/history.service.js';
import { LiveNotices } from '../../live/live-notices.js';
import type { AuditAction } from '../../shared/audit-actions.js';
import type { ResourcePageSpec } from '../../shared/resource-page.views.js';
import {
  BULK_STATUS_DESCRIPTION,
  bulkStatusChunk,
  rowStatusChange,
  RowStatusInput,
  type BulkChunkResult,
  type BulkSelectionFields,
  type BulkStatusTarget,
  type RowStatusResult,
} from '../bulk/bulk-status.js';
import { IdPipe } from '../http/id.pipe.js';
import { exportResponse } from '../export/export-response.js';
import type { ExportColumn, ExportFormat } from '../export/table-file.js';
import type { HttpReply, HttpRequest } from '../http/http.js';
import { changeSource } from '../../history/change-context.js';
import { listInOrder, listPage, type ListFilters, type ListPage, type ListSource } from './list-source.js';

/**
 * A resource of the back office, declared once: where its API lives, what its list reads (the source), the query
 * its list and export take, its export's file and columns, its bulk status change and its counter. The list,
 * export, bulk and counter routes, with their OpenAPI entries and audit labels, come from it (ResourceRoutes).
 */
export interface ResourceDeclaration<Row extends ObjectLiteral, View, Filters extends ListFilters, Counts> {
  /** The API's path under /api/admin (`enterprises` → /api/admin/enterprises). */
  path: string;
  /**
   * What the resource's rows are called, in the plural with their gender (`contatos`, masculine): the words of its
   * sensitive actions ("Para exportar os contatos, …", "Para ativar ou desativar empresas em lote, …").
   */
  noun: { many: string; feminine: boolean };
  /** The provider that reads the list (it is injected into the routes). */
  source: Type<ListSource<Row, View, Filters, Counts>>;
  list: {
    /** The list's query: its validation rules and its OpenAPI parameters. */
    query: Type<unknown>;
    summary: string;
    description: string;
    /** The filters' values when the query leaves them out (the API's defaults; a screen may open on another tab). */
    defaults: Partial<Filters>;
  };
  export: {
    /** The list's query plus `formato`. */
    query: Type<unknown>;
    summary: string;
    description: string;
    audit: AuditAction;
    /** The file's name before its date (`empresas` → empresas-2026-11-26.csv) and the sheet's name. */
    file: string;
    sheet: string;
    columns: ExportColumn<View>[];
  };
  /**
   * Ativar/Desativar in bulk (the source must then give its selection). With `row`, one row's Ativar/Desativar
   * too (`PATCH :id/status`, what a row's button sends), for a resource with no status route of its own.
   */
  bulk?: { input: Type<unknown>; summary: string; target: BulkStatusTarget; row?: { summary: string } };
  /** The list page, when the generic page (Admin/Recurso, through resourcePage) draws it from this declaration. */
  page?: ResourcePageSpec;
  /** A count the app and the menu show (`contador/ativos`, say). */
  counter: { path: string; summary: string; of: (counts: Counts) => number };
}

/** The routes every declared resource has; their answers are typed by the resource's view and page. */
export interface ResourceRouteHandlers<View, Page extends ListPage<View>> {
  list(query: ListFilters): Promise<Page>;
  export(query: ListFilters & { formato?: ExportFormat }, res: HttpReply): Promise<StreamableFile>;
  bulkStatus(input: BulkSelectionFields, actor: AuditActor): Promise<BulkChunkResult>;
  rowStatus(id: number, input: RowStatusInput, actor: AuditActor, req: HttpRequest): Promise<RowStatusResult>;
  counter(): Promise<{ total: number }>;
}

/** The query's values over the filters' defaults (a value the query leaves out keeps its default). */
function withDefaults<Filters>(defaults: Partial<Filters>, query: object): Filters {
  const filters: Record<string, unknown> = { ...defaults };
  const given = query as Record<string, unknown>;
  for (const key of Object.keys(given)) if (given[key] !== undefined) filters[key] = given[key];
  return filters as Filters;
}

/** The words of a resource's export as a sensitive action: 'exportar os contatos'. */
export function exportAction(noun: ResourceDeclaration<ObjectLiteral, unknown, ListFilters, unknown>['noun']): string {
  return `exportar ${noun.feminine ? 'as' : 'os'} ${noun.many}`;
}

/** The words of a resource's bulk status change as a sensitive action: 'ativar ou desativar empresas em lote'. */
export function bulkStatusAction(noun: ResourceDeclaration<ObjectLiteral, unknown, ListFilters, unknown>['noun']): string {
  return `ativar ou desativar ${noun.many} em lote`;
}

/** Declares the type of a handler's argument, as TypeScript would for a written method (validation and OpenAPI read it). */
function argumentTypes(target: object, method: string, types: unknown[]): void {
  Reflect.defineMetadata('design:paramtypes', types, target, method);
}

/**
 * The list, export, bulk and counter routes of a declared resource, as a class for a controller to extend:
 * `@Controller('api/admin/enterprises') class EnterpriseListController extends ResourceRoutes(ENTERPRISES) {}`.
 */
export function ResourceRoutes<Row extends ObjectLiteral, View, Filters extends ListFilters, Counts, Page extends ListPage<View> = ListPage<View>>(
  resource: ResourceDeclaration<Row, View, Filters, Counts>,
): Type<ResourceRouteHandlers<View, Page>> {
  if (resource.page?.activation && !resource.bulk?.row) {
    throw new Error(`${resource.path}: a page with Ativar/Desativar needs bulk.row (the route its rows' buttons call)`);
  }
  class Routes implements ResourceRouteHandlers<View, Page> {
    constructor(
      readonly source: ListSource<Row, View, Filters, Counts>,
      readonly dataSource: DataSource,
      readonly history: HistoryService,
      readonly notices: LiveNotices,
    ) {}

    list(query: ListFilters): Promise<Page> {
      return listPage(this.source, withDefaults(resource.list.defaults, query)) as Promise<Page>;
    }

    export({ formato = 'csv', ...query }: ListFilters & { formato?: ExportFormat }, res: HttpReply) {
      const filters = withDefaults<Filters>(resource.list.defaults, query);
      return exportResponse(res, formato, resource.export, resource.export.columns, listInOrder(this.source, filters));
    }

    async bulkStatus(input: BulkSelectionFields, actor: AuditActor): Promise<BulkChunkResult> {
      const { bulk } = resource;
      if (!bulk || !this.source.selection) throw new Error(`${resource.path} declares no bulk change`);
      const filters = withDefaults<Filters>(resource.list.defaults, input);
      return bulkStatusChunk(
        this.dataSource,
        input,
        await this.source.selection(filters, input.todos === true),
        bulk.target,
        actor,
        this.history,
        this.notices,
      );
    }

    async rowStatus(id: number, input: RowStatusInput, actor: AuditActor, req: HttpRequest): Promise<RowStatusResult> {
      if (!resource.bulk?.row) throw new Error(`${resource.path} declares no row status change`);
      return rowStatusChange(this.dataSource, id, input.ativo, resource.bulk.target, actor, this.history, changeSource(req));
    }

    async counter(): Promise<{ total: number }> {
      return { total: resource.counter.of(await this.source.counts(resource.list.defaults as Filters)) };
    }
  }
  // What a written controller says with decorators, said here for the declared resource.
  Inject(resource.source)(Routes, undefined, 0);
  InjectDataSource()(Routes, undefined, 1);
  Reflect.defineMetadata('design:paramtypes', [resource.source, Object, HistoryService, LiveNotices], Routes);
  const decorate = (method: keyof ResourceRouteHandlers<View, Page>, ...decorators: MethodDecorator[]) => {
    const descriptor = Object.getOwnPropertyDescriptor(Routes.prototype, method)!;
    for (const decorator of decorators.reverse()) decorator(Routes.prototype, method, descriptor);
  };

  argumentTypes(Routes.prototype, 'list', [resource.list.query]);
  Query()(Routes.prototype, 'list', 0);
  decorate('list', ApiOperation({ summary: resource.list.summary, description: resource.list.description }), Get());

  argumentTypes(Routes.prototype, 'export', [resource.export.query, Object]);
  Query()(Routes.prototype, 'export', 0);
  Res({ passthrough: true })(Routes.prototype, 'export', 1);
  decorate(
    'export',
    ApiOperation({ summary: resource.export.summary, description: resource.export.description }),
    Sensitive(exportAction(resource.noun)),
    Get('exportar'),
    Audited({ action: resource.export.audit, query: true }),
  );

  argumentTypes(Routes.prototype, 'counter', []);
  decorate('counter', ApiOperation({ summary: resource.counter.summary }), Get(resource.counter.path));

  if (resource.bulk) {
    argumentTypes(Routes.prototype, 'bulkStatus', [resource.bulk.input, Object]);
    Body()(Routes.prototype, 'bulkStatus', 0);
    CurrentActor()(Routes.prototype, 'bulkStatus', 1);
    decorate(
      'bulkStatus',
      ApiOperation({ summary: resource.bulk.summary, description: BULK_STATUS_DESCRIPTION }),
      Sensitive(bulkStatusAction(resource.noun)),
      Post('status-em-lote'),
      HttpCode(200),
    );
  } else {
    // No route: the method stays off the class, so nothing registers it.
    delete (Routes.prototype as Partial<Routes>).bulkStatus;
  }
  if (resource.bulk?.row) {
    // One row, as its button in the list sends it: not a sensitive action (a bulk change over the filters is).
    argumentTypes(Routes.prototype, 'rowStatus', [Number, RowStatusInput, Object, Object]);
    Param('id', IdPipe)(Routes.prototype, 'rowStatus', 0);
    Body()(Routes.prototype, 'rowStatus', 1);
    CurrentActor()(Routes.prototype, 'rowStatus', 2);
    Req()(Routes.prototype, 'rowStatus', 3);
    decorate('rowStatus', ApiOperation({ summary: resource.bulk.row.summary }), Patch(':id/status'), HttpCode(200));
  } else {
    delete (Routes.prototype as Partial<Routes>).rowStatus;
  }
  return Routes;
}
