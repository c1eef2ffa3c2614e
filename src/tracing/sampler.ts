import { SpanKind, trace } from '@opentelemetry/api';
import { AlwaysOffSampler, AlwaysOnSampler, ParentBasedSampler, SamplingDecision, TraceIdRatioBasedSampler, type Sampler } from '@opentelemetry/sdk-trace';
import type { TracingConfig } from '../config/app-config.js';

/**
 * The sampler of OTEL_TRACES_SAMPLER (and its ratio, OTEL_TRACES_SAMPLER_ARG), with one rule of the app's on top:
 * a trace starts with a request (a server span) or a job (a consumer span), never with a statement, a Redis
 * command or a message queued on its own. An unsampled request runs in no span (trace-context.ts,
 * traceRequests), and what it does must not start traces of its own, each sampled again by the ratio.
 */
export function configuredSampler(config: Pick<TracingConfig, 'sampler' | 'samplerRatio'>): Sampler {
  const roots: Record<string, Sampler> = {
    always_on: new AlwaysOnSampler(),
    always_off: new AlwaysOffSampler(),
    traceidratio: new TraceIdRatioBasedSampler(config.samplerRatio),
  };
  const configured = config.sampler.startsWith('parentbased_')
    ? new ParentBasedSampler({ root: roots[config.sampler.slice('parentbased_'.length)] })
    : roots[config.sampler];
  return {
    shouldSample(parent, traceId, name, kind, attributes, links) {
      if (kind !== SpanKind.SERVER && kind !== SpanKind.CONSUMER && !trace.getSpanContext(parent)) return { decision: SamplingDecision.NOT_RECORD };
      return configured.shouldSample(parent, traceId, name, kind, attributes, links);
    },
    toString: () => `RequestsAndJobsStartTraces{${configured.toString()}}`,
  };
}
