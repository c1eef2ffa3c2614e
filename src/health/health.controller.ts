import { ApiOperation } from '@nestjs/swagger';
import { Controller, Get, HttpStatus, Inject, Res } from '@nestjs/common';
import type { HttpReply } from '../common/http/http.js';
import { DataSource } from 'typeorm';
import { Public } from '../auth/decorators.js';
import { plainQuery } from '../common/sql/plain-query.js';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/app-config.js';

@Public()
@Controller('api/health')
export class HealthController {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
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
}
