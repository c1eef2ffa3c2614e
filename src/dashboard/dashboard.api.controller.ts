import { Controller, Get } from '@nestjs/common';
import { DashboardService } from './dashboard.service.js';

@Controller('api/admin/dashboard')
export class DashboardApiController {
  constructor(private readonly dashboard: DashboardService) {}

  @Get()
  data() {
    return this.dashboard.data();
  }
}
