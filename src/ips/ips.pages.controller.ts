import { Controller, Get } from '@nestjs/common';
import { Roles } from '../auth/decorators.js';
import { inertia } from '../inertia/inertia-response.js';
import { IpsService } from './ips.service.js';

@Roles('master')
@Controller('admin')
export class IpsPagesController {
  constructor(private readonly ips: IpsService) {}

  @Get('ips')
  index() {
    return inertia('Admin/Ips', { ips: () => this.ips.list() });
  }
}
