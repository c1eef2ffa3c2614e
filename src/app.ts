import type { Server } from 'node:http';
import { fileURLToPath } from 'node:url';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import compression from 'compression';
import cookieParser from 'cookie-parser';
import type { NextFunction, Request, Response } from 'express';
import express from 'express';
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import type { ViteDevServer } from 'vite';
import { AppModule } from './app.module.js';
import { AllExceptionsFilter } from './common/http/all-exceptions.filter.js';
import { bodyParsers } from './common/http/body-parsing.js';
import { createLogger, PinoNestLogger } from './common/logging/logger.js';
import { requestLogging } from './common/logging/request-logging.js';
import { securityHeaders } from './common/http/security-headers.js';
import { pageTitle } from './shared/page-titles.js';
import type { AppConfig } from './config/app-config.js';
import { DatabaseStartupError, describeDatabase, openDatabase } from './database/database.js';
import { runSeeds } from './database/seeds/seed-runner.js';
import { inertiaMiddleware } from './inertia/inertia.middleware.js';
import { InertiaService } from './inertia/inertia.service.js';
import type { AssetProvider, InertiaOptions, SsrRenderer } from './inertia/inertia.types.js';
import { BundleSsr, ManifestAssets, ViteDevAssets, ViteDevSsr } from './inertia/vite-assets.js';
import { LogoStorage } from './logos/logo-storage.js';
import { LOGO_URL_PREFIX } from './logos/logos.service.js';

/** The project's root folder: `src/..` when run from sources, `dist/..` when built. */
export const PROJECT_ROOT = fileURLToPath(new URL('..', import.meta.url));

export interface CreatedApp {
  app: NestExpressApplication;
  dataSource: DataSource;
  logger: Logger;
  /** What the seeds have to tell the operator (how to log in, in development). */
  notes: string[];
}

/**
 * Opens and migrates the database, then builds the Nest application with the Inertia adapter, the static
 * files and the Express-level middleware in the order the protocol needs. Used by main.ts and the tests.
 */
export async function createApp(config: AppConfig, options: { logger?: Logger } = {}): Promise<CreatedApp> {
  const logger = options.logger ?? createLogger(config.logLevel, { pretty: config.env === 'development' });
  const dataSource = await openDatabase(config.db);
  try {
    if (config.migrateOnStart) await migrate(dataSource, config);
    const notes = await runSeeds(dataSource, { demo: config.seedOnStart, logger, config });

    const vite: { server: ViteDevServer | null } = { server: null };
    const inertiaOptions = await buildInertiaOptions(config, logger, () => vite.server!);
    const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot({ config, dataSource, inertia: inertiaOptions, logger }), {
      logger: new PinoNestLogger(logger),
      bufferLogs: false,
      bodyParser: false,
    });
    app.set('trust proxy', config.trustProxy);
    app.disable('x-powered-by');

    const inertia = app.get(InertiaService);
    inertia.share((req) => ({
      appName: config.appName,
      site: config.site,
      appUrl: config.appUrl,
      cookieConsent: req.cookies?.cookie_consent === 'true' ? true : req.cookies?.cookie_consent === 'false' ? false : null,
      admin: req.admin ? { id: req.admin.id, username: req.admin.username, name: req.admin.name, role: req.admin.role } : null,
    }));

    app.use(requestLogging(logger));
    app.use(securityHeaders({ production: config.env === 'production', gtmId: config.site.gtmId, viteDev: config.viteDev, consentCookie: 'cookie_consent' }));
    app.use(compression());
    app.use(ADMIN_PATHS, noStore);
    app.use(...bodyParsers());
    if (config.viteDev) {
      vite.server = await startViteDevServer(app.getHttpServer());
      app.use(vite.server.middlewares);
    } else app.use('/build', express.static(`${PROJECT_ROOT}build/client`, { immutable: true, maxAge: '1y', index: false, fallthrough: false }));
    // The site's files (favicon, images, robots.txt); API calls never look on the disk for one.
    const publicFiles = express.static(`${PROJECT_ROOT}public`, { index: false, maxAge: '1h', setHeaders: noSniff });
    app.use((req: Request, res: Response, next: NextFunction) => (req.path.startsWith('/api/') ? next() : publicFiles(req, res, next)));
    useLogoFiles(app, logger);
    useInertiaPipeline(app);

    await app.init();
    useErrorHandler(app, logger);
    if (vite.server) app.getHttpServer().on('close', () => void vite.server?.close());
    return { app, dataSource, logger, notes };
  } catch (error) {
    await dataSource.destroy();
    throw error;
  }
}

/** Admin pages and answers (the login's included) carry personal data and tokens: never kept in a cache. */
const ADMIN_PATHS = ['/admin', '/api/admin'];
function noStore(_req: Request, res: Response, next: NextFunction): void {
  res.setHeader('Cache-Control', 'no-store');
  next();
}

function noSniff(res: Response): void {
  res.setHeader('X-Content-Type-Options', 'nosniff');
}

