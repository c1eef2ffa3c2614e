import type { DynamicModule, Type } from '@nestjs/common';
import { OpenApiDocs } from './openapi/docs.controller.js';
import { LiveCounts } from './live/live-counts.js';
import { LiveEvents } from './live/live-events.js';
import { NotificationsService } from './live/notifications.service.js';
import { existsSync, readdirSync } from 'node:fs';
import type { Server } from 'node:http';
import { fileURLToPath } from 'node:url';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import type { ViteDevServer } from 'vite';
import { AppModule } from './app.module.js';
import { ADMIN_BODY_LIMIT, bodyLimits } from './common/http/body-parsing.js';
import { requestPath, routeTemplate, type HttpReply, type HttpRequest } from './common/http/http.js';
import { createLogger, PinoNestLogger } from './common/logging/logger.js';
import { AdminCookie } from './auth/admin-cookie.js';
import { isTracing, statementSpans, traceIds, traceRequests } from './tracing/trace-context.js';
import { setStatementStart } from './common/sql/plain-query.js';
import { sessionRules } from './auth/auth.service.js';
import { registeredRoutes } from './common/http/route-table.js';
import type { SensitiveDownloads } from './shared/session.views.js';
import { requestId, requestLogging } from './common/logging/request-logging.js';
import { isLongLived, trackInteractiveLoad } from './common/http/interactive-load.js';
import { AppMetrics } from './metrics/app-metrics.js';
import { securityHeaders } from './common/http/security-headers.js';
import { requestSteps } from './common/http/request-steps.js';
import { servedFolder } from './common/http/served-files.js';
import { COMPRESS_THRESHOLD } from './common/http/encoded-body.js';
import { acceptMultipart } from './common/http/multipart.js';
import { sameOriginJson } from './common/http/same-origin.js';
import { pageTitle } from './shared/page-titles.js';
import type { AppConfig } from './config/app-config.js';
import { DatabaseStartupError, describeDatabase, openDatabase } from './database/database.js';
import { runSeeds } from './database/seeds/seed-runner.js';
import { inertiaHooks } from './inertia/inertia.hooks.js';
import { InertiaService } from './inertia/inertia.service.js';
import type { AssetProvider, InertiaOptions, SsrRenderer } from './inertia/inertia.types.js';
import { BundleSsr, CLIENT_ENTRY, ManifestAssets, PUBLIC_ENTRY, ViteDevAssets, ViteDevSsr } from './inertia/vite-assets.js';
import { LogoStorage } from './logos/logo-storage.js';
import { LOGO_URL_PREFIX } from './logos/logos.service.js';

/** The project's root folder: `src/..` when run from sources, `dist/..` when built. */
export const PROJECT_ROOT = fileURLToPath(new URL('..', import.meta.url));

export interface CreatedApp {
  app: NestFastifyApplication;
  dataSource: DataSource;
  logger: Logger;
  /** What the seeds have to tell the operator (how to log in, in development). */
  notes: string[];
}

/**
 * Opens and migrates the database, then builds the Nest application with the Inertia adapter, the static
 * files and the HTTP-level hooks in the order the protocol needs. Used by main.ts and the tests.
 */
/** Modules added to the app's own, with their entities and migrations (run after the app's): how a test declares a resource of its own. */
export interface AppExtensions {
  modules: (Type | DynamicModule)[];
  entities: Function[];
  migrations?: Function[];
}

