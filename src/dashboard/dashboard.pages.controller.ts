import { Controller, Get } from '@nestjs/common';
import { inertia } from '../inertia/inertia-response.js';
import { InertiaPages } from '../inertia/inertia.interceptor.js';

@InertiaPages()
@Controller('admin')
export class DashboardPagesController {
  @Get()
  root() {
    return inertia('Admin/Dashboard');
  }

  @Get('dashboard')
  dashboard() {
    return inertia('Admin/Dashboard');
  }
}
