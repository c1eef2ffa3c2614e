import { ApiOperation } from '@nestjs/swagger';
import { Controller, Get, Query } from '@nestjs/common';
import { FindQuery } from './find.query.js';
import { FindService } from './find.service.js';

/** The command palette's search (Ctrl+K in the back office). */
@Controller('api/admin/busca')
export class FindApiController {
  constructor(private readonly finder: FindService) {}

  @ApiOperation({
    summary: 'Busca em todo o painel',
    description:
      'Empresas, usuários do app e mensagens de contato pelas mesmas regras das listas: até cinco de cada tipo, com o total e o endereço da lista com todos.',
  })
  @Get()
  find(@Query() query: FindQuery) {
    return this.finder.find(query.q);
  }
}
