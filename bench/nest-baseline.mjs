// Baseline (e) of the benchmark: a minimal NestJS application on Fastify with the app's own request logging (the
// same pino logger, level and request steps, the same request ids), answering what the app answers without a database:
// the robots text and the liveness check. It is the floor the app's own pipeline (headers, guards, interceptors,
// metrics, compression) adds to. Plain JavaScript (decorators applied by hand) so it runs on the same `node`, with
// the same flags, as the built app; it imports the app's logging from dist/.
import 'reflect-metadata';
import { Controller, Get, Header, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { createLogger, PinoNestLogger } from '../dist/common/logging/logger.js';
import { requestId, requestLogging } from '../dist/common/logging/request-logging.js';
import { requestSteps } from '../dist/common/http/request-steps.js';
import { applyV8Flags } from '../dist/common/runtime-flags.js';

// The app's V8 flags, so that the two differ in their code only.
applyV8Flags();

const robotsText = process.env.BASELINE_ROBOTS ?? 'User-agent: *\nAllow: /\n';

class Minimal {
  robots() {
    return robotsText;
  }

  live() {
    return { status: 'ok' };
  }
}
const method = (name) => Object.getOwnPropertyDescriptor(Minimal.prototype, name);
Get('robots.txt')(Minimal.prototype, 'robots', method('robots'));
Header('Content-Type', 'text/plain; charset=utf-8')(Minimal.prototype, 'robots', method('robots'));
Get('api/health/live')(Minimal.prototype, 'live', method('live'));
Controller()(Minimal);

class MinimalModule {}
Module({ controllers: [Minimal] })(MinimalModule);

const logger = createLogger(process.env.LOG_LEVEL ?? 'info');
const app = await NestFactory.create(MinimalModule, new FastifyAdapter({ genReqId: requestId }), { logger: new PinoNestLogger(logger) });
// The app's own way: its request steps, one hook of each kind, the log's among them.
requestLogging(requestSteps(app.getHttpAdapter().getInstance()), logger);
await app.listen(Number(process.env.PORT ?? 0), '127.0.0.1');
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
console.log(`nest-baseline ${await app.getUrl()}`);
