import { Controller, Get } from '@nestjs/common';
import { Roles } from '../auth/decorators.js';
import { inertia } from '../inertia/inertia-response.js';
import { IpsService } from './ips.service.js';
import { InertiaPages } from '../inertia/inertia.interceptor.js';

@Roles('master')
@InertiaPages()
@Controller('admin')
export class IpsPagesController {
  constructor(private readonly ips: IpsService) {}

  @Get('ips')
  index() {
    return inertia('Admin/Ips', { ips: () => this.ips.list() });
  }
}
