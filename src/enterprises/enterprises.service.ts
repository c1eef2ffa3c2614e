import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, In, QueryFailedError, Repository, type EntityManager } from 'typeorm';
import { AuditEntry } from '../audit/audit-entry.entity.js';
import type { City } from '../cities/city.entity.js';
import { CitiesService } from '../cities/cities.service.js';
import { normalizeCep, normalizeCnpj, normalizeInscricaoEstadual, normalizeSiteUrl, onlyDigits } from '../shared/br/index.js';
import { plainQuery } from '../common/sql/plain-query.js';
import { AppException, ValidationFailedException } from '../common/http/app.exception.js';
import { KeptCounts, statusCounts } from '../database/kept-counts.js';
import {
  EXPORT_BATCH,
  keysetBatches,
  orderBy,
  preferFulltext,
  readPage,
  readParts,
  statusSortParts,
  textSearch,
  whereTextSearch,
  type OrderColumn,
  type PageWindow,
  type SortPart,
  type TextSearch,
} from '../common/sql/list-query.js';
import { isMysql } from '../common/sql/sql-dialect.js';
import type { AuditActor } from '../audit/audit-actor.js';
import { LiveNotices } from '../live/live-notices.js';
import { bulkStatusChunk, type BulkChunkResult, type BulkStatusTarget } from '../common/bulk/bulk-status.js';
import type { BulkEnterpriseStatusInput } from './dto/list-enterprises.query.js';
import { logoUrl, LogosService } from '../logos/logos.service.js';
import { DEFAULT_LOGO_FILE } from '../logos/manufacturer-logos.js';
import { importedChanges, writableColumns, type ImportChunkCounts, type ImportChunkOptions } from '../shared/import.views.js';
import type { AddressInput } from './dto/address.input.js';
import { BillingInput } from './dto/billing.input.js';
import { EnterpriseInput } from './dto/enterprise.input.js';
import { DEFAULT_PAGE_SIZE } from '../common/http/page.query.js';
import { EnterpriseBilling } from './enterprise-billing.entity.js';
import type {
  AddressView,
  BillingView,
  EnterpriseCounts,
  EnterpriseListFilters,
  EnterprisePage,
  EnterpriseSort,
  EnterpriseView,
} from '../shared/enterprise.views.js';
import { Enterprise } from './enterprise.entity.js';
import { HistoryService, type HistoryValue } from '../history/history.service.js';
import type { ChangeRequest } from '../history/change-context.js';
import { validatedInput } from '../common/http/validation.pipe.js';
import { enterprisesError } from './enterprises.errors.js';
import { bulkInsert } from '../database/bulk-insert.js';

/** What the search box matches: the words of razão, fantasia, CNPJ, IE, bairro, city and UF. */
const SEARCH_COLUMNS = ['e.search_text'];

