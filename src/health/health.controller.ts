import { ApiOperation } from '@nestjs/swagger';
import { Controller, Get, Header, HttpStatus, Inject, Res } from '@nestjs/common';
import type { HttpReply } from '../common/http/http.js';
import { DataSource } from 'typeorm';
import { Public } from '../auth/decorators.js';
import { plainQuery } from '../common/sql/plain-query.js';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/app-config.js';
import { UNAVAILABLE_RETRY_SECONDS } from '../common/http/error-body.js';
import { LiveEvents } from '../live/live-events.js';
import { Readiness } from './readiness.js';

/** The liveness answer: the same object every time (Fastify serializes it). */
const ALIVE = Object.freeze({ status: 'ok' });

type Check = 'up' | 'down';

@Public()
@Controller('api/health')
export class HealthController {
  /** Once every migration is applied it stays so: read until then, not on every probe. */
  private migrationsApplied = false;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly readiness: Readiness,
    private readonly live: LiveEvents,
  ) {}

  /** Up when the database answers a query; 503 otherwise, so a load balancer takes the instance out. */
  @ApiOperation({
    summary: 'Saúde da instância',
    description: '200 quando o banco de dados responde; 503 quando não, para o balanceador de carga tirar a instância.',
  })
  @Get()
  async check(@Res({ passthrough: true }) res: HttpReply) {
    res.header('Cache-Control', 'no-store');
    const database = { type: this.config.db.type, status: 'up' as 'up' | 'down' };
    try {
      await plainQuery(this.dataSource, 'SELECT 1');
    } catch {
      database.status = 'down';
      res.code(HttpStatus.SERVICE_UNAVAILABLE);
    }
    return { status: database.status === 'up' ? 'ok' : 'error', database };
  }

  @ApiOperation({
    summary: 'A instância está viva',
    description: '200 enquanto o processo responde, sem consultar nada: a sonda de vida do orquestrador (reiniciar quando falha).',
  })
  @Get('live')
  @Header('Cache-Control', 'no-store')
  alive() {
    return ALIVE;
  }

  @ApiOperation({
    summary: 'A instância está pronta para receber tráfego',
    description:
      '200 quando o banco responde e as migrações estão aplicadas; 503 com a parte que falhou, também durante o encerramento (o balanceador deixa de enviar requisições antes que a instância pare). O Redis fora do ar aparece em `checks.redis` sem tirar a instância do balanceador: ela segue atendendo, com os limites contados por instância.',
  })
  @Get('ready')
  async ready(@Res({ passthrough: true }) res: HttpReply) {
    res.header('Cache-Control', 'no-store');
    const checks: { encerrando: boolean; banco: Check; migracoes: Check; redis?: Check } = {
      encerrando: this.readiness.isDraining,
      banco: 'up',
      migracoes: 'up',
    };
    try {
      await plainQuery(this.dataSource, 'SELECT 1');
      if (!this.migrationsApplied) this.migrationsApplied = !(await this.dataSource.showMigrations());
      if (!this.migrationsApplied) checks.migracoes = 'down';
    } catch {
      checks.banco = 'down';
      checks.migracoes = this.migrationsApplied ? 'up' : 'down';
    }
    // Redis away degrades the instance (limits counted per instance, live events paused) without taking it out:
    // one Redis blink must not empty the balancer. The answer still names it.
    if (this.config.redis.url) checks.redis = this.live.log.live ? 'up' : 'down';
    const ready = !checks.encerrando && checks.banco === 'up' && checks.migracoes === 'up';
    if (!ready) {
      res.code(HttpStatus.SERVICE_UNAVAILABLE);
      res.header('Retry-After', String(UNAVAILABLE_RETRY_SECONDS));
    }
    return { status: ready ? 'ready' : 'not_ready', checks };
  }
}
