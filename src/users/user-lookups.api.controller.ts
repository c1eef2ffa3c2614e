import { ApiOperation } from '@nestjs/swagger';
import { Controller, Get } from '@nestjs/common';
import { UserLookupsService } from './user-lookups.service.js';

@Controller('api/admin')
export class UserLookupsApiController {
  constructor(private readonly lookups: UserLookupsService) {}

  @ApiOperation({ summary: 'Lista os cargos' })
  @Get('cargos')
  async cargos() {
    return { data: await this.lookups.listCargos() };
  }

  @ApiOperation({ summary: 'Lista as ocupações' })
  @Get('ocupacoes')
  async ocupacoes() {
    return { data: await this.lookups.listOcupacoes() };
  }
}