export async function createApp(config: AppConfig, options: { logger?: Logger; extensions?: AppExtensions } = {}): Promise<CreatedApp> {
  const logger = options.logger ?? createLogger(config.logLevel, { pretty: config.env === 'development', mixin: isTracing() ? traceIds : undefined });
  const dataSource = await openDatabase(config.db, options.extensions ?? {});
  if (isTracing()) {
    const spans = statementSpans(config.db.type === 'sqlite' ? 'sqlite' : 'mysql');
    dataSource.subscribers.push(spans);
    setStatementStart(spans.start);
  }
  try {
    if (config.migrateOnStart) await migrate(dataSource, config);
    const notes = await runSeeds(dataSource, { demo: config.seedOnStart, logger, config });

    const vite: { server: ViteDevServer | null } = { server: null };
    const inertiaOptions = await buildInertiaOptions(config, logger, () => vite.server!);
    const adapter = new FastifyAdapter({
      // A hop count works at run time (proxy-addr) though the types leave it out.
      trustProxy: config.trustProxy as boolean | string,
      bodyLimit: ADMIN_BODY_LIMIT,
      genReqId: requestId,
      // As before the move from Express, which links and clients rely on: /contato/ is /contato.
      routerOptions: { ignoreTrailingSlash: true },
    });
    const app = await NestFactory.create<NestFastifyApplication>(
      AppModule.forRoot({ config, dataSource, inertia: inertiaOptions, logger, modules: options.extensions?.modules }),
      adapter,
      {
        logger: new PinoNestLogger(logger),
        bufferLogs: false,
      },
    );
    const fastify = app.getHttpAdapter().getInstance();

    const inertia = app.get(InertiaService);
    const counts = app.get(LiveCounts, { strict: false });
    const notifications = app.get(NotificationsService, { strict: false });
    const liveEvents = app.get(LiveEvents, { strict: false });
    // The words of the sensitive actions a page starts by following a link (the exports, read once): the link
    // cannot show a 403, so the confirmation dialog is opened before it, naming the action as its 403 would.
    let downloads: SensitiveDownloads | undefined;
    const sensitiveDownloads = () =>
      (downloads ??= Object.fromEntries(
        registeredRoutes(app)
          .filter((route) => route.method === 'GET' && route.stepUpAction && route.path.startsWith('/api/'))
          .map((route) => [route.path.slice('/api'.length), route.stepUpAction!]),
      ));
    inertia.share(async (req) => ({
      // The sidebar's badge, the dashboard's cards and the bell, as they are now; the live events move them on.
      // `desde` is read first, so nothing raised while the page is made is lost: an event between the two reads
      // is replayed (its toast shows; the figures it carries are the same; the bell may count it twice until
      // it is opened, which reads the count again).
      live: req.admin ? { desde: liveEvents.log.lastId(), contadores: await counts.read(), naoLidas: await notifications.unread(req.admin.id) } : null,
      appName: config.appName,
      site: config.site,
      appUrl: config.appUrl,
      cookieConsent: req.cookies?.cookie_consent === 'true' ? true : req.cookies?.cookie_consent === 'false' ? false : null,
      admin: req.admin ? { id: req.admin.id, username: req.admin.username, name: req.admin.name, role: req.admin.role } : null,
      // The idle warning and the confirmation dialog go by these.
      sessao: req.admin ? sessionRules(config) : null,
      acoesSensiveis: req.admin ? sensitiveDownloads() : null,
    }));

    // The app's own steps on every request and answer: one hook of each kind runs them all.
    const steps = requestSteps(fastify);
    traceRequests(fastify, steps);
    requestLogging(steps, logger);
    const headers = securityHeaders({
      production: config.env === 'production',
      gtmId: config.site.gtmId,
      viteDev: config.viteDev,
      consentCookie: 'cookie_consent',
    });
    steps.onRequest(headers);
    steps.onRequest(noStore);
    trackInteractiveLoad(steps);
    // Every request in the request-duration histogram as its response closes, by route template: answered, with
    // its status, or "aborted" when the client hung up first, so a slow route that clients give up on shows there
    // rather than nowhere. Event streams stay open: left out.
    const metrics = app.get(AppMetrics);
    steps.onClose((req, reply) => {
      if (isLongLived(req.url)) return;
      metrics.observeRequest(req.method, routeTemplate(req), reply.raw.writableEnded ? reply.raw.statusCode : null, reply.elapsedTime / 1000);
    });
    await app.register(fastifyCompress, { threshold: COMPRESS_THRESHOLD, encodings: ['gzip', 'deflate'] });
    bodyLimits(fastify);
    sameOriginJson(fastify, config.appUrl);
    acceptMultipart(fastify);
    if (config.viteDev) {
      vite.server = await startViteDevServer(app.getHttpServer());
      app.use(vite.server.middlewares);
    } else {
      await app.register(fastifyStatic, {
        root: servedFolder(`${PROJECT_ROOT}build/client`),
        prefix: '/build/',
        // The build wrote each script and style as .br and .gz too (scripts/precompress.mjs): sent as the browser
        // accepts, never compressed on an answer.
        preCompressed: true,
        immutable: true,
        maxAge: '1y',
        index: false,
        wildcard: true,
      });
    }
    // The site's files (favicon, images, robots.txt); API calls never look on the disk for one.
    await app.register(fastifyStatic, {
      root: servedFolder(`${PROJECT_ROOT}public`),
      prefix: '/',
      index: false,
      maxAge: '1h',
      decorateReply: config.viteDev,
      allowedPath: (path) => !path.startsWith('/api/') && !path.startsWith(LOGO_URL_PREFIX),
      setHeaders: noSniff,
    });
    useLogoFiles(fastify, app.get(LogoStorage), logger);
    await useInertiaPipeline(app);

    await app.init();
    app.get(OpenApiDocs).attach(app);
    await fastify.ready();
    if (vite.server) app.getHttpServer().on('close', () => void vite.server?.close());
    return { app, dataSource, logger, notes };
  } catch (error) {
    await dataSource.destroy();
    throw error;
  }
}

