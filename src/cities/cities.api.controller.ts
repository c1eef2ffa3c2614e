import { ApiOperation } from '@nestjs/swagger';
import { Controller, Get, Query } from '@nestjs/common';
import { CitiesService } from './cities.service.js';
import { SearchCitiesQuery } from './dto/search-cities.query.js';

@Controller('api/admin/cities')
export class CitiesApiController {
  constructor(private readonly cities: CitiesService) {}

  @ApiOperation({
    summary: 'Busca municípios',
    description: 'Pelo nome (sem diferenciar acentos e maiúsculas) ou pela UF; "Londrina - PR" restringe o nome a uma UF. No máximo 100.',
  })
  @Get()
  async search(@Query() query: SearchCitiesQuery) {
    return { data: await this.cities.search(query.busca) };
  }
}
