import { applyV8Flags } from './common/runtime-flags.js';
import { ConfigError, loadConfig, type AppConfig } from './config/app-config.js';

/**
 * The server's entry: sets its V8 flags (common/runtime-flags.ts), reads the configuration, starts OpenTelemetry
 * when OTEL_EXPORTER_OTLP_ENDPOINT is set — before the app's modules are loaded, so the instrumented packages are
 * seen as they load — then the server.
 */
applyV8Flags();
let config: AppConfig;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    process.stderr.write(`Configuration error: ${error.problems.join('; ')}\n`);
    process.exit(1);
  }
  throw error;
}
const tracing = config.tracing ? await (await import('./tracing/tracing.js')).startTracing(config.tracing) : null;
const { serve } = await import('./server.js');
await serve(config, tracing);
