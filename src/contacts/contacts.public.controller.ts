import { ApiOperation } from '@nestjs/swagger';
import { Body, Controller, Post, Req } from '@nestjs/common';
import type { ThrottlerOptions } from '@nestjs/throttler';
import { RateLimit } from '../common/http/rate-limit.js';
import { SameOriginJson } from '../common/http/same-origin.js';
import { header, type HttpRequest } from '../common/http/http.js';
import { Public } from '../auth/decorators.js';
import { normalizeIp } from '../common/http/ip-address.js';
import { ContactsService } from './contacts.service.js';
import { SendContactInput } from './dto/send-contact.input.js';

/** Messages per IP the site accepts: enough for a person, too few for a spammer. */
export const CONTACT_THROTTLER: ThrottlerOptions = { name: 'contact-ip', ttl: 10 * 60_000, limit: 5 };

@Controller('api/contatos')
export class ContactsPublicController {
  constructor(private readonly contacts: ContactsService) {}

  @Public()
  @SameOriginJson()
  @RateLimit('contact-ip')
  @ApiOperation({ summary: 'Envia uma mensagem pelo formulário de contato do site' })
  @Post()
  async send(@Body() input: SendContactInput, @Req() req: HttpRequest) {
    await this.contacts.receive(input, { ip: normalizeIp(req.ip ?? ''), userAgent: header(req, 'user-agent') ?? null });
    return { ok: true };
  }
}
