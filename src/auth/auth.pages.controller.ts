import { Controller, Get, Query } from '@nestjs/common';
import { inertia } from '../inertia/inertia-response.js';
import { Public } from './decorators.js';
import { loginReason, safeAdminNext } from './login-redirect.js';
import { InertiaPages } from '../inertia/inertia.interceptor.js';

@InertiaPages()
@Controller('admin')
export class AuthPagesController {
  @Public()
  @Get('login')
  login(@Query('next') next?: unknown, @Query('reason') reason?: unknown) {
    return inertia('Admin/Login', { next: safeAdminNext(next), reason: loginReason(reason) });
  }
}