/** The columns each field of an import fills (see src/imports/import-fields.ts). */
const IMPORT_COLUMNS: Record<string, string[]> = {
  cnpj: ['cnpj'],
  fantasia: ['fantasia'],
  razao: ['razao'],
  inscricao_estadual: ['inscricaoEstadual'],
  endereco: ['endereco'],
  numero: ['numero'],
  complemento: ['complemento'],
  bairro: ['bairro'],
  cep: ['cep'],
  cidade: ['cityId'],
  uf: ['cityId'],
  cidade_ibge: ['cityId'],
  fone: ['fone'],
  email: ['email'],
  site: ['site'],
  logo: ['logo'],
  status: ['ativo'],
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

const KEY: OrderColumn = { path: 'e.enterpriseId', column: 'e.enterprise_id' };
const BY_NAME: OrderColumn[] = [{ path: 'e.sortName', column: 'e.sort_name' }];
/** The columns of each sort but Status (then the key breaks ties); each has an index, and one per status tab. */
export const ENTERPRISE_SORT_COLUMNS: Record<Exclude<EnterpriseSort, 'status'>, OrderColumn[]> = {
  fantasia: BY_NAME,
  cnpj: [{ path: 'e.cnpj', column: 'e.cnpj' }],
  cidade: [{ path: 'e.citySort', column: 'e.city_sort' }],
};

/** The companies' sorts: trade name ascending by default; by Status, each tab by trade name. */
function sortParts(filters: EnterpriseListFilters): SortPart[] {
  return statusSortParts(filters, {
    columns: ENTERPRISE_SORT_COLUMNS,
    defaultKey: 'fantasia',
    first: () => 'asc',
    byStatus: { columns: BY_NAME, direction: 'asc' },
  });
}

@Injectable()
export class EnterprisesService {
  constructor(
    @InjectRepository(Enterprise) private readonly enterprises: Repository<Enterprise>,
    @InjectRepository(EnterpriseBilling) private readonly billings: Repository<EnterpriseBilling>,
    private readonly cities: CitiesService,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly logos: LogosService,
    private readonly kept: KeptCounts,
    private readonly history: HistoryService,
    private readonly notices: LiveNotices,
  ) {
    history.register('empresa', {
      view: (id) => this.get(id),
      restore: (id, values, change) => this.restoreValues(id, values, change),
    });
  }

  /** A page of companies in the asked order (trade name by default), with the total that match the filters. */
  async list(filters: EnterpriseListFilters): Promise<EnterprisePage> {
    const page = filters.page ?? 1;
    const pageSize = filters.pageSize ?? DEFAULT_PAGE_SIZE;
    const search = textSearch(filters.busca);
    const counts = await this.counts(filters.busca);
    const parts = sortParts(filters).map((part) => ({
      total: counts[part.status],
      read: async (window: PageWindow) => {
        const fulltext =
          search.active &&
          isMysql(this.dataSource) &&
          (part.columns !== BY_NAME || preferFulltext(search, window, counts[part.status], (await this.keptCounts())[part.status]));
        return readPage(
          () => this.filtered({ ...filters, status: part.status }, search, fulltext),
          orderBy(part.columns, KEY, part.direction),
          window,
          // Without a search the statement depends on the status tab and the order only.
          search.active ? {} : { kept: { shape: `enterprises:${part.status}:${part.key}:${part.direction}`, on: this.dataSource } },
        );
      },
    }));
    const rows = await readParts(parts, page, pageSize);
    return { data: await this.views(rows), total: counts[filters.status ?? 'todos'], page, pageSize };
  }

  /** The companies of a status tab and search, unordered. */
  private filtered(filters: EnterpriseListFilters, search: TextSearch, fulltext: boolean) {
    const builder = this.enterprises.createQueryBuilder('e');
    if (filters.status === 'ativos') builder.andWhere('e.ativo = 1');
    if (filters.status === 'inativos') builder.andWhere('e.ativo = 0');
    if (search.active) whereTextSearch(builder, SEARCH_COLUMNS, search, fulltext);
    return builder;
  }

  /**
   * Every company of a status tab and search, in the list's order, a batch at a time (keyset batches through
   * the ordering index: flat memory, the last batch as cheap as the first).
   */
  async *allInOrder(filters: EnterpriseListFilters, batchSize = EXPORT_BATCH): AsyncGenerator<EnterpriseView[]> {
    const search = textSearch(filters.busca);
    const fulltext = search.active && isMysql(this.dataSource);
    for (const part of sortParts(filters)) {
      const query = () => this.filtered({ ...filters, status: part.status }, search, fulltext);
      for await (const rows of keysetBatches(query, part.columns, KEY, part.direction, batchSize)) yield await this.views(rows);
    }
  }

  /** One chunk of a bulk Ativar/Desativar over the selected companies (bulkStatusChunk). */
  bulkStatus(input: BulkEnterpriseStatusInput, actor: AuditActor): Promise<BulkChunkResult> {
    const search = textSearch(input.busca);
    const filters = { status: input.status ?? 'todos', busca: input.busca };
    return bulkStatusChunk(
      this.dataSource,
      input,
      () => this.filtered(filters, search, search.active && isMysql(this.dataSource)),
      BULK_TARGET,
      actor,
      this.history,
      this.notices,
    );
  }

  /**
   * How many companies match the search in each status filter: kept counts without a search; with one,
   * counted once (one grouped query) and remembered until the companies table changes.
   */
  async counts(busca?: string): Promise<EnterpriseCounts> {
    const search = textSearch(busca);
    if (!search.active) return this.keptCounts();
    return this.kept.remembered(['enterprises'], JSON.stringify(['enterprises', search.terms]), async () => {
      const query = this.enterprises.createQueryBuilder('e').select('e.ativo', 'ativo').addSelect('COUNT(*)', 'total').groupBy('e.ativo');
      whereTextSearch(query, SEARCH_COLUMNS, search, isMysql(this.dataSource));
      const rows = await query.getRawMany<{ ativo: number | string; total: number | string }>();
      return statusCounts(new Map(rows.map((row) => [String(Number(row.ativo)), Number(row.total)])));
    });
  }

  async countActive(): Promise<number> {
    return (await this.keptCounts()).ativos;
  }

  /** New companies per day (São Paulo) from a day on. */
  registrationsPerDay(fromDay: string): Promise<Map<string, number>> {
    return this.kept.perDay('enterprises', fromDay);
  }

  private async keptCounts(): Promise<EnterpriseCounts> {
    return statusCounts(await this.kept.buckets('enterprises.status'));
  }

  async get(id: number): Promise<EnterpriseView> {
    const [view] = await this.views([await this.find(id)]);
    return view;
  }

  async create(input: EnterpriseInput, change: ChangeRequest): Promise<EnterpriseView> {
    const values = await this.prepare(input);
    await this.assertCnpjFree(values.cnpj);
    const saved = await this.saveUnique(() =>
      this.history.run(change.context, (manager) =>
        manager.getRepository(Enterprise).save(manager.getRepository(Enterprise).create({ ...values, ativo: 1, score: 0 })),
      ),
    );
    return this.get(saved.enterpriseId);
  }

  /**
   * Replaces the editable fields; read-only ones (id, score, status, dates, city names) are never taken from the
   * input. With If-Match, only if the company is still at that version (412 EDIT_CONFLICT otherwise).
   */
  async update(id: number, input: EnterpriseInput, change: ChangeRequest): Promise<EnterpriseView> {
    await this.find(id);
    const values = await this.prepare(input);
    await this.assertCnpjFree(values.cnpj, id);
    const found = await this.saveUnique(() =>
      this.history.run(change.context, (manager) => this.history.updateRow(manager, 'empresa', id, change.expected, values)),
    );
    if (!found) throw enterprisesError('ENTERPRISE_NOT_FOUND');
    return this.get(id);
  }

  /** Ativar/Desativar: never blocked by a version (it raises it). */
  async setStatus(id: number, ativo: 0 | 1, change: ChangeRequest): Promise<EnterpriseView> {
    await this.find(id);
    await this.history.run(change.context, (manager) => this.history.updateRow(manager, 'empresa', id, undefined, { ativo }));
    return this.get(id);
  }

  /** An entry's values put back through the form: the company as it is, with those columns as they were. */
  private async restoreValues(id: number, values: Record<string, HistoryValue>, change: ChangeRequest): Promise<void> {
    const current = await this.get(id);
    const { ativo, score: _score, ...rest } = values;
    const billingValues = Object.entries(rest).filter(([column]) => column.startsWith('cobranca_'));
    const own = Object.fromEntries(Object.entries(rest).filter(([column]) => !column.startsWith('cobranca_')));
    // Everything is checked first, by the form's rules, then written as one change in one transaction.
    const columns: Partial<Enterprise> = {};
    if (Object.keys(own).length > 0) {
      Object.assign(columns, await this.prepare(await validatedInput(EnterpriseInput, formValues({ ...current, ...own }))));
      await this.assertCnpjFree(columns.cnpj!, id);
    }
    if (ativo !== undefined) columns.ativo = Number(ativo) ? 1 : 0;
    let billing: 'keep' | 'remove' | Awaited<ReturnType<EnterprisesService['address']>> = 'keep';
    if (billingValues.length > 0) {
      const address = {
        ...(await this.billing(id)),
        ...Object.fromEntries(billingValues.map(([column, value]) => [column.slice('cobranca_'.length), value])),
      };
      const input = await validatedInput(BillingInput, formValues(address));
      const checked = await this.address(input);
      billing = Object.values(checked).every((value) => value === null) ? 'remove' : checked;
    }
    await this.saveUnique(() =>
      this.history.run(change.context, async (manager) => {
        if (Object.keys(columns).length > 0) await this.history.updateRow(manager, 'empresa', id, change.expected, columns);
        else await this.history.lockVersion(manager, 'empresa', id, change.expected);
        const billings = manager.getRepository(EnterpriseBilling);
        if (billing === 'remove') await billings.delete({ enterpriseId: id });
        else if (billing !== 'keep') await billings.save(billings.create({ enterpriseId: id, ...billing }));
      }),
    );
  }

  /** Refuses with ENTERPRISE_NOT_FOUND unless the company exists. */
  async assertExists(id: number): Promise<void> {
    if (!(await this.enterprises.existsBy({ enterpriseId: id }))) throw enterprisesError('ENTERPRISE_NOT_FOUND');
  }

  /** Whether a company exists (a form's choice, checked before saving). */
  exists(id: number): Promise<boolean> {
    return this.enterprises.existsBy({ enterpriseId: id });
  }

  /**
   * The companies with, for each of `terms` (search terms, as searchTerms gives them), a word of fantasia or
   * razão starting with it; null when there are more than `max`.
   */
  async idsByNameWords(terms: string[], max: number): Promise<number[] | null> {
    const query = this.enterprises
      .createQueryBuilder('e')
      .select('e.enterprise_id', 'id')
      .limit(max + 1);
    terms.forEach((term, index) => query.andWhere(`e.name_search LIKE :term${index}`, { [`term${index}`]: `% ${term}%` }));
    const search = textSearch(terms.join(' '));
    if (isMysql(this.dataSource) && search.fulltext) query.andWhere('MATCH(e.name_search) AGAINST (:fulltext IN BOOLEAN MODE)', { fulltext: search.fulltext });
    const rows = await query.getRawMany<{ id: number | string }>();
    return rows.length > max ? null : rows.map((row) => Number(row.id));
  }

  /** The fantasia of each of the given companies. */
  async names(ids: number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    // Read for every page of users: a plain statement by primary key.
    const rows = await plainQuery<{ enterprise_id: number | string; fantasia: string }>(
      this.enterprises.manager.connection,
      `SELECT enterprise_id, fantasia FROM enterprises WHERE enterprise_id IN (${ids.map(() => '?').join(', ')})`,
      ids,
    );
    return new Map(rows.map((row) => [Number(row.enterprise_id), row.fantasia]));
  }

  async billing(id: number): Promise<BillingView | null> {
    await this.find(id);
    const billing = await this.billings.findOneBy({ enterpriseId: id });
    if (!billing) return null;
    const city = billing.cityId ? await this.cities.find(billing.cityId) : null;
    return addressView(billing, city);
  }

  /** Creates or replaces the billing address of a company (a change of the company: its version rises). */
  async saveBilling(id: number, input: AddressInput, change: ChangeRequest): Promise<{ data: BillingView; version: number }> {
    await this.find(id);
    const address = await this.address(input);
    if (Object.values(address).every((value) => value === null)) {
      throw new ValidationFailedException({ endereco: 'Preencha o endereço de cobrança ou escolha "O mesmo cadastrado acima".' });
    }
    await this.history.run(change.context, async (manager) => {
      await this.history.lockVersion(manager, 'empresa', id, change.expected);
      await manager.getRepository(EnterpriseBilling).save(manager.getRepository(EnterpriseBilling).create({ enterpriseId: id, ...address }));
    });
    return { data: (await this.billing(id))!, version: (await this.find(id)).version };
  }

  /** Goes back to billing at the company's own address. */
  async removeBilling(id: number, change: ChangeRequest): Promise<{ version: number }> {
    await this.find(id);
    await this.history.run(change.context, async (manager) => {
      await this.history.lockVersion(manager, 'empresa', id, change.expected);
      await manager.getRepository(EnterpriseBilling).delete({ enterpriseId: id });
    });
    return { version: (await this.find(id)).version };
  }

  private async find(id: number): Promise<Enterprise> {
    const enterprise = await this.enterprises.findOneBy({ enterpriseId: id });
    if (!enterprise) throw enterprisesError('ENTERPRISE_NOT_FOUND');
    return enterprise;
  }

  /** Validated, normalized column values from the form; refuses unknown cities and logos. */
  /**
   * One chunk of an import (issue: import): rows already checked by the form's rules, each matched by CNPJ (the
   * file's earlier rows included). A new CNPJ is created (active unless its row says Inativa); a known one is
   * updated with the columns that differ, or counted unchanged and not written; "Somente criar" (`onlyCreate`)
   * leaves known companies as they are. All in one transaction whose history says "importação", with an audit
   * entry per row written; `alsoInside` runs in the same transaction (the import's own progress), so a chunk
   * and the record of its being done commit together.
   */
  async importRows(
    rows: { line: number; input: EnterpriseInput; ativo: 0 | 1 | null }[],
    options: ImportChunkOptions<EntityManager> & { actor: AuditActor },
  ): Promise<ImportChunkCounts> {
    const counts: ImportChunkCounts = { criadas: 0, atualizadas: 0, sem_alteracao: 0, falhas: [] };
    // The chunk's logos in one read; the placeholder is allowed to a sheet without a logo column.
    const logos = await this.logos.existing([...new Set(rows.flatMap((row) => [row.input.logo, row.input.representada_logo ?? '']).filter(Boolean))]);
    logos.add(DEFAULT_LOGO_FILE);
    const prepared: { line: number; values: Partial<Enterprise> & { cnpj: string } }[] = [];
    for (const row of rows) {
      if (!logos.has(row.input.logo) || (row.input.representada_logo && !logos.has(row.input.representada_logo))) {
        counts.falhas.push({ line: row.line, error: 'Logo não encontrada.' });
        continue;
      }
      try {
        const values = await this.columnsOf(row.input);
        prepared.push({ line: row.line, values: row.ativo === null ? values : { ...values, ativo: row.ativo } });
      } catch (error) {
        if (!(error instanceof ValidationFailedException)) throw error;
        counts.falhas.push({ line: row.line, error: Object.values(error.errors ?? {}).join(' ') || error.message });
      }
    }
    const context = { actorId: options.actor.adminId, actorName: options.actor.adminName || options.actor.adminUsername, source: 'importacao' as const };
    // Only the columns the file fills are written to an existing record.
    const writable = writableColumns(options.fields, IMPORT_COLUMNS);
    await this.history.run(context, async (manager) => {
      const repository = manager.getRepository(Enterprise);
      const cnpjs = [...new Set(prepared.map((row) => row.values.cnpj))];
      const known = new Map((cnpjs.length > 0 ? await repository.find({ where: { cnpj: In(cnpjs) } }) : []).map((row) => [row.cnpj, row]));
      // New companies are written together; a CNPJ that comes again in the chunk takes its later row's values.
      const fresh = new Map<string, { line: number; values: Partial<Enterprise> }>();
      const updates: { line: number; row: Enterprise }[] = [];
      for (const { line, values } of prepared) {
        const pending = fresh.get(values.cnpj);
        if (pending) {
          const differs = Object.entries(values).some(([key, value]) => (pending.values as Record<string, unknown>)[key] !== value);
          if (differs) counts.atualizadas += 1;
          else counts.sem_alteracao += 1;
          pending.values = { ...pending.values, ...values };
          continue;
        }
        const current = known.get(values.cnpj);
        if (!current) {
          fresh.set(values.cnpj, { line, values: { ativo: 1, score: 0, ...values } });
          counts.criadas += 1;
          continue;
        }
        if (options.onlyCreate) {
          counts.sem_alteracao += 1;
          continue;
        }
        const changed = importedChanges(current, values, writable);
        if (Object.keys(changed).length === 0) {
          counts.sem_alteracao += 1;
          continue;
        }
        await this.history.updateRow(manager, 'empresa', current.enterpriseId, undefined, changed);
        Object.assign(current, changed);
        counts.atualizadas += 1;
        updates.push({ line, row: current });
      }
      const audit: Partial<AuditEntry>[] = [];
      const entry = (action: 'enterprise.create' | 'enterprise.update', id: number, line: number) =>
        audit.push({
          adminId: options.actor.adminId,
          adminUsername: options.actor.adminUsername,
          ip: options.actor.ip,
          action,
          targetType: 'enterprise',
          targetId: id,
          summary: JSON.stringify({ importacao: options.importId, linha: line }),
        });
      if (fresh.size > 0) {
        await bulkInsert(
          manager,
          Enterprise,
          [...fresh.values()].map((row) => row.values),
        );
        const ids = await repository.find({ select: { enterpriseId: true, cnpj: true }, where: { cnpj: In([...fresh.keys()]) } });
        for (const { enterpriseId, cnpj } of ids) entry('enterprise.create', enterpriseId, fresh.get(cnpj)!.line);
      }
      for (const { line, row } of updates) entry('enterprise.update', row.enterpriseId, line);
      await bulkInsert(manager, AuditEntry, audit);
      await options.alsoInside?.(manager, counts);
    });
    return counts;
  }

  /** The columns of a company from the form's input, once its logos are known ones. */
  private async prepare(input: EnterpriseInput) {
    const logoFiles = [input.logo, input.representada_logo].filter((file): file is string => Boolean(file));
    const known = await this.logos.existing(logoFiles);
    const errors: Record<string, string> = {};
    if (!known.has(input.logo)) errors.logo = 'Logo não encontrada.';
    if (input.representada_logo && !known.has(input.representada_logo)) errors.representada_logo = 'Logo representada não encontrada.';
    if (Object.keys(errors).length > 0) throw new ValidationFailedException(errors);
    return this.columnsOf(input);
  }

  /** The form's fields as columns: CNPJ, IE, phone and site normalized, the city checked. */
  private async columnsOf(input: EnterpriseInput) {
    const address = await this.address(input);
    const cnpj = normalizeCnpj(input.cnpj);
    const inscricaoEstadual = input.inscricao_estadual ? normalizeInscricaoEstadual(input.inscricao_estadual) : null;
    return {
      razao: input.razao,
      fantasia: input.fantasia,
      cnpj,
      inscricaoEstadual: inscricaoEstadual || null,
      ...address,
      fone: input.fone ? onlyDigits(input.fone) : null,
      email: input.email ?? null,
      site: input.site ? normalizeSiteUrl(input.site) : null,
      logo: input.logo,
      representadaLogo: input.representada_logo ?? null,
    };
  }

  private async address(input: AddressInput) {
    const cityId = input.city_id ?? null;
    if (cityId !== null && !(await this.cities.find(cityId))) {
      throw new ValidationFailedException({ city_id: 'Cidade não encontrada.' });
    }
    return {
      endereco: input.endereco ?? null,
      numero: input.numero ?? null,
      complemento: input.complemento ?? null,
      bairro: input.bairro ?? null,
      cep: input.cep ? normalizeCep(input.cep) : null,
      cityId,
    };
  }

  private async assertCnpjFree(cnpj: string, exceptId?: number): Promise<void> {
    const other = await this.enterprises.findOne({ select: { enterpriseId: true }, where: { cnpj } });
    if (other && other.enterpriseId !== exceptId) throw duplicateCnpj();
  }

  /** Two saves racing past the check still meet the unique index: the loser gets the same 409. */
  private async saveUnique<T>(save: () => Promise<T>): Promise<T> {
    try {
      return await save();
    } catch (error) {
      if (error instanceof QueryFailedError && /unique|duplicate/i.test(error.message)) throw duplicateCnpj();
      throw error;
    }
  }

  private async views(rows: Enterprise[]): Promise<EnterpriseView[]> {
    const cityIds = [...new Set(rows.map((row) => row.cityId).filter((id): id is number => id !== null))];
    const byId = await this.cities.byIds(cityIds);
    return rows.map((row) => enterpriseView(row, row.cityId ? (byId.get(row.cityId) ?? null) : null));
  }
}

/** A company's or an address's stored values as the form sends them (an empty value left out). */
function formValues(row: Record<string, HistoryValue | undefined>): Record<string, unknown> {
  const fields = [
    'razao',
    'fantasia',
    'cnpj',
    'inscricao_estadual',
    'endereco',
    'numero',
    'complemento',
    'bairro',
    'cep',
    'fone',
    'email',
    'site',
    'logo',
    'representada_logo',
  ];
  const form: Record<string, unknown> = {};
  for (const field of fields) {
    const value = row[field];
    if (value !== null && value !== undefined) form[field] = String(value);
  }
  if (row.city_id !== null && row.city_id !== undefined) form.city_id = Number(row.city_id);
  return form;
}

function duplicateCnpj(): AppException {
  return enterprisesError('CNPJ_ALREADY_REGISTERED');
}

function enterpriseView(row: Enterprise, city: City | null): EnterpriseView {
  return {
    enterprise_id: row.enterpriseId,
    razao: row.razao,
    fantasia: row.fantasia,
    cnpj: row.cnpj,
    inscricao_estadual: row.inscricaoEstadual,
    ...addressView(row, city),
    fone: row.fone,
    email: row.email,
    site: row.site,
    logo: row.logo,
    logo_url: logoUrl(row.logo),
    representada_logo: row.representadaLogo,
    representada_logo_url: row.representadaLogo ? logoUrl(row.representadaLogo) : null,
    ativo: Number(row.ativo),
    score: Number(row.score),
    created_at: new Date(row.createdAt).toISOString(),
    updated_at: new Date(row.updatedAt).toISOString(),
    version: Number(row.version),
  };
}

/** The address fields of a company or billing row, with its city's name and UF. */
function addressView(row: Enterprise | EnterpriseBilling, city: City | null): AddressView {
  return {
    endereco: row.endereco,
    numero: row.numero,
    complemento: row.complemento,
    bairro: row.bairro,
    cep: row.cep,
    city_id: row.cityId,
    cidade_nome: city?.name ?? null,
    cidade_uf: city?.code ?? null,
  };
}
