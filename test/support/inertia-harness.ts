import { Body, CanActivate, Controller, Get, Injectable, Module, Patch, Post, Put, Redirect, Res, UseGuards, type ExecutionContext } from '@nestjs/common';
import { APP_FILTER, APP_PIPE } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { Test } from '@nestjs/testing';
import { IsNotEmpty, IsString } from 'class-validator';
import { pino } from 'pino';
import { PROJECT_ROOT, useInertiaPipeline } from '../../src/app.js';
import type { HttpReply } from '../../src/common/http/http.js';
import { AllExceptionsFilter } from '../../src/common/http/all-exceptions.filter.js';
import { createValidationPipe } from '../../src/common/http/validation.pipe.js';
import { LOGGER } from '../../src/common/logging/logger.constants.js';
import { inertia } from '../../src/inertia/inertia-response.js';
import { InertiaPages } from '../../src/inertia/inertia.interceptor.js';
import { InertiaModule } from '../../src/inertia/inertia.module.js';
import { InertiaService } from '../../src/inertia/inertia.service.js';
import type { AssetProvider, InertiaOptions, PageObject, SsrRenderer } from '../../src/inertia/inertia.types.js';
import { always, defer, optional } from '../../src/inertia/props.js';

/** Counts how often each lazy prop was evaluated, to prove props are evaluated only when sent. */
export const evaluations = { list: 0, optional: 0, deferred: 0 };

class ItemInput {
  @IsString({ message: 'Informe o nome' })
  @IsNotEmpty({ message: 'Informe o nome' })
  name: string;
}

@Injectable()
class RedirectingGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    void context.switchToHttp().getResponse<HttpReply>().redirect('/page', 302);
    return false;
  }
}

@InertiaPages()
@Controller()
class ProtocolController {
  constructor(private readonly inertia: InertiaService) {}

  @Get('page')
  page() {
    return inertia('Public/Sample', {
      title: 'Olá',
      list: () => {
        evaluations.list += 1;
        return [1, 2, 3];
      },
      extra: optional(() => {
        evaluations.optional += 1;
        return 'opcional';
      }),
      later: defer(() => {
        evaluations.deferred += 1;
        return 'adiado';
      }, 'stats'),
      stamp: always('sempre'),
    });
  }

  @Get('admin-page')
  adminPage() {
    return inertia('Admin/Sample', { title: 'Painel' });
  }

  @Get('hostile')
  hostile() {
    return inertia('Public/Sample', { text: '</script><script>window.hacked = 1</script><!--' });
  }

  @Get('history')
  history() {
    return inertia('Admin/Sample', {}, { encryptHistory: true, clearHistory: true });
  }

  @Post('items')
  create(@Body() input: ItemInput, @Res() res: HttpReply) {
    this.inertia.redirectWithFlash(res, '/page', { flash: { success: `Item ${input.name} salvo` } });
  }

  @Put('items/1')
  @Redirect('/page', 302)
  update() {}

  @Patch('items/1')
  @UseGuards(RedirectingGuard)
  patch() {}

  @Post('items/1/move')
  @Redirect('/page', 302)
  move() {}

  @Get('to-fragment')
  @Redirect('/page#detalhes', 302)
  toFragment() {}

  @Get('to-external')
  @Redirect('https://example.org/checkout', 302)
  toExternal() {}

  @Get('boom')
  boom() {
    throw new Error('SELECT * FROM secret_table WHERE broken');
  }
}

export interface Harness {
  app: NestFastifyApplication;
  assets: { version: string };
  ssr: { fail: boolean; calls: number };
  ssrErrors: unknown[];
}

export async function startHarness(): Promise<Harness> {
  const assets = { version: 'v1' };
  const ssr = { fail: false, calls: 0 };
  const ssrErrors: unknown[] = [];
  const assetProvider: AssetProvider = {
    version: () => assets.version,
    tags: (component) => [`<script type="module" src="/build/app.js" data-component="${component}"></script>`],
  };
  const renderer: SsrRenderer = {
    async render(page: PageObject) {
      ssr.calls += 1;
      if (ssr.fail) throw new Error('SSR exploded');
      return {
        head: ['<title data-inertia="">Título SSR</title>'],
        body: `<script data-page="app" type="application/json">{}</script><div data-server-rendered="true" id="app"><h1>SSR ${page.component}</h1></div>`,
      };
    },
  };
  const options: InertiaOptions = {
    rootView: `${PROJECT_ROOT}views/app.html`,
    assets: assetProvider,
    ssr: renderer,
    ssrFor: (component) => component.startsWith('Public/'),
    titleFor: () => 'Título de reserva',
    secret: 'x'.repeat(40),
    secureCookies: false,
    // The admin session cookie's name over plain HTTP (AdminCookie).
    sessionCookie: 'agromaq_admin',
    isApiPath: (path) => path.startsWith('/api/'),
    onSsrError: (error) => ssrErrors.push(error),
  };
  const logger = pino({ level: 'silent' });

  @Module({
    imports: [InertiaModule.forRoot(options)],
    controllers: [ProtocolController],
    providers: [
      RedirectingGuard,
      { provide: LOGGER, useValue: logger },
      { provide: APP_PIPE, useFactory: createValidationPipe },
      { provide: APP_FILTER, useClass: AllExceptionsFilter },
    ],
  })
  class HarnessModule {}

  const moduleRef = await Test.createTestingModule({ imports: [HarnessModule] }).compile();
  const app = moduleRef.createNestApplication<NestFastifyApplication>(new FastifyAdapter(), { logger: false });
  app.get(InertiaService).share(() => ({ appName: 'AgroMaq', auth: () => ({ admin: null }) }));
  await useInertiaPipeline(app);
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  return { app, assets, ssr, ssrErrors };
}
