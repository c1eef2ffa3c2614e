import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, LessThan, MoreThan, type Repository } from 'typeorm';
import { Admin } from '../auth/admin.entity.js';
import { CitiesService } from '../cities/cities.service.js';
import { DailyJobs } from '../common/daily-jobs.js';
import { AppException, errorCatalog, ValidationFailedException } from '../common/http/app.exception.js';
import { isUniqueViolation } from '../common/http/error-body.js';
import { giveWay } from '../common/http/interactive-load.js';
import { EnterprisesService } from '../enterprises/enterprises.service.js';
import { Enterprise } from '../enterprises/enterprise.entity.js';
import { AppUsersService } from '../users/app-users.service.js';
import { UserLookupsService } from '../users/user-lookups.service.js';
import { toSearchText } from '../common/search-text.js';
import { isValidCnpj, onlyDigits } from '../shared/br/index.js';
import { LiveNotices } from '../live/live-notices.js';
import { LogosService } from '../logos/logos.service.js';
import {
  IMPORT_CHUNK_ROWS,
  IMPORT_FAILURES_MAX,
  IMPORT_KINDS_WORDS,
  IMPORT_SAMPLE_ROWS,
  importSummary,
  type ImportAnalysis,
  type ImportMode,
  type ImportSampleRow,
  type ImportStatus,
  type ImportView,
} from '../shared/import.views.js';
import { ImportFailure } from './import-failure.entity.js';
import { IMPORT_FIELDS, guessMapping, mapsAnything, type ImportKind } from './import-fields.js';
import { fileHead, ImportFiles, type StagedUpload } from './import-files.js';
import { Import } from './import.entity.js';
import { ImportsRepository } from './imports.repository.js';
import {
  checkCompanyRow,
  checkUserRow,
  FileKeys,
  leadingZerosBack,
  type CheckedRow,
  type RowCells,
  type RowLookups,
  type UserRowLookups,
} from './row-rules.js';
import { openTable, sniffFormat } from './table-reader.js';
import { TABLE_LIMITS, TableLimitExceeded, tableLimitMessage } from './table-limits.js';
import { fileRanges, NotAnXlsx } from './xlsx-in-order.js';
import { cleanFileName } from '../common/http/clean-text.js';
import { csvText } from '../common/export/table-file.js';
import { bulkInsert } from '../database/bulk-insert.js';

/** What is read of a file to tell its format and its dialect. */
const HEAD_BYTES = 64 * 1024;
/** A run that has said nothing for this long is taken over by another (its instance died). */
const STALE_MS = 60_000;
/** How often each instance looks for imports waiting for a run (queued, or left by a dead instance). */
const SWEEP_MS = 15_000;
/** Rows checked between two turns of the event loop given to requests. */
const YIELD_EVERY = 20;
/** The longest an import waits for the requests in flight before checking its next rows (it slows, never stops). */
const GIVE_WAY_MS = 50;
/** Uploads, their failed rows and the import's record go after this many days. */
export const IMPORT_KEEP_DAYS = 7;
/** Runs an import may have: the first and two takeovers. One whose runs keep dying is a file that kills them. */
export const IMPORT_MAX_RUNS = 3;
/** Analysed uploads an admin keeps waiting to start: a new one beyond these replaces the oldest. */
export const IMPORT_WAITING_MAX = 3;
/** Characters of a failed row kept for the download, all failed rows of an import together. */
const FAILED_ROWS_CHARS = 20 * 1024 * 1024;
const RUNS_EXHAUSTED =
  'A importação parou três vezes sem terminar e foi encerrada: a planilha pode ter algo que impede a leitura. As linhas já gravadas foram mantidas.';

export const importsError = errorCatalog({
  IMPORT_NOT_FOUND: { status: 404, message: 'Importação não encontrada.' },
  IMPORT_NOT_A_TABLE: { status: 400, message: 'Envie uma planilha CSV ou XLSX.', field: 'arquivo' },
  IMPORT_EMPTY: { status: 400, message: 'A planilha está vazia: nenhuma linha de dados foi encontrada.', field: 'arquivo' },
  IMPORT_TOO_BIG: { status: 400, message: 'A planilha passa dos limites de uma importação: divida-a em arquivos menores.', field: 'arquivo' },
  IMPORT_NO_COLUMNS: {
    status: 400,
    message: 'Nenhuma coluna da planilha corresponde a um campo: use a primeira linha para os nomes das colunas (baixe o modelo).',
    field: 'arquivo',
  },
  IMPORT_RUNNING: { status: 409, message: 'Você já tem uma importação em andamento. Aguarde o fim dela ou cancele-a.' },
  IMPORT_NOT_STARTABLE: { status: 409, message: 'Esta importação já foi iniciada.' },
  IMPORT_FINISHED: { status: 409, message: 'Esta importação já terminou.' },
  IMPORT_STORAGE_UNAVAILABLE: { status: 503, message: 'Não foi possível guardar a planilha agora. Tente novamente em instantes.' },
});

