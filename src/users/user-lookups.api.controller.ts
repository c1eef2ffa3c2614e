import { Controller, Get } from '@nestjs/common';
import { UserLookupsService } from './user-lookups.service.js';

@Controller('api/admin')
export class UserLookupsApiController {
  constructor(private readonly lookups: UserLookupsService) {}

  @Get('cargos')
  async cargos() {
    return { data: await this.lookups.listCargos() };
  }

  @Get('ocupacoes')
  async ocupacoes() {
    return { data: await this.lookups.listOcupacoes() };
  }
}