/** Admin pages and answers (the login's included) carry personal data and tokens: never kept in a cache. */
function noStore(req: HttpRequest, reply: HttpReply): void {
  const path = requestPath(req);
  if (/^\/(api\/)?admin(\/|$)/.test(path)) reply.header('Cache-Control', 'no-store');
}

function noSniff(reply: HttpReply): void {
  reply.header('X-Content-Type-Options', 'nosniff');
}

/** What keeps an SVG opened directly from running or loading anything. */
const LOGO_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox";
const FOR_GOOD = 'public, max-age=31536000, immutable';

function logoHeaders(reply: HttpReply): void {
  reply.header('X-Content-Type-Options', 'nosniff').header('Content-Security-Policy', LOGO_POLICY);
}

/**
 * Every logo is served under /images/fabricantes: the shipped manufacturer logos from public/ (cached an hour,
 * like the site's files), uploads under generated names that never change (so cached for good), with no
 * sniffing and a policy that keeps an SVG opened directly from running or loading anything. Uploads come from
 * the local folder as static files, or from object storage (S3_BUCKET) read by the app with the same headers.
 * A logo that does not exist is a plain 404, so an <img> shows its placeholder.
 */
function useLogoFiles(fastify: FastifyInstance, storage: LogoStorage, logger: Logger): void {
  const shippedDir = `${PROJECT_ROOT}public${LOGO_URL_PREFIX}`;
  const uploadsDir = storage.localDirectory();
  void fastify.register(
    async (scope) => {
      scope.setNotFoundHandler((_req, reply) => void reply.code(404).type('text/plain; charset=utf-8').send('Não encontrado'));
      if (uploadsDir) {
        await scope.register(fastifyStatic, {
          root: (existsSync(shippedDir) ? [shippedDir, uploadsDir] : [uploadsDir]).map(servedFolder),
          prefix: '/',
          index: false,
          decorateReply: false,
          setHeaders: (reply: HttpReply, path: string) => {
            if (path.startsWith(uploadsDir)) {
              reply.header('Cache-Control', FOR_GOOD);
              logoHeaders(reply);
            } else {
              reply.header('Cache-Control', 'public, max-age=3600');
              noSniff(reply);
            }
          },
        });
        return;
      }
      const shipped = new Set(existsSync(shippedDir) ? readdirSync(shippedDir) : []);
      scope.get('/', (_req, reply) => void reply.code(404).type('text/plain; charset=utf-8').send('Não encontrado'));
      scope.get('/:file', async (req, reply) => {
        const file = (req.params as { file: string }).file;
        if (shipped.has(file)) {
          reply.header('Cache-Control', 'public, max-age=3600').header('X-Content-Type-Options', 'nosniff');
          return reply.sendFile(file, shippedDir);
        }
        try {
          return await serveStoredLogo(storage, file, req, reply, logger);
        } catch (error) {
          // The store is down or refused the read: the <img> shows its placeholder; nothing about the store leaks.
          logger.error({ err: error, requestId: req.id }, `Reading logo ${file} from object storage failed`);
          return reply.code(503).type('text/plain; charset=utf-8').header('Cache-Control', 'no-store').send('Indisponível');
        }
      });
    },
    { prefix: LOGO_URL_PREFIX },
  );
}