/** What keeps an SVG opened directly from running or loading anything. */
const LOGO_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox";

function logoHeaders(res: Response): void {
  noSniff(res);
  res.setHeader('Content-Security-Policy', LOGO_POLICY);
}

/**
 * Uploaded logos are served beside the shipped ones, under generated names that never change (so cached
 * for good), with no sniffing and a policy that keeps an SVG opened directly from running or loading
 * anything. From the local folder they are static files; from object storage (S3_BUCKET) the app reads them
 * and answers with the same headers. A logo that does not exist is a plain 404, so an <img> shows its
 * placeholder.
 */
function useLogoFiles(app: NestExpressApplication, logger: Logger): void {
  const storage = app.get(LogoStorage);
  const directory = storage.localDirectory();
  if (directory) {
    app.use(LOGO_URL_PREFIX, express.static(directory, { index: false, immutable: true, maxAge: '1y', setHeaders: logoHeaders }));
  } else {
    app.use(LOGO_URL_PREFIX, (req: Request, res: Response, next: NextFunction) => {
      if (req.method !== 'GET' && req.method !== 'HEAD') return next();
      void serveStoredLogo(storage, req, res, logger).catch(next);
    });
  }
  app.use(LOGO_URL_PREFIX, (_req: Request, res: Response) => void res.status(404).type('text/plain').send('Not found'));
}

async function serveStoredLogo(storage: LogoStorage, req: Request, res: Response, logger: Logger): Promise<void> {
  const fileName = req.path.slice(1);
  const opened = await storage.open(fileName, req.get('if-none-match'));
  if (opened.kind === 'missing') {
    res.status(404).type('text/plain').send('Not found');
    return;
  }
  res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
  logoHeaders(res);
  if (opened.kind === 'not-modified') {
    if (opened.etag) res.setHeader('ETag', opened.etag);
    res.status(304).end();
    return;
  }
  const { file } = opened;
  res.setHeader('Content-Type', file.contentType);
  if (file.contentLength !== undefined) res.setHeader('Content-Length', String(file.contentLength));
  if (file.etag) res.setHeader('ETag', file.etag);
  if (file.lastModified) res.setHeader('Last-Modified', file.lastModified.toUTCString());
  if (req.method === 'HEAD') {
    file.body.destroy();
    res.end();
    return;
  }
  file.body.on('error', (error) => {
    logger.warn({ err: error }, `Reading logo ${fileName} from object storage failed`);
    res.destroy();
  });
  file.body.pipe(res);
}

/** Cookies and the Express-level part of the Inertia protocol, in front of Nest's router. */
export function useInertiaPipeline(app: NestExpressApplication): void {
  app.use(cookieParser());
  app.use(inertiaMiddleware(app.get(InertiaService)));
}

/** After init: errors raised by Express middleware (body parsing, static files) reach the same filter as Nest's. */
export function useErrorHandler(app: NestExpressApplication, logger: Logger): void {
  const filter = new AllExceptionsFilter(app.get(InertiaService), logger);
  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => void filter.handle(error, req, res));
}

async function migrate(dataSource: DataSource, config: AppConfig): Promise<void> {
  try {
    await dataSource.runMigrations({ transaction: 'each' });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new DatabaseStartupError(`Migrating ${describeDatabase(config.db)} failed: ${message}`);
  }
}

async function buildInertiaOptions(config: AppConfig, logger: Logger, vite: () => ViteDevServer): Promise<InertiaOptions> {
  let assets: AssetProvider;
  let ssr: SsrRenderer | null = null;
  if (config.viteDev) {
    assets = new ViteDevAssets(vite);
    if (config.ssr) ssr = new ViteDevSsr(vite);
  } else {
    assets = new ManifestAssets(`${PROJECT_ROOT}build/client/.vite/manifest.json`);
    if (config.ssr) ssr = await BundleSsr.load(`${PROJECT_ROOT}build/ssr/ssr.js`);
  }
  return {
    rootView: `${PROJECT_ROOT}views/app.html`,
    assets,
    ssr,
    ssrFor: (component) => component.startsWith('Public/'),
    encryptHistoryFor: (component) => component.startsWith('Admin/'),
    titleFor: (url) => pageTitle(config.appName, url),
    secret: config.appKey,
    secureCookies: config.env === 'production' && config.appUrl.startsWith('https://'),
    isApiPath: (path) => path === '/api' || path.startsWith('/api/'),
    onSsrError: (error, component) => logger.error({ err: error, component }, 'SSR failed; the page renders in the browser'),
  };
}

/** Vite in middleware mode, its hot-reload websocket on the app's own HTTP server: one port for all. */
async function startViteDevServer(httpServer: Server): Promise<ViteDevServer> {
  const { createServer } = await import('vite');
  return createServer({ root: PROJECT_ROOT, server: { middlewareMode: true, hmr: { server: httpServer } }, appType: 'custom' });
}
