import { Controller, Get, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import { auditActor } from '../audit/audit-actor.js';
import { auditTargetOf } from '../audit/audit-targets.js';
import { AuditService, changeSummary } from '../audit/audit.service.js';
import { Roles, Sensitive } from '../auth/decorators.js';
import { AppException } from '../common/http/app.exception.js';
import { requestPath, type HttpRequest } from '../common/http/http.js';
import { IdPipe } from '../common/http/id.pipe.js';
import { Change, type ChangeRequest } from './change-context.js';
import { ChangesQuery, HistoryQuery } from './dto/history.query.js';
import { HISTORY_PATHS, HISTORY_RESOURCES, type HistoryResource } from './history.resources.js';
import type { RestorePreview } from '../shared/history.views.js';
import { HISTORY_PAGE_SIZE, HistoryService } from './history.service.js';

const LIST_DESCRIPTION =
  'Cada alteração, da mais nova para a mais antiga: quando, quem (o administrador, ou Aplicativo, Sistema ou Importação), de onde (formulário, API, lote, importação, banco) e só os campos alterados, antes → depois, com rótulos e valores formatados. A criação é a primeira. Paginado por `antes` (o `proximo` da página anterior).';
const RESTORE_DESCRIPTION =
  'Grava de volta os valores "antes" da entrada, como uma nova alteração (que entra no histórico), pela mesma validação do formulário e com a mesma verificação de versão (`If-Match`). Uma mensagem de contato excluída volta a existir.';

const REVERT_DESCRIPTION =
  'Volta o registro à versão da entrada: cada campo editável no painel recebe o valor que tinha logo depois dela, desfazendo de uma vez todas as alterações posteriores (de qualquer pessoa), como uma nova alteração que entra no histórico, pela mesma validação do formulário e com a mesma verificação de versão (`If-Match`). Campos que só o aplicativo ou o sistema gravam ficam como estão. Responde o registro e o que foi restaurado.';
const PREVIEW_DESCRIPTION =
  'O que a restauração gravaria agora, para confirmar antes: cada campo com o valor atual e o que volta, quem o alterou depois da entrada, e os campos alterados depois que nenhuma restauração grava (`mantidos`). `modo`: `restaurar` (os valores de antes desta alteração) ou `voltar` (a versão desta entrada).';

const CHANGES_DESCRIPTION =
  'Os campos alterados desde a versão `desde` (a que o formulário abriu), com o valor de então e o de agora, o registro atual e quem fez a última alteração: o mesmo corpo de um 412 EDIT_CONFLICT, para o aviso "Alterado por … agora há pouco" de um formulário aberto.';

/** The resource a history route serves, from its path (`/api/admin/<path>/:id/historico…`). */
function resourceOf(req: HttpRequest): HistoryResource {
  const path = requestPath(req).split('/')[3] ?? '';
  const resource = HISTORY_PATHS[path];
  if (!resource) throw new AppException(404, 'NOT_FOUND', 'Recurso não encontrado.');
  return resource;
}

const OPEN = Object.values(HISTORY_RESOURCES).filter((resource) => !resource.mastersOnly);
const MASTERS = Object.values(HISTORY_RESOURCES).filter((resource) => resource.mastersOnly);
const listPaths = (resources: HistoryResource[]) => resources.map((resource) => `${resource.path}/:id/historico`);
const changesPaths = (resources: HistoryResource[]) => resources.map((resource) => `${resource.path}/:id/alteracoes`);
const restorePaths = (resources: HistoryResource[]) => resources.map((resource) => `${resource.path}/:id/historico/:entradaId/restaurar`);
const revertPaths = (resources: HistoryResource[]) => resources.map((resource) => `${resource.path}/:id/historico/:entradaId/voltar`);

/**
 * The history of a company, an app user, a contact message or an admin (the team's: masters only), and
 * restoring an entry's values: one controller for every resource declared in HISTORY_RESOURCES.
 */
@Controller('api/admin')
export class HistoryApiController {
  constructor(
    private readonly history: HistoryService,
    private readonly audit: AuditService,
  ) {}

  @ApiOperation({ summary: 'O histórico de um registro', description: LIST_DESCRIPTION })
  @Get(listPaths(OPEN))
  list(@Param('id', IdPipe) id: number, @Query() query: HistoryQuery, @Req() req: HttpRequest) {
    return this.history.list(resourceOf(req).key, id, query.antes, query.limite ?? HISTORY_PAGE_SIZE);
  }

  @ApiOperation({ summary: 'O histórico de um colega', description: LIST_DESCRIPTION })
  @Roles('master')
  @Get(listPaths(MASTERS))
  listTeam(@Param('id', IdPipe) id: number, @Query() query: HistoryQuery, @Req() req: HttpRequest) {
    return this.list(id, query, req);
  }

  @ApiOperation({ summary: 'O que restaurar uma alteração gravaria', description: PREVIEW_DESCRIPTION })
  @Get(restorePaths(OPEN))
  previewRestore(@Param('id', IdPipe) id: number, @Param('entradaId', IdPipe) entryId: number, @Req() req: HttpRequest): Promise<RestorePreview> {
    return this.history.preview(resourceOf(req).key, id, entryId, 'restaurar', req.admin?.id ?? null);
  }

  @ApiOperation({ summary: 'O que restaurar uma alteração de um colega gravaria', description: PREVIEW_DESCRIPTION })
  @Roles('master')
  @Get(restorePaths(MASTERS))
  previewRestoreTeam(@Param('id', IdPipe) id: number, @Param('entradaId', IdPipe) entryId: number, @Req() req: HttpRequest): Promise<RestorePreview> {
    return this.previewRestore(id, entryId, req);
  }

  @ApiOperation({ summary: 'O que voltar a uma versão gravaria', description: PREVIEW_DESCRIPTION })
  @Get(revertPaths(OPEN))
  previewRevert(@Param('id', IdPipe) id: number, @Param('entradaId', IdPipe) entryId: number, @Req() req: HttpRequest): Promise<RestorePreview> {
    return this.history.preview(resourceOf(req).key, id, entryId, 'voltar', req.admin?.id ?? null);
  }

  @ApiOperation({ summary: 'O que voltar um colega a uma versão gravaria', description: PREVIEW_DESCRIPTION })
  @Roles('master')
  @Get(revertPaths(MASTERS))
  previewRevertTeam(@Param('id', IdPipe) id: number, @Param('entradaId', IdPipe) entryId: number, @Req() req: HttpRequest): Promise<RestorePreview> {
    return this.previewRevert(id, entryId, req);
  }

  @ApiOperation({ summary: 'O que mudou num registro desde uma versão', description: CHANGES_DESCRIPTION })
  @Get(changesPaths(OPEN))
  async changes(@Param('id', IdPipe) id: number, @Query() query: ChangesQuery, @Req() req: HttpRequest) {
    const resource = resourceOf(req);
    const { message, details } = await this.history.changesSince(resource.key, id, query.desde, req.admin?.id ?? null);
    return { mensagem: message, ...details };
  }

  @ApiOperation({ summary: 'O que mudou num colega desde uma versão', description: CHANGES_DESCRIPTION })
  @Roles('master')
  @Get(changesPaths(MASTERS))
  changesTeam(@Param('id', IdPipe) id: number, @Query() query: ChangesQuery, @Req() req: HttpRequest) {
    return this.changes(id, query, req);
  }

  @ApiOperation({ summary: 'Restaura os valores de uma alteração', description: RESTORE_DESCRIPTION })
  @Post(restorePaths(OPEN))
  @HttpCode(200)
  async restore(@Param('id', IdPipe) id: number, @Param('entradaId', IdPipe) entryId: number, @Change() change: ChangeRequest, @Req() req: HttpRequest) {
    const resource = resourceOf(req);
    const origin = await this.history.entryOrigin(resource.key, id, entryId);
    const data = await this.history.restore(resource.key, id, entryId, change);
    await this.recordReturn('history.restore', req, id, entryId, origin, change);
    return { ok: true, data };
  }

  @ApiOperation({ summary: 'Restaura os valores de uma alteração de um colega', description: RESTORE_DESCRIPTION })
  @Roles('master')
  // A colleague's earlier values (role, e-mail, active) are a team action like any other.
  @Sensitive('restaurar valores anteriores de um colega da equipe')
  @Post(restorePaths(MASTERS))
  @HttpCode(200)
  restoreTeam(@Param('id', IdPipe) id: number, @Param('entradaId', IdPipe) entryId: number, @Change() change: ChangeRequest, @Req() req: HttpRequest) {
    return this.restore(id, entryId, change, req);
  }

  @ApiOperation({ summary: 'Volta um registro a uma versão', description: REVERT_DESCRIPTION })
  @Post(revertPaths(OPEN))
  @HttpCode(200)
  async revert(@Param('id', IdPipe) id: number, @Param('entradaId', IdPipe) entryId: number, @Change() change: ChangeRequest, @Req() req: HttpRequest) {
    const resource = resourceOf(req);
    const origin = await this.history.entryOrigin(resource.key, id, entryId);
    const { record, preview } = await this.history.revert(resource.key, id, entryId, change);
    await this.recordReturn('history.revert', req, id, entryId, origin, change);
    return { ok: true, data: record, restaurados: preview.campos };
  }

  @ApiOperation({ summary: 'Volta um colega a uma versão', description: REVERT_DESCRIPTION })
  @Roles('master')
  @Sensitive('voltar um colega da equipe a uma versão anterior')
  @Post(revertPaths(MASTERS))
  @HttpCode(200)
  revertTeam(@Param('id', IdPipe) id: number, @Param('entradaId', IdPipe) entryId: number, @Change() change: ChangeRequest, @Req() req: HttpRequest) {
    return this.revert(id, entryId, change, req);
  }

  /**
   * The audit entry of a restore or a return to a version: the values that came back (before → after, as its own
   * history entry has them) and the entry they came from, when and by whom it was made.
   */
  private recordReturn(
    action: 'history.restore' | 'history.revert',
    req: HttpRequest,
    id: number,
    entryId: number,
    origin: Awaited<ReturnType<HistoryService['entryOrigin']>>,
    change: ChangeRequest,
  ) {
    const key = resourceOf(req).key;
    const changes = changeSummary(change.context.written ?? [], key, id) ?? { alteracoes: {}, operacao: 'alteracao' };
    return this.audit.record({
      ...auditActor(req),
      action,
      targetType: auditTargetOf(key),
      targetId: id,
      summary: { ...changes, entrada: entryId, entrada_em: origin?.em ?? null, entrada_por: origin?.quem ?? null },
    });
  }
}
