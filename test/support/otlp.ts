/** A span as OTLP/HTTP JSON carries it (the fields the tests read), with hex ids. */
export interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  startTimeUnixNano?: string;
  endTimeUnixNano?: string;
  attributes?: { key: string; value: OtlpValue }[];
  status?: { code: number; message?: string };
}

/** An attribute's value (the kinds the app's spans carry). */
export interface OtlpValue {
  stringValue?: string;
  intValue?: string | number;
  boolValue?: boolean;
  doubleValue?: number;
}

/** A span as a collector receives it, with its scope's name and its resource's `service.name`. */
export type ReceivedSpan = OtlpSpan & { scope: string; service: string };

/**
 * The spans of one OTLP/HTTP export request (`POST /v1/traces`), in protobuf or in JSON as its Content-Type says,
 * each in the same shape: what the tests and the benchmark's receiver read of either encoding.
 */
export function receivedSpans(body: Uint8Array, contentType: string | undefined): ReceivedSpan[] {
  return contentType?.startsWith('application/x-protobuf') ? fromProtobuf(body) : fromJson(body);
}

/** A collector's answer to an export that it took whole, in the request's encoding (an empty protobuf message, or `{}`). */
export function acceptedAnswer(contentType: string | undefined): { contentType: string; body: string } {
  return contentType?.startsWith('application/x-protobuf')
    ? { contentType: 'application/x-protobuf', body: '' }
    : { contentType: 'application/json', body: '{}' };
}

interface JsonRequest {
  resourceSpans?: {
    resource?: { attributes?: { key: string; value: OtlpValue }[] };
    scopeSpans?: { scope?: { name?: string }; spans?: (OtlpSpan & Record<string, unknown>)[] }[];
  }[];
}

function fromJson(body: Uint8Array): ReceivedSpan[] {
  const request = JSON.parse(new TextDecoder().decode(body)) as JsonRequest;
  return (request.resourceSpans ?? []).flatMap((resource) => {
    const service = resource.resource?.attributes?.find((item) => item.key === 'service.name')?.value.stringValue ?? '';
    return (resource.scopeSpans ?? []).flatMap((scope) =>
      (scope.spans ?? []).map((span) => ({
        traceId: span.traceId,
        spanId: span.spanId,
        ...(span.parentSpanId ? { parentSpanId: span.parentSpanId } : {}),
        name: span.name,
        kind: span.kind,
        startTimeUnixNano: String(span.startTimeUnixNano),
        endTimeUnixNano: String(span.endTimeUnixNano),
        attributes: span.attributes ?? [],
        status: { code: span.status?.code ?? 0, ...(span.status?.message ? { message: span.status.message } : {}) },
        scope: scope.scope?.name ?? '',
        service,
      })),
    );
  });
}

/**
 * The protobuf encoding of ExportTraceServiceRequest (opentelemetry-proto's trace.proto), read field by field:
 * request 1 resource_spans; ResourceSpans 1 resource (1 attributes), 2 scope_spans; ScopeSpans 1 scope (1 name),
 * 2 spans; Span 1 trace_id, 2 span_id, 4 parent_span_id, 5 name, 6 kind, 7 and 8 start and end (fixed64 ns),
 * 9 attributes, 15 status (2 message, 3 code); KeyValue 1 key, 2 value; AnyValue 1 string, 2 bool, 3 int, 4 double.
 */
