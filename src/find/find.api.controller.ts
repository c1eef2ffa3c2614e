import { Controller, Get, Query } from '@nestjs/common';
import { FindQuery } from './find.query.js';
import { FindService } from './find.service.js';

/** The command palette's search (Ctrl+K in the back office). */
@Controller('api/admin/busca')
export class FindApiController {
  constructor(private readonly finder: FindService) {}

  @Get()
  find(@Query() query: FindQuery) {
    return this.finder.find(query.q);
  }
}
