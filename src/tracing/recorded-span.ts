import {
  SpanStatusCode,
  TraceFlags,
  type Attributes,
  type AttributeValue,
  type HrTime,
  type Link,
  type Span,
  type SpanContext,
  type SpanKind,
  type SpanStatus,
  type TimeInput,
} from '@opentelemetry/api';
import { hrTimeDuration, millisToHrTime, timeInputToHrTime, type InstrumentationScope } from '@opentelemetry/core';
import type { Resource } from '@opentelemetry/resources';
import type { ReadableSpan, SpanProcessor, TimedEvent } from '@opentelemetry/sdk-trace';
import { nowMillis } from './trace-context.js';

/** Where a recorded span goes once it ends, and what it is sent with. */
export interface SpanSink {
  processor: SpanProcessor;
  resource: Resource;
}

const NO_LINKS: Link[] = [];
const NO_EVENTS: TimedEvent[] = [];
const UNSET: SpanStatus = { code: SpanStatusCode.UNSET };

/**
 * A span of a sampled request, made by the app (the request's own and its statements'): a plain record of what the
 * exporter sends, handed to the SDK's batch processor as it ends. The SDK's own span also checks every attribute
 * against its limits, asks the sampler again, runs every processor's start and copies its times through several
 * representations; on the list page with the most statements, at one request in ten, it cost 6 to 9 % of the
 * throughput of servers sharing a core (bench/results/agreement.md). The app's spans are few and their attributes
 * their own (strings, a status number), so none of that is needed. Other spans (Redis commands, e-mail jobs) stay the SDK's, and hang from
 * these through the context like any span.
 */
export class RecordedSpan implements Span, ReadableSpan {
  readonly startTime: HrTime;
  endTime: HrTime = [0, 0];
  duration: HrTime = [0, 0];
  ended = false;
  status: SpanStatus = UNSET;
  readonly links = NO_LINKS;
  readonly events = NO_EVENTS;
  readonly droppedAttributesCount = 0;
  readonly droppedEventsCount = 0;
  readonly droppedLinksCount = 0;
  readonly resource: Resource;
  private readonly context: SpanContext;

  constructor(
    private readonly sink: SpanSink,
    readonly instrumentationScope: InstrumentationScope,
    public name: string,
    readonly kind: SpanKind,
    ids: { traceId: string; spanId: string },
    readonly parentSpanContext: SpanContext | undefined,
    readonly attributes: Attributes,
    startMillis = nowMillis(),
  ) {
    this.context = { traceId: ids.traceId, spanId: ids.spanId, traceFlags: TraceFlags.SAMPLED };
    this.resource = sink.resource;
    this.startTime = millisToHrTime(startMillis);
  }

  spanContext(): SpanContext {
    return this.context;
  }

  isRecording(): boolean {
    return !this.ended;
  }

  setAttribute(key: string, value: AttributeValue): this {
    if (!this.ended) this.attributes[key] = value;
    return this;
  }

  setAttributes(attributes: Attributes): this {
    for (const [key, value] of Object.entries(attributes)) if (value !== undefined) this.setAttribute(key, value);
    return this;
  }

  setStatus(status: SpanStatus): this {
    if (!this.ended) this.status = status;
    return this;
  }

  updateName(name: string): this {
    if (!this.ended) this.name = name;
    return this;
  }

  /** Events and links are not kept: the app's spans carry none, and a statement's error is its status. */
  addEvent(): this {
    return this;
  }

  addLink(): this {
    return this;
  }

  addLinks(): this {
    return this;
  }

  recordException(exception: unknown): void {
    this.setStatus({ code: SpanStatusCode.ERROR, message: exception instanceof Error ? exception.message : String(exception) });
  }

  end(endTime?: TimeInput): void {
    if (this.ended) return;
    this.endTime = endTime === undefined ? millisToHrTime(nowMillis()) : timeInputToHrTime(endTime);
    this.duration = hrTimeDuration(this.startTime, this.endTime);
    this.ended = true;
    this.sink.processor.onEnd(this);
  }
}
