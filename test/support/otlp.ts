/** A span as OTLP/HTTP JSON carries it (the fields the tests read), with hex ids. */
export interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  startTimeUnixNano?: string;
  endTimeUnixNano?: string;
  attributes?: { key: string; value: { stringValue?: string; intValue?: string | number } }[];
  status?: { code: number; message?: string };
}
