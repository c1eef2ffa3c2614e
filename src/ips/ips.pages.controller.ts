import { Controller, Get } from '@nestjs/common';
import { CurrentAdmin, Roles } from '../auth/decorators.js';
import type { AuthenticatedAdmin } from '../auth/auth.types.js';
import { inertia } from '../inertia/inertia-response.js';
import { IpsService } from './ips.service.js';
import { InertiaPages } from '../inertia/inertia.interceptor.js';

@Roles('master')
@InertiaPages()
@Controller('admin')
export class IpsPagesController {
  constructor(private readonly ips: IpsService) {}

  @Get('ips')
  index(@CurrentAdmin() admin: AuthenticatedAdmin) {
    return inertia('Admin/Ips', { ips: () => this.ips.list(admin.ipId) });
  }
}