async function serveStoredLogo(storage: LogoStorage, fileName: string, req: HttpRequest, reply: HttpReply, logger: Logger): Promise<HttpReply> {
  const ifNoneMatch = req.headers['if-none-match'];
  const opened = await storage.open(fileName, typeof ifNoneMatch === 'string' ? ifNoneMatch : undefined);
  if (opened.kind === 'missing') return reply.code(404).type('text/plain; charset=utf-8').send('Não encontrado');
  reply.header('Cache-Control', FOR_GOOD);
  logoHeaders(reply);
  if (opened.kind === 'not-modified') {
    if (opened.etag) reply.header('ETag', opened.etag);
    return reply.code(304).send();
  }
  const { file } = opened;
  reply.type(file.contentType);
  if (file.contentLength !== undefined) reply.header('Content-Length', String(file.contentLength));
  if (file.etag) reply.header('ETag', file.etag);
  if (file.lastModified) reply.header('Last-Modified', file.lastModified.toUTCString());
  if (req.method === 'HEAD') {
    file.body.destroy();
    return reply.send();
  }
  file.body.on('error', (error) => logger.warn({ err: error }, `Reading logo ${fileName} from object storage failed`));
  return reply.send(file.body);
}

/** Cookies and the HTTP-level part of the Inertia protocol (hooks around Nest's router). */
export async function useInertiaPipeline(app: NestFastifyApplication): Promise<void> {
  await app.register(fastifyCookie);
  inertiaHooks(app.getHttpAdapter().getInstance(), app.get(InertiaService));
}

async function migrate(dataSource: DataSource, config: AppConfig): Promise<void> {
  try {
    await dataSource.runMigrations({ transaction: 'each' });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new DatabaseStartupError(`Migrating ${describeDatabase(config.db)} failed: ${message}`);
  }
}

/** The public site's pages load its own light entry; the back office's, the Inertia app. */
const clientEntryFor = (component: string) => (component.startsWith('Public/') ? PUBLIC_ENTRY : CLIENT_ENTRY);

async function buildInertiaOptions(config: AppConfig, logger: Logger, vite: () => ViteDevServer): Promise<InertiaOptions> {
  let assets: AssetProvider;
  let ssr: SsrRenderer | null = null;
  if (config.viteDev) {
    assets = new ViteDevAssets(vite, clientEntryFor);
    if (config.ssr) ssr = new ViteDevSsr(vite);
  } else {
    assets = new ManifestAssets([`${PROJECT_ROOT}build/client/.vite/manifest.json`, `${PROJECT_ROOT}build/client/.vite/public-manifest.json`], {
      entryFor: clientEntryFor,
      inlineStyles: (component) => component.startsWith('Public/'),
      preload: (component) => !component.startsWith('Public/'),
    });
    if (config.ssr) ssr = await BundleSsr.load(`${PROJECT_ROOT}build/ssr/ssr.js`);
  }
  return {
    rootView: `${PROJECT_ROOT}views/app.html`,
    assets,
    ssr,
    ssrFor: (component) => component.startsWith('Public/'),
    wholeDocument: (component) => component.startsWith('Public/'),
    encryptHistoryFor: (component) => component.startsWith('Admin/'),
    titleFor: (url) => pageTitle(config.appName, url),
    secret: config.appKey,
    secureCookies: config.env === 'production' && config.appUrl.startsWith('https://'),
    sessionCookie: new AdminCookie(config).name,
    isApiPath: (path) => path === '/api' || path.startsWith('/api/'),
    onSsrError: (error, component) => logger.error({ err: error, component }, 'SSR failed; the page renders in the browser'),
  };
}

/** Vite in middleware mode, its hot-reload websocket on the app's own HTTP server: one port for all. */
async function startViteDevServer(httpServer: Server): Promise<ViteDevServer> {
  const { createServer } = await import('vite');
  return createServer({ root: PROJECT_ROOT, server: { middlewareMode: true, hmr: { server: httpServer } }, appType: 'custom' });
}
