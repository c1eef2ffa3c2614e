import { Controller, Get, Query } from '@nestjs/common';
import { CitiesService } from './cities.service.js';
import { SearchCitiesQuery } from './dto/search-cities.query.js';

@Controller('api/admin/cities')
export class CitiesApiController {
  constructor(private readonly cities: CitiesService) {}

  @Get()
  async search(@Query() query: SearchCitiesQuery) {
    return { data: await this.cities.search(query.busca) };
  }
}
