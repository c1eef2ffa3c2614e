import { ApiOperation, ApiProduces, ApiQuery } from '@nestjs/swagger';
import { Controller, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import { AdminCookie } from '../auth/admin-cookie.js';
import { requestToken } from '../auth/access.guard.js';
import type { AuthenticatedAdmin } from '../auth/auth.types.js';
import { CurrentAdmin, NotActivity } from '../auth/decorators.js';
import { header, type HttpReply, type HttpRequest } from '../common/http/http.js';
import { IdPipe } from '../common/http/id.pipe.js';
import { hijackWithHeaders } from '../common/http/security-headers.js';
import { errorCatalog, ValidationFailedException } from '../common/http/app.exception.js';
import { LIVE_HEARTBEAT_MS, LIVE_REPLAY_MINUTES, LIVE_STREAMS_PER_SESSION } from '../shared/live.views.js';
import { parseEventId } from './event-log.js';
import { LiveCounts } from './live-counts.js';
import { LiveStreams } from './live-streams.js';
import { NotificationsService } from './notifications.service.js';

const EVENTS_DESCRIPTION = `Server-Sent Events (text/event-stream) para um administrador autenticado (cookie ou Bearer). Cada evento tem \`id\`; um comentário vai a cada ${LIVE_HEARTBEAT_MS / 1000} s. Ao reconectar com \`Last-Event-ID\` (cabeçalho, ou o parâmetro \`ultimo\`), chega tudo o que o administrador pode ver dos últimos ${LIVE_REPLAY_MINUTES} minutos, uma vez e em ordem. Eventos: \`contato.novo\` {id, nome, origem}; \`contadores\` {contatosPendentes, usuariosAtivos, empresasAtivas}; \`registro.alterado\` {recurso, registros: [{id, versao, operacao}], por, origem} (alterações de administradores só para masters); \`tarefa.progresso\` e \`tarefa.concluida\` {tarefa, tipo, recurso, vistos, alterados, resumo} (só para quem iniciou); \`sessao.encerrada\` {codigo, mensagem} (a sessão terminou: o fluxo fecha); \`fluxo.estado\` {aoVivo} (false: os eventos ao vivo estão indisponíveis, leia os contadores em /api/admin/contadores); \`fluxo.encerrado\` {motivo: limite | reinicio} (limite: esta sessão abriu mais de ${LIVE_STREAMS_PER_SESSION} fluxos e este, o mais antigo, não deve reconectar; reinicio: a instância está parando, reconecte).`;

const liveError = errorCatalog({
  NOTIFICATION_NOT_FOUND: { status: 404, message: 'Notificação não encontrada.' },
});

/** The back office's live events and its bell. */
@Controller('api/admin')
export class LiveApiController {
  constructor(
    private readonly streams: LiveStreams,
    private readonly counts: LiveCounts,
    private readonly notifications: NotificationsService,
    private readonly cookie: AdminCookie,
  ) {}

  @ApiOperation({ summary: 'Eventos ao vivo do painel', description: EVENTS_DESCRIPTION })
  @ApiProduces('text/event-stream')
  @ApiQuery({ name: 'ultimo', required: false, schema: { type: 'string' }, description: 'O id do último evento recebido, como `Last-Event-ID`.' })
  @NotActivity()
  @Get('eventos')
  async events(@Req() req: HttpRequest, @Res() reply: HttpReply, @CurrentAdmin() admin: AuthenticatedAdmin, @Query('ultimo') last?: string) {
    const token = requestToken(req, this.cookie)!;
    const lastEventId = parseEventId(header(req, 'last-event-id') ?? (typeof last === 'string' ? last : undefined));
    await this.streams.open(hijackWithHeaders(reply), admin, token, req.ip ?? '', lastEventId);
  }

  @ApiOperation({ summary: 'Os contadores do painel', description: 'Contatos pendentes, usuários ativos e empresas ativas: o que o evento contadores traz.' })
  @Get('contadores')
  read() {
    return this.counts.read();
  }

  @ApiOperation({
    summary: 'As notificações do administrador',
    description: 'As 50 mais recentes, com o total de não lidas; `antes` pede a página seguinte (o `proxima` da resposta anterior).',
  })
  @ApiQuery({ name: 'antes', required: false, schema: { type: 'string', pattern: '^[1-9][0-9]{0,9}$' }, description: 'O `proxima` da página anterior.' })
  @Get('notificacoes')
  list(@CurrentAdmin() admin: AuthenticatedAdmin, @Query('antes') before?: string) {
    let cursor: number | undefined;
    if (before !== undefined) {
      cursor = typeof before === 'string' && /^\d{1,10}$/.test(before) ? Number(before) : NaN;
      if (!Number.isSafeInteger(cursor) || cursor < 1) throw new ValidationFailedException({ antes: 'Continuação inválida.' });
    }
    return this.notifications.page(admin.id, cursor);
  }

  @ApiOperation({ summary: 'Marca todas as notificações como lidas' })
  @HttpCode(200)
  @Post('notificacoes/lidas')
  async readAll(@CurrentAdmin() admin: AuthenticatedAdmin) {
    return { ok: true, marcadas: await this.notifications.markAllRead(admin.id) };
  }

  @ApiOperation({ summary: 'Marca uma notificação como lida' })
  @HttpCode(200)
  @Post('notificacoes/:id/lida')
  async readOne(@CurrentAdmin() admin: AuthenticatedAdmin, @Param('id', IdPipe) id: number) {
    if (!(await this.notifications.markRead(admin.id, id))) throw liveError('NOTIFICATION_NOT_FOUND');
    return { ok: true };
  }
}
