import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, QueryFailedError, Repository, type EntityManager } from 'typeorm';
import { AuditEntry } from '../audit/audit-entry.entity.js';
import type { AuditActor } from '../audit/audit-actor.js';
import { CitiesService } from '../cities/cities.service.js';
import { AppException, ValidationFailedException } from '../common/http/app.exception.js';
import { validatedInput } from '../common/http/validation.pipe.js';
import { bulkInsert } from '../database/bulk-insert.js';
import { KeptCounts } from '../database/kept-counts.js';
import type { ChangeRequest } from '../history/change-context.js';
import { HistoryService, type HistoryValue } from '../history/history.service.js';
import { LogosService } from '../logos/logos.service.js';
import { normalizeCep, normalizeCnpj, normalizeInscricaoEstadual, normalizeSiteUrl, onlyDigits } from '../shared/br/index.js';
import type { BillingView, EnterpriseView } from '../shared/enterprise.views.js';
import { importedChanges, writableColumns, type ImportChunkCounts, type ImportChunkOptions } from '../shared/import.views.js';
import type { AddressInput } from './dto/address.input.js';
import { BillingInput } from './dto/billing.input.js';
import { EnterpriseInput } from './dto/enterprise.input.js';
import { EnterpriseBilling } from './enterprise-billing.entity.js';
import { Enterprise } from './enterprise.entity.js';
import { enterprisesError } from './enterprises.errors.js';
import { addressView, formValues } from './enterprises.mapper.js';
import { EnterpriseList } from './enterprises.resource.js';

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

@Injectable()
export class EnterprisesService {
  constructor(
    @InjectRepository(Enterprise) private readonly enterprises: Repository<Enterprise>,
    @InjectRepository(EnterpriseBilling) private readonly billings: Repository<EnterpriseBilling>,
    private readonly cities: CitiesService,
    private readonly list: EnterpriseList,
    private readonly logos: LogosService,
    private readonly kept: KeptCounts,
    private readonly history: HistoryService,
  ) {
    history.register('empresa', {
      view: (id) => this.get(id),
      restore: (id, values, change) => this.restoreValues(id, values, change),
    });
  }

  async countActive(): Promise<number> {
    return (await this.list.keptCounts()).ativos;
  }

  /** New companies per day (São Paulo) from a day on. */
  registrationsPerDay(fromDay: string): Promise<Map<string, number>> {
    return this.kept.perDay('enterprises', fromDay);
  }

  async get(id: number): Promise<EnterpriseView> {
    const [view] = await this.list.views([await this.find(id)]);
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

  /**
   * An entry's values put back through the form: the company as it is, with those columns as they were. Only the
   * form's, the status's and the billing address's columns come here (the score is not restorable, HISTORY_RESOURCES).
   */
  private async restoreValues(id: number, values: Record<string, HistoryValue>, change: ChangeRequest): Promise<void> {
    const current = await this.get(id);
    const { ativo, ...rest } = values;
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
    // The chunk's logos in one read (a row without a logo has none: the placeholder stands in for it).
    const logos = await this.logos.existing([...new Set(rows.flatMap((row) => [row.input.logo ?? '', row.input.representada_logo ?? '']).filter(Boolean))]);
    const prepared: { line: number; values: Partial<Enterprise> & { cnpj: string } }[] = [];
    for (const row of rows) {
      if ((row.input.logo && !logos.has(row.input.logo)) || (row.input.representada_logo && !logos.has(row.input.representada_logo))) {
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
    if (input.logo && !known.has(input.logo)) errors.logo = 'Logo não encontrada.';
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
      logo: input.logo ?? null,
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
}

function duplicateCnpj(): AppException {
  return enterprisesError('CNPJ_ALREADY_REGISTERED');
}
