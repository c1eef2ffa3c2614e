import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, Equals, IsArray, IsIn, IsInt, IsOptional, Matches, Max, Min } from 'class-validator';
import type { DataSource, ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { AuditEntry } from '../../audit/audit-entry.entity.js';
import type { AuditActor } from '../../audit/audit-actor.js';
import type { AuditAction } from '../../shared/audit-actions.js';
import { AppException, ValidationFailedException } from '../http/app.exception.js';
import { ToBinaryFlag } from '../http/binary-flag.js';
import { isMysql } from '../sql/sql-dialect.js';
import type { HistoryService } from '../../history/history.service.js';
import type { LiveNotices } from '../../live/live-notices.js';
import type { LiveResource } from '../../shared/live.views.js';
import type { ChangeSource } from '../../shared/history.views.js';
import { bulkInsert } from '../../database/bulk-insert.js';

/** Rows changed per transaction (and per request: the client asks for the next chunk after each answer). */
export const BULK_CHUNK = 500;
/** Ticked rows sent one by one: at most a page of the largest size. */
export const BULK_IDS_MAX = 1000;
/** Rows unticked after "Selecionar todos os N resultados". */
export const BULK_EXCEPT_MAX = 10_000;

/** How a bulk Ativar/Desativar call works, for the API's readers (the companies' and the users' alike). */
export const BULK_STATUS_DESCRIPTION = `Um lote de até ${BULK_CHUNK} por chamada: as linhas marcadas (\`ids\`), ou todas as do filtro e da busca menos as de \`exceto\` (\`todos\`). A resposta diz onde o próximo lote começa (\`apos\`; null quando terminou). Cada linha alterada fica na auditoria.`;
const ID_MAX = 2_147_483_647;

const ID_MESSAGE = 'Cada identificador deve ser um número inteiro positivo.';
type Constructor<T = object> = new (...args: any[]) => T;

export type BulkAction = 'ativar' | 'desativar';

/**
 * A bulk status change's body: the list's own filters (its paging and order are ignored), then what is
 * selected, either `ids` (rows ticked one by one) or `todos` (every row of the filters and search, but those in
 * `exceto`), never a list of a million ids; and `apos`, the last id the previous chunk reached.
 */
export function BulkSelection<T extends Constructor>(Filters: T) {
  class BulkSelectionInput extends Filters {
    // Described here for the OpenAPI document: the plugin that reads DTOs does not see a class made by a function.
    @ApiProperty({ enum: ['ativar', 'desativar'], description: 'O novo status de cada linha selecionada.' })
    @IsIn(['ativar', 'desativar'], { message: 'Ação inválida: use ativar ou desativar.' })
    acao: BulkAction;

    @ApiPropertyOptional({ type: [Number], maxItems: BULK_IDS_MAX, description: 'As linhas marcadas uma a uma (ou envie todos).' })
    @Max(ID_MAX, { each: true, message: ID_MESSAGE })
    @Min(1, { each: true, message: ID_MESSAGE })
    @IsInt({ each: true, message: ID_MESSAGE })
    @ArrayMaxSize(BULK_IDS_MAX, { message: `Marque no máximo ${BULK_IDS_MAX} linhas, ou selecione todos os resultados.` })
    @IsArray({ message: 'Envie os identificadores em uma lista.' })
    @IsOptional()
    ids?: number[];

    @ApiPropertyOptional({ type: Boolean, enum: [true], description: 'Todas as linhas dos filtros e da busca enviados, menos as de exceto.' })
    @Equals(true, { message: 'Para selecionar todos os resultados, envie todos: true.' })
    @IsOptional()
    todos?: true;

    @ApiPropertyOptional({ type: [Number], maxItems: BULK_EXCEPT_MAX, description: 'Com todos: as linhas desmarcadas.' })
    @Max(ID_MAX, { each: true, message: ID_MESSAGE })
    @Min(1, { each: true, message: ID_MESSAGE })
    @IsInt({ each: true, message: ID_MESSAGE })
    @ArrayMaxSize(BULK_EXCEPT_MAX, { message: `Desmarque no máximo ${BULK_EXCEPT_MAX.toLocaleString('pt-BR')} linhas.` })
    @IsArray({ message: 'Envie os identificadores em uma lista.' })
    @IsOptional()
    exceto?: number[];

    @ApiPropertyOptional({ type: Number, minimum: 0, description: 'O apos da resposta anterior: onde o próximo lote começa.' })
    @Max(ID_MAX, { message: 'Continuação inválida.' })
    @Min(0, { message: 'Continuação inválida.' })
    @IsInt({ message: 'Continuação inválida.' })
    @Type(() => Number)
    @IsOptional()
    apos?: number;

    @ApiPropertyOptional({ description: 'Um identificador da execução, escolhido pelo cliente: os eventos tarefa.progresso e tarefa.concluida o trazem.' })
    @Matches(/^[A-Za-z0-9-]{1,64}$/, { message: 'Tarefa inválida: use até 64 letras, números ou hífens.' })
    @IsOptional()
    tarefa?: string;

    @ApiPropertyOptional({ type: Number, minimum: 0, description: 'Com tarefa: as linhas vistas pelos lotes anteriores (para o progresso acumulado).' })
    @Max(ID_MAX, { message: 'Progresso inválido.' })
    @Min(0, { message: 'Progresso inválido.' })
    @IsInt({ message: 'Progresso inválido.' })
    @Type(() => Number)
    @IsOptional()
    tarefa_vistos?: number;

    @ApiPropertyOptional({ type: Number, minimum: 0, description: 'Com tarefa: as linhas alteradas pelos lotes anteriores.' })
    @Max(ID_MAX, { message: 'Progresso inválido.' })
    @Min(0, { message: 'Progresso inválido.' })
    @IsInt({ message: 'Progresso inválido.' })
    @Type(() => Number)
    @IsOptional()
    tarefa_alterados?: number;
  }
  return BulkSelectionInput;
}

export interface BulkSelectionFields {
  acao: BulkAction;
  ids?: number[];
  todos?: true;
  exceto?: number[];
  apos?: number;
  tarefa?: string;
  tarefa_vistos?: number;
  tarefa_alterados?: number;
}

/** What one chunk did: rows changed, rows of the selection it went through, and where the next one starts (null: done). */
export interface BulkChunkResult {
  alterados: number;
  vistos: number;
  apos: number | null;
}

/** The table a bulk status change writes, and how the trail names what it did. */
export interface BulkStatusTarget {
  table: string;
  key: string;
  statusColumn: string;
  /** Other columns set with the status (e.g. a modification date), as SQL. */
  alsoSet?: string;
  action: AuditAction;
  targetType: string;
  /** How the live events and the bell name the rows: "empresa"/"empresas", feminine. */
  task: { recurso: LiveResource; one: string; many: string; feminine: boolean; link: string };
}

/**
 * One chunk of a bulk status change: the next BULK_CHUNK ids of the selection after `apos`, in id order; in
 * one transaction, those not yet in the new status are changed, each with its audit entry. The selection is
 * read anew per chunk, so a chunk never holds locks while the client waits; rows are visited once (by id).
 */
export async function bulkStatusChunk<T extends ObjectLiteral>(
  dataSource: DataSource,
  input: BulkSelectionFields,
  selection: () => SelectQueryBuilder<T>,
  target: BulkStatusTarget,
  actor: AuditActor,
  history: HistoryService,
  notices: LiveNotices,
): Promise<BulkChunkResult> {
  const result = await statusChunk(dataSource, input, selection, target, actor, history);
  if (input.tarefa) await reportTask(notices, input, result, target, actor);
  return result;
}

/**
 * A bulk run with a `tarefa` id: each chunk's progress (counted from the run's start) goes to the admin's tabs
 * (`tarefa.progresso`), and the last one's summary to the admin's bell (`tarefa.concluida`).
 */
async function reportTask(notices: LiveNotices, input: BulkSelectionFields, result: BulkChunkResult, target: BulkStatusTarget, actor: AuditActor) {
  const task = target.task;
  const adminId = actor.adminId;
  if (adminId === null) return;
  const vistos = (input.tarefa_vistos ?? 0) + result.vistos;
  const alterados = (input.tarefa_alterados ?? 0) + result.alterados;
  const event = { tarefa: input.tarefa!, tipo: 'lote' as const, recurso: task.recurso, vistos, alterados };
  if (result.apos !== null) return notices.taskProgress(adminId, event);
  const ending = `${input.acao === 'ativar' ? 'ativad' : 'desativad'}${task.feminine ? 'a' : 'o'}${alterados === 1 ? '' : 's'}`;
  const resumo =
    alterados === 0
      ? `Lote concluído: nenhum${task.feminine ? 'a' : ''} ${task.one} precisou de alteração.`
      : `Lote concluído: ${alterados.toLocaleString('pt-BR')} ${alterados === 1 ? task.one : task.many} ${ending}.`;
  await notices.taskFinished(adminId, { ...event, resumo }, task.link);
}

async function statusChunk<T extends ObjectLiteral>(
  dataSource: DataSource,
  input: BulkSelectionFields,
  selection: () => SelectQueryBuilder<T>,
  target: BulkStatusTarget,
  actor: AuditActor,
  history: HistoryService,
): Promise<BulkChunkResult> {
  if ((input.ids === undefined) === (input.todos === undefined)) {
    throw new ValidationFailedException({ ids: 'Selecione as linhas (ids) ou todos os resultados (todos), um dos dois.' });
  }
  if (input.ids !== undefined && input.ids.length === 0) throw new ValidationFailedException({ ids: 'Selecione ao menos uma linha.' });
  const after = input.apos ?? 0;
  const keyColumn = `${selection().alias}.${target.key}`;
  let reached: number[];
  let more: boolean;
  if (input.ids) {
    const wanted = [...new Set(input.ids)].filter((id) => id > after).sort((x, y) => x - y);
    reached = wanted.slice(0, BULK_CHUNK);
    more = wanted.length > BULK_CHUNK;
  } else {
    const rows = await selection()
      .select(keyColumn, 'id')
      .andWhere(`${keyColumn} > :bulkAfter`, { bulkAfter: after })
      .orderBy(keyColumn, 'ASC')
      .limit(BULK_CHUNK)
      .getRawMany<{ id: number | string }>();
    reached = rows.map((row) => Number(row.id));
    more = reached.length === BULK_CHUNK;
  }
  const next = more ? reached[reached.length - 1] : null;
  const except = new Set(input.exceto ?? []);
  const chosen = reached.filter((id) => !except.has(id));
  if (chosen.length === 0) return { alterados: 0, vistos: 0, apos: next };

  const { alterados, vistos } = await writeStatus(dataSource, chosen, input.acao, target, actor, history, 'lote');
  return { alterados, vistos, apos: next };
}

/**
 * The status of the rows `ids` set to `acao`'s, in one transaction: those not yet in it are changed, each with
 * its audit entry, and their history records the change as made by this admin from `source` (a bulk run,
 * "lote", or one row from the back office's list or the API). Answers how many rows it found and changed.
 */
async function writeStatus(
  dataSource: DataSource,
  ids: number[],
  acao: BulkAction,
  target: BulkStatusTarget,
  actor: AuditActor,
  history: HistoryService,
  source: ChangeSource,
): Promise<{ alterados: number; vistos: number }> {
  const value = acao === 'ativar' ? 1 : 0;
  const inBulk = source === 'lote';
  return history.run({ actorId: actor.adminId, actorName: actor.adminName || actor.adminUsername, source }, async (manager) => {
    const placeholders = ids.map(() => '?').join(', ');
    const lock = isMysql(dataSource) ? ' FOR UPDATE' : '';
    const existing = (await manager.query(
      `SELECT ${target.key} AS id, ${target.statusColumn} AS status FROM ${target.table} WHERE ${target.key} IN (${placeholders})${lock}`,
      ids,
    )) as {
      id: number | string;
      status: number | string;
    }[];
    const changed = existing.filter((row) => Number(row.status) !== value).map((row) => Number(row.id));
    if (changed.length > 0) {
      await manager.query(
        `UPDATE ${target.table} SET ${target.statusColumn} = ?${target.alsoSet ? `, ${target.alsoSet}` : ''} WHERE ${target.key} IN (${changed.map(() => '?').join(', ')})`,
        [value, ...changed],
      );
      // The status each row had and has now, as the trail keeps a change (AuditChangeSummary).
      const change = { alteracoes: { [target.statusColumn]: [1 - value, value] }, operacao: 'alteracao' };
      const summary = JSON.stringify(inBulk ? { ...change, em_lote: true } : change);
      await bulkInsert(
        manager,
        AuditEntry,
        changed.map((id) => ({
          adminId: actor.adminId,
          adminUsername: actor.adminUsername,
          ip: actor.ip,
          action: target.action,
          targetType: target.targetType,
          targetId: id,
          summary,
        })),
      );
    }
    return { alterados: changed.length, vistos: existing.length };
  });
}

/**
 * The body of one row's status change (a declared resource's `PATCH :id/status`): the companies' own route's,
 * `{ "ativo": 1 }` or `{ "ativo": 0 }`, whatever the resource's status column is called.
 */
export class RowStatusInput {
  @ApiProperty({ enum: [0, 1], description: 'O novo status da linha: 1 (ativa) ou 0 (inativa).' })
  @ToBinaryFlag()
  @IsIn([0, 1], { message: 'Informe o status: 1 (ativo) ou 0 (inativo).' })
  ativo: 0 | 1;
}

/** What one row's status change did: the status it is in, and whether it changed (it may already have been). */
export interface RowStatusResult {
  ok: true;
  ativo: 0 | 1;
  alterada: boolean;
}

/**
 * One row's status change, as a list's row button makes it: the same write as a bulk chunk's (audit entry,
 * history, version), recorded as a change of that row rather than a bulk run. A row that does not exist is 404.
 */
export async function rowStatusChange(
  dataSource: DataSource,
  id: number,
  ativo: 0 | 1,
  target: BulkStatusTarget,
  actor: AuditActor,
  history: HistoryService,
  source: ChangeSource,
): Promise<RowStatusResult> {
  const { alterados, vistos } = await writeStatus(dataSource, [id], ativo === 1 ? 'ativar' : 'desativar', target, actor, history, source);
  if (vistos === 0) {
    const { one, feminine } = target.task;
    throw new AppException(404, 'NOT_FOUND', `${one.charAt(0).toUpperCase()}${one.slice(1)} não encontrad${feminine ? 'a' : 'o'}.`);
  }
  return { ok: true, ativo, alterada: alterados > 0 };
}
