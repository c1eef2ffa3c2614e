import { createApp } from './app.js';
import { ConfigError, loadConfig, type AppConfig } from './config/app-config.js';
import { DatabaseStartupError, describeDatabase } from './database/database.js';

async function bootstrap(): Promise<void> {
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(`Configuration error: ${error.problems.join('; ')}`);
    throw error;
  }

  try {
    const { app, notes } = await createApp(config);
    await app.listen(config.port, config.host);
    const url = config.appUrl;
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

/** A start-up failure an operator can act on: one line, exit 1. */
function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

await bootstrap();
