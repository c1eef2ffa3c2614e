import { ApiOperation } from '@nestjs/swagger';
import { Audited } from '../audit/audited.decorator.js';
import { Controller, Get, HttpCode, Post, Req, UseInterceptors } from '@nestjs/common';
import type { HttpRequest } from '../common/http/http.js';
import { ReadsMultipart } from '../common/http/multipart.js';
import type { AuthenticatedAdmin } from '../auth/auth.types.js';
import { CurrentAdmin } from '../auth/decorators.js';
import { LogoUploadInterceptor } from './logo-upload.interceptor.js';
import { LogosService } from './logos.service.js';

@Controller('api/admin')
export class LogosApiController {
  constructor(private readonly logos: LogosService) {}

  @ApiOperation({ summary: 'Lista os logos enviados' })
  @Get('logos')
  async list() {
    return { data: await this.logos.list() };
  }

  @ApiOperation({ summary: 'Envia um logo', description: 'Multipart, campo `file`: PNG, JPEG, GIF, WebP ou SVG (o SVG é higienizado).' })
  @Post('upload/logo')
  @Audited({ action: 'logo.upload', target: 'logo', targetId: (res: { logo: { logo_id: number } }) => res.logo.logo_id })
  @HttpCode(201)
  @ReadsMultipart()
  @UseInterceptors(LogoUploadInterceptor)
  async upload(@Req() req: HttpRequest, @CurrentAdmin() admin: AuthenticatedAdmin) {
    const logo = await this.logos.upload(req.logoFile, admin.id);
    return { ok: true, filename: logo.filename, url: logo.url, logo };
  }
}