function fromProtobuf(body: Uint8Array): ReceivedSpan[] {
  const spans: ReceivedSpan[] = [];
  for (const resourceSpans of fields(body).filter((field) => field.number === 1)) {
    const resource = fields(resourceSpans.bytes!);
    const attributes = resource
      .filter((field) => field.number === 1)
      .flatMap((field) =>
        fields(field.bytes!)
          .filter((each) => each.number === 1)
          .map((each) => keyValue(each.bytes!)),
      );
    const service = attributes.find((item) => item.key === 'service.name')?.value.stringValue ?? '';
    for (const scopeSpans of resource.filter((field) => field.number === 2)) {
      const scopeFields = fields(scopeSpans.bytes!);
      const scopeMessage = scopeFields.find((field) => field.number === 1);
      const scope = scopeMessage ? text(fields(scopeMessage.bytes!).find((field) => field.number === 1)?.bytes) : '';
      for (const spanField of scopeFields.filter((field) => field.number === 2)) spans.push({ ...span(fields(spanField.bytes!)), scope, service });
    }
  }
  return spans;
}

function span(message: Field[]): OtlpSpan {
  const one = (number: number) => message.find((field) => field.number === number);
  const statusFields = one(15) ? fields(one(15)!.bytes!) : [];
  const statusMessage = statusFields.find((field) => field.number === 2);
  const parent = hex(one(4)?.bytes);
  return {
    traceId: hex(one(1)?.bytes),
    spanId: hex(one(2)?.bytes),
    ...(parent ? { parentSpanId: parent } : {}),
    name: text(one(5)?.bytes),
    kind: Number(one(6)?.value ?? 0n),
    startTimeUnixNano: String(one(7)?.value ?? 0n),
    endTimeUnixNano: String(one(8)?.value ?? 0n),
    attributes: message.filter((field) => field.number === 9).map((field) => keyValue(field.bytes!)),
    status: { code: Number(statusFields.find((field) => field.number === 3)?.value ?? 0n), ...(statusMessage ? { message: text(statusMessage.bytes) } : {}) },
  };
}

function keyValue(bytes: Uint8Array): { key: string; value: OtlpValue } {
  const message = fields(bytes);
  const value = message.find((field) => field.number === 2);
  const inner = value ? fields(value.bytes!)[0] : undefined;
  const decoded: OtlpValue =
    inner?.number === 1
      ? { stringValue: text(inner.bytes) }
      : inner?.number === 2
        ? { boolValue: inner.value === 1n }
        : inner?.number === 3
          ? { intValue: Number(BigInt.asIntN(64, inner.value!)) }
          : inner?.number === 4
            ? { doubleValue: new DataView(new BigUint64Array([inner.value!]).buffer).getFloat64(0, true) }
            : {};
  return { key: text(message.find((field) => field.number === 1)?.bytes), value: decoded };
}

/** A field of a protobuf message: a number (varint and fixed) or bytes (length-delimited). */
interface Field {
  number: number;
  value?: bigint;
  bytes?: Uint8Array;
}

function fields(bytes: Uint8Array): Field[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const read: Field[] = [];
  let at = 0;
  const varint = () => {
    let result = 0n;
    for (let shift = 0n; ; shift += 7n) {
      if (at >= bytes.length) throw new Error('protobuf: truncated varint');
      const byte = bytes[at++];
      result |= BigInt(byte & 0x7f) << shift;
      if (byte < 0x80) return result;
    }
  };
  while (at < bytes.length) {
    const tag = Number(varint());
    const number = tag >>> 3;
    switch (tag & 7) {
      case 0:
        read.push({ number, value: varint() });
        break;
      case 1:
        read.push({ number, value: view.getBigUint64(at, true) });
        at += 8;
        break;
      case 2: {
        const length = Number(varint());
        if (at + length > bytes.length) throw new Error('protobuf: truncated field');
        read.push({ number, bytes: bytes.subarray(at, at + length) });
        at += length;
        break;
      }
      case 5:
        read.push({ number, value: BigInt(view.getUint32(at, true)) });
        at += 4;
        break;
      default:
        throw new Error(`protobuf: wire type ${tag & 7}`);
    }
  }
  return read;
}

const text = (bytes: Uint8Array | undefined) => (bytes ? new TextDecoder().decode(bytes) : '');
const hex = (bytes: Uint8Array | undefined) => (bytes ? Buffer.from(bytes).toString('hex') : '');
