import { ApiOperation } from '@nestjs/swagger';
import { Controller, Get } from '@nestjs/common';
import { DashboardService } from './dashboard.service.js';

@Controller('api/admin/dashboard')
export class DashboardApiController {
  constructor(private readonly dashboard: DashboardService) {}

  @ApiOperation({
    summary: 'Os números do dashboard',
    description:
      'Usuários e empresas ativos e contatos pendentes, usuários por empresa (as 8 com mais usuários, Outros e Sem empresa) e cadastros de usuários e de empresas por dia nos últimos 30 dias (dias de São Paulo).',
  })
  @Get()
  data() {
    return this.dashboard.data();
  }
}
