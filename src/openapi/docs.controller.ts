import { Controller, Get, Header, Inject, NotFoundException, Param, Res, type INestApplication } from '@nestjs/common';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { OpenAPIObject } from '@nestjs/swagger';
import { ApiDocs } from '../auth/decorators.js';
import type { HttpReply } from '../common/http/http.js';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/app-config.js';
import { buildOpenApiDocument } from './openapi.document.js';

/**
 * The document, built on its first request (the app's routes are all known by then) and kept: an instance that
 * is never asked for it never spends the memory.
 */
export class OpenApiDocs {
  private app: INestApplication | null = null;
  private built: Promise<OpenAPIObject> | null = null;

  attach(app: INestApplication): void {
    this.app = app;
  }

  document(): Promise<OpenAPIObject> {
    if (!this.app) throw new NotFoundException();
    // A build that failed is not kept: the next request tries again.
    this.built ??= buildOpenApiDocument(this.app).catch((error: unknown) => {
      this.built = null;
      throw error;
    });
    return this.built;
  }
}

const SWAGGER_UI = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

/** The reading page's files: Swagger UI from its npm package, and the line that starts it on our document. */
const FILES: Record<string, { type: string; body: () => string }> = {
  'swagger-ui.css': { type: 'text/css; charset=utf-8', body: () => readFileSync(join(SWAGGER_UI, 'swagger-ui.css'), 'utf8') },
  'swagger-ui-bundle.js': { type: 'text/javascript; charset=utf-8', body: () => readFileSync(join(SWAGGER_UI, 'swagger-ui-bundle.js'), 'utf8') },
  'iniciar.js': {
    type: 'text/javascript; charset=utf-8',
    body: () =>
      "window.ui = SwaggerUIBundle({ url: '/api/docs.json', dom_id: '#api', deepLinking: true, tryItOutEnabled: false, persistAuthorization: false, validatorUrl: null });\n",
  },
};
const loaded = new Map<string, string>();

const PAGE = `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>AgroMaq API: documentação</title>
<link rel="stylesheet" href="/api/docs/swagger-ui.css">
</head>
<body>
<noscript>A documentação interativa precisa de JavaScript. O documento OpenAPI está em <a href="/api/docs.json">/api/docs.json</a>.</noscript>
<div id="api"></div>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/iniciar.js"></script>
</body>
</html>
`;

/**
 * The API's documentation for its clients: the OpenAPI 3.1 document at /api/docs.json and a page to read it at
 * /api/docs, Swagger UI served from its npm package (nothing is fetched from elsewhere). API_DOCS says who reads
 * it: everyone, a logged-in admin (production's default; never kept by a shared cache then), or nobody.
 */
@ApiDocs()
@Controller('api')
export class DocsController {
  private readonly cacheControl: string;

  constructor(
    private readonly docs: OpenApiDocs,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.cacheControl = config.apiDocs === 'public' ? 'public, max-age=300' : 'private, no-store';
  }

  @Get('docs.json')
  document(@Res({ passthrough: true }) res: HttpReply): Promise<OpenAPIObject> {
    res.header('Cache-Control', this.cacheControl);
    return this.docs.document();
  }

  @Get('docs')
  @Header('Content-Type', 'text/html; charset=utf-8')
  page(@Res({ passthrough: true }) res: HttpReply): string {
    res.header('Cache-Control', this.cacheControl);
    return PAGE;
  }

  @Get('docs/:arquivo')
  file(@Param('arquivo') name: string, @Res({ passthrough: true }) res: HttpReply): string {
    const file = Object.hasOwn(FILES, name) ? FILES[name] : undefined;
    if (!file) throw new NotFoundException();
    let body = loaded.get(name);
    if (body === undefined) loaded.set(name, (body = file.body()));
    res.header('Content-Type', file.type);
    res.header('Cache-Control', 'public, max-age=86400');
    return body;
  }
}
