import { createApp, type CreatedApp } from './app.js';
import { trackConnections } from './common/http/graceful-shutdown.js';
import type { AppConfig } from './config/app-config.js';
import { LiveStreams } from './live/live-streams.js';
import { Readiness } from './health/readiness.js';
import { DatabaseStartupError, describeDatabase } from './database/database.js';
import type { Tracing } from './tracing/tracing.js';

/** Starts the server of a loaded configuration (main.ts loads it, and starts the tracing first when it is on). */
export async function serve(config: AppConfig, tracing: Tracing | null): Promise<void> {
  try {
    const { app, dataSource, notes } = await createApp(config);
    const connections = trackConnections(app.getHttpServer());
    await app.listen(config.port, config.host);
    stopGracefully(app, dataSource, connections, config.shutdownDelayMs, tracing);
    const url = config.appUrl;
    if (config.env === 'production' && !url.startsWith('https://'))
      process.stderr.write(`Warning: ALLOW_INSECURE_HTTP=true: serving production over plain HTTP at ${url}; session cookies go out without Secure.\n`);
    process.stdout.write(
      [
        '',
        `  ${config.appName} is running at ${url}`,
        `  Database: ${describeDatabase(config.db)}`,
        `  Public site: ${url}/`,
        `  Admin:       ${url}/admin/login`,
        ...notes.map((note) => `  ${note}`),
        '',
      ].join('\n') + '\n',
    );
  } catch (error) {
    if (error instanceof DatabaseStartupError) fail(error.message);
    if (error instanceof Error && /client build is missing|SSR bundle is missing/.test(error.message)) fail(error.message);
    if (error instanceof Error && 'code' in error && error.code === 'EADDRINUSE') fail(`Port ${config.port} is already in use: set PORT to a free port`);
    throw error;
  }
}

/**
 * On SIGTERM (or Ctrl+C) the server turns its readiness to 503 at once and keeps serving for SHUTDOWN_DELAY_MS
 * (the balancer moves away meanwhile), then closes the live event streams (with a retry hint), stops taking
 * connections, lets the requests in progress finish, closes the database and exits 0; if the drain takes more
 * than 10 s it exits 1.
 */
function stopGracefully(
  app: CreatedApp['app'],
  dataSource: CreatedApp['dataSource'],
  connections: ReturnType<typeof trackConnections>,
  shutdownDelayMs: number,
  tracing: Tracing | null,
): void {
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    // The pause is for a balancer (an orchestrator sends SIGTERM); Ctrl+C at a terminal stops at once.
    const delay = signal === 'SIGINT' ? 0 : shutdownDelayMs;
    process.stdout.write(`\n  ${signal}: not ready from now on; serving for ${delay} ms more, then finishing the requests in progress and stopping.\n`);
    setTimeout(() => process.exit(1), delay + 10_000).unref();
    try {
      // The balancer reads /api/health/ready, sees 503 and moves the traffic away while requests still get answers.
      app.get(Readiness).drain();
      await new Promise((resolve) => setTimeout(resolve, delay));
      // Open event streams would hold the stop: they are told to reconnect (to another instance) and closed.
      app.get(LiveStreams, { strict: false }).closeAll();
      await connections.drain(8_000);
      await app.close();
      if (dataSource.isInitialized) await dataSource.destroy();
      // The spans still buffered go to the collector before the process ends.
      await tracing?.shutdown().catch(() => undefined);
      process.exit(0);
    } catch (error) {
      process.stderr.write(`Error while stopping: ${(error as Error).message}\n`);
      process.exit(1);
    }
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, (received) => void stop(received));
}

/** A start-up failure an operator can act on: one line, exit 1. */
function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}
