import { register } from 'node:module';
import type { TracingConfig } from '../config/app-config.js';
import { markTracingStarted } from './trace-context.js';

/**
 * Spans per export and the longest a finished span waits to be sent: the SDK's defaults, said here because they
 * were once 64 spans and 1 s. An export is a POST whose fixed cost (the HTTP client, the socket) runs two or three
 * times a second at most, so it never gets hot: with 64-span batches, sending cost a list page 4 to 5 % of its
 * throughput at one request in ten where 512-span batches cost about 1 % (bench/results/agreement.md), and a
 * 512-span batch serialized in one go added 0.13 ms to the p95 of one request at a time (the target allows 1 ms).
 */
const EXPORT_BATCH_SPANS = 512;
const EXPORT_DELAY_MS = 5_000;

/** What a request's sampling decision is asked with: nothing beyond its name (samplers read these, never change them). */
const NO_ATTRIBUTES = Object.freeze({});
const NO_LINKS: never[] = [];

/**
 * Whether this Node.js carries the active context in AsyncContextFrame (Node 24 by default, Node 22 behind a
 * flag). Without it, AsyncLocalStorage runs async_hooks on every promise of every request, traced or not: about
 * 0.8 ms a list request and a sixth of its throughput on Node 20 (bench/results/latest.md).
 */
export function usesAsyncContextFrame(
  version = process.versions.node,
  flags = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)],
): boolean {
  const major = Number(version.split('.')[0]);
  if (major >= 24) return !flags.includes('--no-async-context-frame');
  return major >= 22 && flags.includes('--experimental-async-context-frame');
}

/** What main.ts holds of the tracing: spans still buffered are sent on the way out. */
export interface Tracing {
  shutdown(): Promise<void>;
}

/**
 * Starts OpenTelemetry before the rest of the app is loaded (main.ts imports it afterwards): the tracer provider
 * with the sampler of OTEL_TRACES_SAMPLER, spans sent in batches over OTLP/HTTP (protobuf, or JSON) to OTEL_EXPORTER_OTLP_ENDPOINT,
 * W3C trace context read from headers, ioredis' commands as spans (its instrumentation), and what the app's own
 * request hook needs (trace-context.ts, traceRequests): each request is a span named by its route template, made
 * only when it is sampled; its database statements are spans too (statementSpans). Those two are recorded by the
 * app itself (recorded-span.ts) and sent through the same batch processor and exporter as the SDK's. Nothing of
 * this is loaded when tracing is off.
 */
export async function startTracing(config: TracingConfig): Promise<Tracing> {
  if (!usesAsyncContextFrame())
    process.stderr.write(
      `Warning: tracing on Node.js ${process.versions.node} carries each request's context with async_hooks, which costs every request, sampled or not (about 0.8 ms a list page); run Node.js 24, as the Docker image does.\n`,
    );
  // ioredis is imported as an ES module (by the app; BullMQ requires it, which require-in-the-middle sees):
  // import-in-the-middle's hook lets its instrumentation patch it. Only it: by default the hook rewrites every ES
  // module loaded after it, the app's own included, behind a wrapper whose exports are reassignable bindings.
  register('@opentelemetry/instrumentation/hook.mjs', import.meta.url, { data: { include: ['ioredis'] } });
  const [
    api,
    { AsyncLocalStorageContextManager },
    { W3CTraceContextPropagator },
    sdk,
    { OTLPTraceExporter },
    { resourceFromAttributes },
    instrumentation,
    { IORedisInstrumentation },
    { configuredSampler },
    { RecordedSpan },
    { HexIdPool },
  ] = await Promise.all([
    import('@opentelemetry/api'),
    import('@opentelemetry/context-async-hooks'),
    import('@opentelemetry/core'),
    import('@opentelemetry/sdk-trace'),
    // Protobuf, OpenTelemetry's default, unless told JSON (OTEL_EXPORTER_OTLP_PROTOCOL); only the one in use is loaded.
    config.protocol === 'http/json' ? import('@opentelemetry/exporter-trace-otlp-http') : import('@opentelemetry/exporter-trace-otlp-proto'),
    import('@opentelemetry/resources'),
    import('@opentelemetry/instrumentation'),
    import('@opentelemetry/instrumentation-ioredis'),
    import('./sampler.js'),
    import('./recorded-span.js'),
    import('./id-pool.js'),
  ]);

  const sampler = configuredSampler(config);
  const ids = new HexIdPool();
  const resource = resourceFromAttributes({ 'service.name': config.serviceName });
  const processor = new sdk.BatchSpanProcessor({
    exporter: new OTLPTraceExporter({ url: `${config.endpoint}/v1/traces` }),
    // Few posts: what a post costs beyond its spans is paid cold each time (EXPORT_BATCH_SPANS).
    maxExportBatchSize: EXPORT_BATCH_SPANS,
    scheduledDelayMillis: EXPORT_DELAY_MS,
  });
  const provider = new sdk.TracerProvider({ resource, sampler, idGenerator: ids, spanProcessors: [processor] });
  api.context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  api.propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  api.trace.setGlobalTracerProvider(provider);
  instrumentation.registerInstrumentations({
    tracerProvider: provider,
    // Redis commands inside a request or a job; not the live event log's endless polling.
    // A command by its name alone: the keys of the limits carry account names and addresses.
    instrumentations: [new IORedisInstrumentation({ requireParentSpan: true, dbStatementSerializer: (command) => command })],
  });
  // The app's own spans (a sampled request's and its statements') are recorded by the app (recorded-span.ts) and
  // go out through the same processor and exporter as the SDK's.
  const sink = { processor, resource };
  const requestScope = { name: 'agromaq-http' };
  const statementScope = { name: 'agromaq-database' };
  markTracingStarted({
    sampled: (parent, traceId, name) =>
      sampler.shouldSample(parent, traceId, name, api.SpanKind.SERVER, NO_ATTRIBUTES, NO_LINKS).decision !== sdk.SamplingDecision.NOT_RECORD,
    newTraceId: () => ids.generateTraceId(),
    newSpanId: () => ids.generateSpanId(),
    startSpan: (name, kind, attributes, parent, traceId, startMillis) =>
      new RecordedSpan(
        sink,
        kind === api.SpanKind.SERVER ? requestScope : statementScope,
        name,
        kind,
        { traceId, spanId: ids.generateSpanId() },
        api.trace.getSpanContext(parent),
        attributes,
        startMillis,
      ),
  });
  return { shutdown: () => provider.shutdown() };
}