const sqlNow = () => new Date();
/** The columns of an import's file: its header's. */
const columnsOf = (found: Import) => (JSON.parse(found.headers) as string[]).length;
/** What an import that has ended no longer holds: its run's heartbeat, and its admin's one running import. */
const ended = () => ({ finishedAt: sqlNow(), heartbeatAt: null, runningAdminId: null });

/**
 * Imports of spreadsheets (companies): the upload is stored and analysed (format, columns, the mapping guessed,
 * the first 100 rows checked by the form's rules), then run as a job in chunks of 500 rows, each chunk and the
 * import's progress committed together, so a run that dies resumes after the last finished chunk and no row is
 * written twice. The database is the queue: each instance takes an import waiting for a run (or one whose run
 * has been silent for a minute) with one conditional UPDATE, so exactly one instance runs it.
 */
@Injectable()
export class ImportsService implements OnModuleInit, OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(ImportsService.name);
  private readonly running = new Map<number, Promise<void>>();
  private sweepTimer: NodeJS.Timeout | undefined;
  private stopping = false;

  constructor(
    @InjectRepository(Import) private readonly imports: Repository<Import>,
    @InjectRepository(ImportFailure) private readonly failures: Repository<ImportFailure>,
    @InjectRepository(Admin) private readonly admins: Repository<Admin>,
    private readonly repository: ImportsRepository,
    private readonly files: ImportFiles,
    private readonly enterprises: EnterprisesService,
    private readonly users: AppUsersService,
    private readonly userLookups: UserLookupsService,
    private readonly cities: CitiesService,
    private readonly logos: LogosService,
    private readonly notices: LiveNotices,
    private readonly jobs: DailyJobs,
  ) {}

  onModuleInit(): void {
    this.jobs.register('Import cleanup', () => this.cleanup());
  }

  onApplicationBootstrap(): void {
    this.sweepTimer = setInterval(() => void this.sweep(), SWEEP_MS);
    this.sweepTimer.unref();
    void this.sweep();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopping = true;
    clearInterval(this.sweepTimer);
    // A run stops after its current chunk; what is left is resumed by the next instance that sweeps.
    await Promise.allSettled(this.running.values());
  }

  /** The rows' lookups for the form's rules: cities by name/UF or code, logos by file name, companies, cargos, ramos. */
  private lookups(): RowLookups & UserRowLookups {
    let logoNames: Promise<Map<string, string>> | null = null;
    const folded = (names: Promise<Map<number, string>>) =>
      names.then((byId) => {
        const byName = new Map<string, number>();
        for (const [id, name] of byId) byName.set(toSearchText(name), id);
        return byName;
      });
    let cargos: Promise<Map<string, number>> | null = null;
    let ocupacoes: Promise<Map<string, number>> | null = null;
    const companies = new Map<string, { id: number } | { error: string }>();
    return {
      citiesNamed: (name, uf) => this.cities.named(name, uf),
      cityExists: async (id) => (await this.cities.find(id)) !== null,
      logo: async (name) => {
        logoNames ??= this.logos.list().then((logos) => {
          const byName = new Map<string, string>();
          for (const logo of logos) {
            byName.set(logo.filename.toLowerCase(), logo.filename);
            byName.set(logo.filename.replace(/\.\w+$/, '').toLowerCase(), logo.filename);
            byName.set(logo.name.toLowerCase(), logo.filename);
          }
          return byName;
        });
        return (await logoNames).get(name.trim().toLowerCase().slice(0, 120)) ?? null;
      },
      cargo: async (name) => (await (cargos ??= folded(this.userLookups.cargoNames()))).get(toSearchText(name.slice(0, 120))) ?? null,
      ocupacao: async (name) => (await (ocupacoes ??= folded(this.userLookups.ocupacaoNames()))).get(toSearchText(name.slice(0, 120))) ?? null,
      enterprise: async (text) => {
        const key = text.trim().slice(0, 160);
        const known = companies.get(key);
        if (known) return known;
        const found = await this.companyNamed(key);
        if (companies.size < 10_000) companies.set(key, found);
        return found;
      },
    };
  }

  /** A user's company from a sheet: by CNPJ when the cell is one, else by its fantasia or razão (one only). */
  private async companyNamed(text: string): Promise<{ id: number } | { error: string }> {
    const repository = this.imports.manager.getRepository(Enterprise);
    // A CNPJ kept as a number has lost its leading zeros.
    const digits = /^\d{9,13}$/.test(text) ? leadingZerosBack(text, 14) : onlyDigits(text, 20);
    if (digits.length === 14 && isValidCnpj(digits)) {
      const found = await repository.findOne({ select: { enterpriseId: true }, where: { cnpj: digits } });
      return found ? { id: found.enterpriseId } : { error: 'Nenhuma empresa com este CNPJ.' };
    }
    const rows = await this.repository.companyIdsNamed(text, 2);
    if (rows.length === 1) return { id: rows[0] };
    return {
      error:
        rows.length === 0 ? 'Empresa não encontrada: use o CNPJ ou o nome de uma empresa cadastrada.' : 'Há mais de uma empresa com este nome: use o CNPJ.',
    };
  }

  /** A row's cells by field, from the mapping. */
  private static cells(row: string[], mapping: Record<string, number | null>): RowCells {
    const cells: RowCells = {};
    for (const [field, column] of Object.entries(mapping)) if (column !== null) cells[field] = row[column] ?? '';
    return cells;
  }

  /** An upload's bytes written to the staging folder as they arrive (never held in memory). */
  receive(source: Readable): Promise<StagedUpload> {
    return this.files.stage(source);
  }

  /** Drops a staged upload that was refused, or whose analysis failed (nothing when it was kept). */
  drop(staged: StagedUpload): Promise<void> {
    return this.files.discard(staged);
  }

  /** Keeps a staged upload, reads its header and first rows, guesses the mapping and checks the sample. */
  async analyze(adminId: number, kind: ImportKind, upload: { name: string; staged: StagedUpload }): Promise<ImportAnalysis> {
    const { staged } = upload;
    const head = await fileHead(staged.path, HEAD_BYTES);
    if (sniffFormat(head) === null) throw importsError('IMPORT_NOT_A_TABLE');
    const table = await openTable(head, () => createReadStream(staged.path, { highWaterMark: 256 * 1024 }), fileRanges(staged.path));
    if (!table) throw importsError('IMPORT_NOT_A_TABLE');
    let headers: string[] | null = null;
    const sample: string[][] = [];
    let sampleBytes = 0;
    try {
      for await (const row of table.rows) {
        if (!headers) headers = row.map((cell) => cell.trim().slice(0, TABLE_LIMITS.headerCellChars));
        else {
          // A data row's cells past the header's columns are nobody's field: not kept, not shown.
          sample.push(row.slice(0, headers.length));
          sampleBytes += row.reduce((sum, cell) => sum + cell.length + 1, 1);
          if (sample.length >= IMPORT_SAMPLE_ROWS) break;
        }
      }
    } catch (error) {
      throw ImportsService.unreadable(error);
    }
    if (!headers || sample.length === 0) throw importsError('IMPORT_EMPTY');
    const mapping = guessMapping(kind, headers);
    if (!mapsAnything(mapping)) throw importsError('IMPORT_NO_COLUMNS');
    // The rows a CSV of this size holds, at the sample's row length; an XLSX's are counted as they are read.
    const estimate =
      sample.length < IMPORT_SAMPLE_ROWS ? sample.length : Math.max(sample.length, Math.round(staged.size / Math.max(1, sampleBytes / sample.length)));
    if (table.format === 'csv' && estimate > TABLE_LIMITS.rows * 1.1) throw importsError('IMPORT_TOO_BIG', { message: tableLimitMessage.rows() });

    const key = randomUUID();
    try {
      await this.files.keep(key, staged);
    } catch (error) {
      // The store (a full disk, object storage that is down) refused it: nothing is recorded.
      this.logger.error(`Keeping upload ${key} failed: ${error instanceof Error ? error.message : String(error)}`);
      throw importsError('IMPORT_STORAGE_UNAVAILABLE');
    }
    const saved = await this.imports.save(
      this.imports.create({
        adminId,
        kind,
        status: 'analisada',
        fileName: cleanFileName(upload.name, 255) || 'planilha',
        fileKey: key,
        fileSize: staged.size,
        format: table.format,
        dialect: table.dialect ? JSON.stringify(table.dialect) : null,
        headers: JSON.stringify(headers),
        mapping: JSON.stringify(mapping),
        total: estimate,
      }),
    );
    await this.dropWaitingBeyond(adminId);
    return { ...this.view(saved), amostra: await this.checkSample(kind, sample, mapping) };
  }

  /** Why a file could not be read, as the admin is told: a limit passed names it; anything else is a damaged file. */
  private static unreadable(error: unknown): AppException {
    if (error instanceof TableLimitExceeded) return importsError('IMPORT_TOO_BIG', { message: error.message });
    if (!(error instanceof NotAnXlsx) && error instanceof AppException) return error;
    return importsError('IMPORT_NOT_A_TABLE', { message: 'Não foi possível ler a planilha: verifique se é um CSV ou XLSX válido.' });
  }

  /**
   * An admin keeps at most IMPORT_WAITING_MAX analysed uploads waiting to start: the oldest beyond them are
   * cancelled and their files removed, so uploads never pile up on the disk or in the object store.
   */
  private async dropWaitingBeyond(adminId: number): Promise<void> {
    const waiting = await this.imports.find({ select: { id: true, fileKey: true }, where: { adminId, status: 'analisada' }, order: { id: 'DESC' } });
    for (const old of waiting.slice(IMPORT_WAITING_MAX)) {
      const result = await this.imports.update({ id: old.id, status: 'analisada' }, { status: 'cancelada', ...ended() });
      if (result.affected) await this.removeFile(old);
    }
  }

  /**
   * An import's file, removed once nothing will read it again (the import ended). A store that fails is logged,
   * and the file is removed by a later sweep (file_kept stays true until it is).
   */
  private async removeFile(found: Pick<Import, 'id' | 'fileKey'>): Promise<void> {
    try {
      await this.files.remove(found.fileKey);
      await this.imports.update({ id: found.id }, { fileKept: false });
    } catch (error) {
      this.logger.warn(`Removing upload ${found.fileKey} failed: ${(error as Error).message}`);
    }
  }

  /** The files of ended imports still kept (a removal that failed, imports ended past the run): removed now. */
  private async removeEndedFiles(): Promise<void> {
    const ended = await this.imports.find({
      select: { id: true, fileKey: true },
      where: { status: In<ImportStatus>(['concluida', 'cancelada', 'falhou']), fileKept: true },
      take: 20,
    });
    for (const found of ended) await this.removeFile(found);
  }

  /** The sample's rows checked by the form's rules with a mapping (the preview, again after the mapping changes). */
  private async checkSample(kind: ImportKind, rows: string[][], mapping: Record<string, number | null>): Promise<ImportSampleRow[]> {
    const lookups = this.lookups();
    const keys = new FileKeys(kind);
    const checked: ImportSampleRow[] = [];
    for (const [index, row] of rows.entries()) {
      const line = index + 2;
      const repeated = keys.check(ImportsService.cells(row, mapping), line);
      const result = await this.checkRow(kind, row, mapping, lookups);
      checked.push({ linha: line, valores: row, erros: { ...result.errors, ...repeated } });
    }
    return checked;
  }

  /** A row checked by its kind's form rules. */
  private checkRow(
    kind: ImportKind,
    row: string[],
    mapping: Record<string, number | null>,
    lookups: RowLookups & UserRowLookups,
  ): Promise<CheckedRow<unknown>> {
    const cells = ImportsService.cells(row, mapping);
    return kind === 'usuarios' ? checkUserRow(cells, lookups) : checkCompanyRow(cells, lookups, mapping.logo !== null && mapping.logo !== undefined);
  }

  /** The preview of an analysed import with another mapping. */
  async preview(id: number, adminId: number, mapping: Record<string, number | null>): Promise<ImportAnalysis> {
    const found = await this.owned(id, adminId);
    const checkedMapping = this.checkMapping(found, mapping);
    const sample: string[][] = [];
    let headerSeen = false;
    for await (const row of await this.rows(found)) {
      if (!headerSeen) {
        headerSeen = true;
        continue;
      }
      sample.push(row.slice(0, columnsOf(found)));
      if (sample.length >= IMPORT_SAMPLE_ROWS) break;
    }
    return { ...this.view(found), mapeamento: checkedMapping, amostra: await this.checkSample(found.kind as ImportKind, sample, checkedMapping) };
  }

  /** A mapping sent by the client: every field known, every column in the file, each column once, required fields mapped. */
  private checkMapping(found: Import, mapping: Record<string, number | null>): Record<string, number | null> {
    const fields = IMPORT_FIELDS[found.kind as ImportKind];
    const columns = (JSON.parse(found.headers) as string[]).length;
    const errors: Record<string, string> = {};
    const result: Record<string, number | null> = {};
    const used = new Map<number, string>();
    for (const key of Object.keys(mapping)) if (!fields.some((field) => field.campo === key)) errors[key] = 'Campo desconhecido.';
    for (const field of fields) {
      const column = mapping[field.campo] ?? null;
      if (column !== null && (!Number.isInteger(column) || column < 0 || column >= columns)) errors[field.campo] = 'Coluna inexistente na planilha.';
      else if (column !== null && used.has(column)) errors[field.campo] = `A mesma coluna já está em ${used.get(column)}.`;
      else if (column === null && field.obrigatorio) errors[field.campo] = `Escolha a coluna de ${field.rotulo}.`;
      if (column !== null) used.set(column, field.rotulo);
      result[field.campo] = column;
    }
    if (Object.keys(errors).length > 0)
      throw new ValidationFailedException(Object.fromEntries(Object.entries(errors).map(([key, value]) => [`mapeamento.${key}`, value])));
    return result;
  }

  /** Starts an analysed import with its mapping and mode: it waits for a run (202). One per admin at a time. */
  async start(id: number, adminId: number, mapping: Record<string, number | null>, mode: ImportMode): Promise<ImportView> {
    const found = await this.owned(id, adminId);
    if (found.status !== 'analisada') throw importsError('IMPORT_NOT_STARTABLE');
    const checked = this.checkMapping(found, mapping);
    // The admin's id in the unique running_admin_id: of two starts at the same instant one is refused.
    const result = await this.imports
      .update(
        { id, status: 'analisada' },
        { status: 'na_fila', runningAdminId: adminId, mapping: JSON.stringify(checked), mode, startedAt: sqlNow(), processed: 0, nextRow: 0 },
      )
      .catch((error: unknown) => {
        if (isUniqueViolation(error)) throw importsError('IMPORT_RUNNING');
        throw error;
      });
    if (!result.affected) throw importsError('IMPORT_NOT_STARTABLE');
    void this.sweep();
    return this.state(id, adminId);
  }

  async state(id: number, adminId: number): Promise<ImportView> {
    return this.view(await this.owned(id, adminId));
  }

  /** "Cancelar": a queued or analysed import ends now; a running one after its current chunk. */
  async cancel(id: number, adminId: number): Promise<ImportView> {
    const found = await this.owned(id, adminId);
    if (['concluida', 'cancelada', 'falhou'].includes(found.status)) throw importsError('IMPORT_FINISHED');
    const now = await this.imports.update({ id, status: In(['analisada', 'na_fila']) }, { status: 'cancelada', ...ended() });
    // Nothing reads the file of an import that ended; a running one's goes when its run stops.
    if (now.affected) await this.removeFile(found);
    await this.imports.update({ id, status: 'processando' }, { cancelRequested: true });
    return this.state(id, adminId);
  }

  /** The admin's import, or 404 (another admin's imports are not theirs to see). */
  private async owned(id: number, adminId: number): Promise<Import> {
    const found = await this.imports.findOne({ where: { id, adminId } });
    if (!found) throw importsError('IMPORT_NOT_FOUND');
    return found;
  }

  /** The latest import of the admin not yet seen through (so a reopened page shows it), or null. */
  async current(adminId: number): Promise<ImportView | null> {
    const found = await this.imports.findOne({ where: { adminId, status: In(['na_fila', 'processando']) }, order: { id: 'DESC' } });
    return found ? this.view(found) : null;
  }

  private async rows(found: Import): Promise<AsyncGenerator<string[]>> {
    const head = await this.files.head(found.fileKey, HEAD_BYTES);
    // An XLSX is read by ranges; a CSV from its start.
    const stream = sniffFormat(head) === 'csv' ? await this.files.read(found.fileKey) : null;
    const table = await openTable(head, () => stream!, this.files.ranges(found.fileKey));
    if (!table) throw new Error('the stored file is not a table');
    return table.rows;
  }

  /** The failed rows as CSV (`;`, UTF-8 with BOM): the file's columns and "Erro". */
  async failuresCsv(id: number, adminId: number): Promise<AsyncGenerator<Buffer>> {
    // Checked before the answer starts: a missing import is a 404, not a broken download.
    return this.failureLines(await this.owned(id, adminId));
  }

  private async *failureLines(found: Import): AsyncGenerator<Buffer> {
    const id = found.id;
    const headers = JSON.parse(found.headers) as string[];
    yield Buffer.from(`\uFEFF${[...headers, 'Linha', 'Erro'].map(csvText).join(';')}\r\n`, 'utf8');
    let after = 0;
    for (;;) {
      const rows = await this.failures.find({ where: { importId: id, id: MoreThan(after) }, order: { id: 'ASC' }, take: 1000 });
      if (rows.length === 0) return;
      after = rows[rows.length - 1].id;
      yield Buffer.from(
        rows
          .map((row) => {
            const cells = JSON.parse(row.cells) as string[];
            return `${[...headers.map((_, index) => cells[index] ?? ''), String(row.line), row.error].map(csvText).join(';')}\r\n`;
          })
          .join(''),
        'utf8',
      );
    }
  }

  view(found: Import): ImportView {
    const fields = IMPORT_FIELDS[found.kind as ImportKind];
    return {
      id: found.id,
      tipo: found.kind as ImportKind,
      status: found.status,
      arquivo: found.fileName,
      colunas: JSON.parse(found.headers) as string[],
      campos: fields.map((field) => ({ campo: field.campo, rotulo: field.rotulo, obrigatorio: Boolean(field.obrigatorio) })),
      mapeamento: JSON.parse(found.mapping) as Record<string, number | null>,
      modo: (found.mode as ImportMode | null) ?? null,
      total: found.total,
      // Only a run that read the whole file knows how many rows it has.
      total_estimado: found.status !== 'concluida',
      processadas: found.processed,
      criadas: found.created,
      atualizadas: found.updated,
      sem_alteracao: found.unchanged,
      falhas: found.failed,
      falhas_nao_guardadas: Math.max(0, found.failed - found.failuresKept),
      erro: found.error,
      criada_em: new Date(found.createdAt).toISOString(),
      iniciada_em: found.startedAt ? new Date(found.startedAt).toISOString() : null,
      concluida_em: found.finishedAt ? new Date(found.finishedAt).toISOString() : null,
    };
  }

  /** Takes every import waiting for a run (queued, or silent for a minute) that no run here holds, and runs it. */
  async sweep(): Promise<void> {
    if (this.stopping) return;
    try {
      const waiting = await this.imports.find({
        select: { id: true },
        where: [{ status: 'na_fila' }, { status: 'processando', heartbeatAt: LessThan(new Date(Date.now() - STALE_MS)) }],
        take: 10,
      });
      await this.removeEndedFiles();
      for (const { id } of waiting) {
        if (this.running.has(id)) continue;
        if (!(await this.claim(id))) {
          await this.giveUpIfExhausted(id);
          continue;
        }
        const run = this.run(id).finally(() => this.running.delete(id));
        this.running.set(id, run);
      }
    } catch (error) {
      this.logger.warn(`Import sweep failed: ${(error as Error).message}`);
    }
  }

  /** Takes an import for this instance's run: one conditional UPDATE, so of two instances exactly one gets it. */
  private async claim(id: number): Promise<boolean> {
    return this.repository.claim(id, sqlNow(), new Date(Date.now() - STALE_MS), IMPORT_MAX_RUNS);
  }

  /**
   * An import whose runs all fell silent (each instance that ran it died with it) is marked failed, with the
   * reason, instead of being taken over again: a file that kills the instance reading it would otherwise kill
   * every instance, at every start.
   */
  private async giveUpIfExhausted(id: number): Promise<void> {
    if (!(await this.repository.giveUp(id, new Date(Date.now() - STALE_MS), IMPORT_MAX_RUNS, { error: RUNS_EXHAUSTED, ...ended() }))) return;
    const found = await this.imports.findOneByOrFail({ id });
    this.logger.error(`Import ${id} failed: its runs stopped ${found.runs} times without a word (the file may take its instance down)`);
    await this.removeFile(found);
    await this.announceEnd(found, RUNS_EXHAUSTED);
  }

  /** An ended import told to its admin: the bell's summary (linking to the kind's list) and the live event. */
  private async announceEnd(found: Import, resumo: string): Promise<void> {
    const kind = found.kind as ImportKind;
    await this.notices.taskFinished(
      found.adminId,
      {
        tarefa: `importacao-${found.id}`,
        tipo: 'importacao',
        recurso: IMPORT_KINDS_WORDS[kind].recurso,
        vistos: found.processed,
        alterados: found.created + found.updated,
        resumo,
      },
      IMPORT_KINDS_WORDS[kind].link,
    );
  }

  /**
   * Runs a claimed import from its last finished chunk: the file is read from the start, the rows before
   * `next_row` skipped, the rest checked and written 500 at a time, each chunk with the import's counters and its
   * failed rows in the same transaction. Stops after a chunk when cancelled or when this instance stops.
   */
  private async run(id: number): Promise<void> {
    let found = await this.imports.findOneByOrFail({ id });
    const admin = await this.admins.findOneBy({ adminId: found.adminId });
    const actor = { adminId: found.adminId, adminUsername: admin?.username ?? null, adminName: admin?.name ?? null, ip: null };
    const mapping = JSON.parse(found.mapping) as Record<string, number | null>;
    const lookups = this.lookups();
    const kind = found.kind as ImportKind;
    const target = IMPORT_KINDS_WORDS[kind];
    const mappedFields = new Set(Object.entries(mapping).flatMap(([field, column]) => (column === null ? [] : [field])));
    const task = { tarefa: `importacao-${id}`, tipo: 'importacao' as const, recurso: target.recurso };
    const columns = columnsOf(found);
    // Each CNPJ (e-mail, CPF) once in the file: a later row with one is refused, never merged into the first.
    const keys = new FileKeys(kind);
    let dataRow = 0;
    let chunk: { line: number; row: string[] }[] = [];
    let headerSeen = false;

    type Checked = {
      rows: { line: number; row: string[] }[];
      checked: { line: number; input: never; ativo: 0 | 1 | null }[];
      failed: { line: number; row: string[]; error: string }[];
      reached: number;
      last: boolean;
    };
    /**
     * A chunk's rows checked by the form's rules, on the event loop the requests share: every few rows it gives
     * way to the requests in flight, so the lists answer as fast during an import as without one.
     */
    const check = async (rows: { line: number; row: string[] }[], last: boolean): Promise<Checked> => {
      const checked: Checked['checked'] = [];
      const failed: Checked['failed'] = [];
      const reached = dataRow;
      for (const [index, { line, row }] of rows.entries()) {
        if (index % YIELD_EVERY === 0) await giveWay(GIVE_WAY_MS);
        const repeated = keys.check(ImportsService.cells(row, mapping), line);
        if (Object.keys(repeated).length > 0) {
          failed.push({ line, row, error: Object.values(repeated).join(' ') });
          continue;
        }
        const result = await this.checkRow(kind, row, mapping, lookups);
        if (result.value) checked.push({ line, input: result.value as never, ativo: result.ativo });
        else failed.push({ line, row, error: Object.values(result.errors).join(' ') });
      }
      return { rows, checked, failed, reached, last };
    };
    /** A checked chunk written with the import's progress in one transaction; false when the run is to stop. */
    const write = async ({ rows, checked, failed, reached, last }: Checked): Promise<boolean> => {
      const byLine = new Map(rows.map(({ line, row }) => [line, row]));
      const apply = kind === 'usuarios' ? this.users.importRows.bind(this.users) : this.enterprises.importRows.bind(this.enterprises);
      await apply(checked, {
        onlyCreate: found.mode === 'criar',
        fields: mappedFields,
        actor,
        importId: id,
        alsoInside: async (manager, counts) => {
          const allFailed = [...failed, ...counts.falhas.map((failure) => ({ line: failure.line, row: byLine.get(failure.line) ?? [], error: failure.error }))];
          // Kept for the download within a count and a size: the header's columns of each row, nothing past them.
          const kept: { importId: number; line: number; cells: string; error: string }[] = [];
          let keptChars = found.failuresChars;
          for (const failure of allFailed) {
            if (found.failuresKept + kept.length >= IMPORT_FAILURES_MAX) break;
            const cells = JSON.stringify(failure.row.slice(0, columns));
            if (keptChars + cells.length > FAILED_ROWS_CHARS) break;
            keptChars += cells.length;
            kept.push({ importId: id, line: failure.line, cells, error: failure.error.slice(0, 500) });
          }
          if (kept.length > 0) await bulkInsert(manager, ImportFailure, kept);
          const next = {
            failuresKept: found.failuresKept + kept.length,
            failuresChars: keptChars,
            processed: found.processed + rows.length,
            created: found.created + counts.criadas,
            updated: found.updated + counts.atualizadas,
            unchanged: found.unchanged + counts.sem_alteracao,
            failed: found.failed + allFailed.length,
            nextRow: reached,
            heartbeatAt: sqlNow(),
            ...(last ? { total: reached } : found.total < reached ? { total: reached } : {}),
          };
          await manager.update(Import, { id, status: 'processando' }, next);
          Object.assign(found, next);
        },
      });
      await this.notices.taskProgress(found.adminId, { ...task, vistos: found.processed, alterados: found.created + found.updated });
      const fresh = await this.imports.findOneBy({ id });
      return !(fresh?.cancelRequested || fresh?.status !== 'processando' || this.stopping);
    };
    // Chunk n + 1 is read and checked while chunk n is written (the database works on the other core); the writes
    // stay one after the other, in order, so `next_row` always marks the end of the last committed chunk.
    const pending: { write: Promise<boolean> | null } = { write: null };
    const handOver = async (last: boolean): Promise<boolean> => {
      const checked = await check(chunk, last);
      chunk = [];
      if (pending.write && !(await pending.write)) return false;
      pending.write = write(checked);
      // Its failure is met where it is awaited: by the next chunk, or at the end.
      pending.write.catch(() => undefined);
      return true;
    };

    try {
      for await (const row of await this.rows(found)) {
        if (!headerSeen) {
          headerSeen = true;
          continue;
        }
        dataRow += 1;
        // Rows written by an earlier run are not checked again, but their keys are the file's all the same.
        if (dataRow <= found.nextRow) {
          keys.check(ImportsService.cells(row, mapping), dataRow + 1);
          continue;
        }
        chunk.push({ line: dataRow + 1, row });
        if (chunk.length >= IMPORT_CHUNK_ROWS && !(await handOver(false))) return await this.stopped(id, found);
      }
      if (chunk.length > 0 && !(await handOver(true))) return await this.stopped(id, found);
      if (pending.write && !(await pending.write)) return await this.stopped(id, found);
      await this.imports.update({ id, status: 'processando' }, { status: 'concluida', total: dataRow, ...ended() });
      await this.removeFile(found);
      found = await this.imports.findOneByOrFail({ id });
      await this.announceEnd(found, importSummary(kind, 'concluida', ImportsService.counts(found)));
    } catch (error) {
      // A chunk still being written ends first: the import's state is set once nothing of it is in flight.
      await pending.write?.catch(() => undefined);
      if (this.stopping) return await this.handBack(id);
      this.logger.error(`Import ${id} failed: ${(error as Error).message}`);
      const message =
        error instanceof TableLimitExceeded
          ? `${error.message} As linhas antes desta foram gravadas.`
          : error instanceof AppException
            ? error.message
            : 'A importação parou por um erro inesperado; as linhas já gravadas foram mantidas.';
      await this.imports.update({ id }, { status: 'falhou', error: message.slice(0, 300), ...ended() }).catch(() => undefined);
      await this.removeFile(found);
    }
  }

  /** A run this instance hands back as it stops: its takeover by another is not a run that died. */
  private async handBack(id: number): Promise<void> {
    await this.imports.decrement({ id, status: 'processando' }, 'runs', 1).catch(() => undefined);
  }

  /** A run that stopped between chunks: cancelled (it says so), or left for another instance (it is stopping). */
  private async stopped(id: number, found: Import): Promise<void> {
    if (this.stopping) return await this.handBack(id);
    await this.imports.update({ id }, { status: 'cancelada', ...ended() });
    await this.removeFile(found);
    await this.announceEnd(found, importSummary(found.kind as ImportKind, 'cancelada', ImportsService.counts(found)));
  }

  /** An import's counts as its summary reads them. */
  private static counts(found: Import) {
    return { processadas: found.processed, criadas: found.created, atualizadas: found.updated, sem_alteracao: found.unchanged, falhas: found.failed };
  }

  /** Uploads, failed rows and records of imports finished more than IMPORT_KEEP_DAYS ago. */
  private async cleanup(): Promise<string | null> {
    const old = await this.imports.find({
      where: {
        status: In<ImportStatus>(['concluida', 'cancelada', 'falhou', 'analisada']),
        createdAt: LessThan(new Date(Date.now() - IMPORT_KEEP_DAYS * 86_400_000)),
      },
      take: 1000,
    });
    for (const found of old) {
      await this.files.remove(found.fileKey);
      await this.imports.delete({ id: found.id });
    }
    // Uploads cut off by a crash while they arrived: a day is longer than any upload takes.
    const abandoned = await this.files.sweepStaging(86_400_000);
    const done = [old.length > 0 ? `${old.length} old imports removed with their files` : '', abandoned > 0 ? `${abandoned} abandoned uploads removed` : ''];
    return done.filter(Boolean).join('; ') || null;
  }
}
