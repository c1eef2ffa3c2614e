import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CORE_SCHEMA, load, mergeTag } from 'js-yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import { isLongLived } from '../../src/common/http/interactive-load.js';
import { AppMetrics, type MetricSources } from '../../src/metrics/app-metrics.js';
import { ROOT_CONTEXT, SpanKind, TraceFlags, trace } from '@opentelemetry/api';
import { SamplingDecision } from '@opentelemetry/sdk-trace';
import type { TraceSampler } from '../../src/config/app-config.js';
import { configuredSampler } from '../../src/tracing/sampler.js';
import { usesAsyncContextFrame } from '../../src/tracing/tracing.js';

// The observability profile of docker-compose.yml: Prometheus's alert rules and Grafana's dashboard name only
// metrics the app exports, every panel reads the provisioned data source, and neither service starts with a plain
// `docker compose up`.

const root = join(import.meta.dirname, '..', '..');
const read = (path: string): string => readFileSync(join(root, path), 'utf8');
// With merge keys (`<<: *app`), as Compose reads them.
const yamlOf = <T>(path: string): T => load(read(path), { schema: CORE_SCHEMA.withTags(mergeTag) }) as T;

const PROMETHEUS_CONFIG = 'deploy/prometheus/prometheus.yml';
const ALERTS = 'deploy/prometheus/alerts.yml';
const ALERT_TESTS = 'deploy/prometheus/alerts.test.yml';
const DASHBOARD = 'deploy/grafana/dashboards/agromaq.json';
const DATASOURCES = 'deploy/grafana/provisioning/datasources/prometheus.yml';
const DASHBOARD_PROVIDERS = 'deploy/grafana/provisioning/dashboards/agromaq.yml';

interface Rule {
  alert?: string;
  record?: string;
  expr: string;
  for?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}
interface Target {
  expr?: string;
  datasource?: { type?: string; uid?: string };
}
interface Panel {
  type: string;
  title: string;
  datasource?: { type?: string; uid?: string };
  targets?: Target[];
  panels?: Panel[];
}
interface Dashboard {
  uid: string;
  panels: Panel[];
  templating: { list: { name: string; datasource?: { uid?: string }; query?: { query?: string } | string }[] };
}
interface ComposeService {
  image?: string;
  profiles?: string[];
  environment?: Record<string, string | number>;
  ports?: string[];
  volumes?: string[];
  depends_on?: string[] | Record<string, unknown>;
}
interface Compose {
  services: Record<string, ComposeService>;
  volumes: Record<string, unknown>;
}

const rules = yamlOf<{ groups: { name: string; rules: Rule[] }[] }>(ALERTS).groups.flatMap((group) => group.rules);
const alerts = new Map(rules.filter((rule) => rule.alert).map((rule) => [rule.alert as string, rule]));
const dashboard = JSON.parse(read(DASHBOARD)) as Dashboard;
const panels = dashboard.panels.flatMap((panel) => [panel, ...(panel.panels ?? [])]).filter((panel) => panel.type !== 'row');
const dashboardExprs = panels.flatMap((panel) => (panel.targets ?? []).map((target) => target.expr ?? ''));
const datasource = yamlOf<{ datasources: { uid: string; url: string; type: string }[] }>(DATASOURCES).datasources[0];
const compose = yamlOf<Compose>('docker-compose.yml');

/** The app's metric names in an expression: its own (agromaq_, which prefixes Node's default ones too) and Node's. */
const metricNames = (expr: string): string[] => [...expr.matchAll(/\b(agromaq_[a-z0-9_]+|nodejs_[a-z0-9_]+|process_[a-z0-9_]+)\b/g)].map((match) => match[1]);

/** Every metric the app's registry holds, by name, with its type (histograms' series add _bucket, _sum, _count). */
let exported: Map<string, string>;
beforeAll(async () => {
  // Stub sources, as metrics.module.ts passes real ones: every figure present (a pool, local uploads, Redis).
  const sources: MetricSources = {
    pool: () => ({ inUse: 1, idle: 1, waiting: 0 }),
    openStreams: () => 0,
    requestsInFlight: () => 0,
    importsWaiting: () => Promise.resolve({ queued: 0, running: 0 }),
    mailWaiting: () => Promise.resolve(0),
    databaseUp: () => Promise.resolve(true),
    redisUp: () => true,
    uploadsDisk: () => Promise.resolve({ available: 50, size: 100 }),
  };
  const metrics = new AppMetrics(sources);
  exported = new Map((await metrics.registry.getMetricsAsJSON()).map((metric) => [metric.name, String(metric.type)]));
});

const unknownMetrics = (exprs: string[]): string[] => {
  const unknown = new Set<string>();
  for (const name of exprs.flatMap(metricNames)) {
    if (exported.has(name)) continue;
    const base = /^(.+)_(bucket|sum|count)$/.exec(name)?.[1];
    if (base && ['histogram', 'summary'].includes(exported.get(base) ?? '')) continue;
    unknown.add(name);
  }
  return [...unknown].sort();
};

describe('alert rules (deploy/prometheus/alerts.yml)', () => {
  it('name only metrics the app exports', () => {
    const exprs = rules.map((rule) => rule.expr);
    expect(exprs.flatMap(metricNames)).toContain('agromaq_http_request_duration_seconds_bucket');
    expect(unknownMetrics(exprs)).toEqual([]);
  });

  it('cover 5xx rate, p95, replica and database down, mail failing and the uploads disk', () => {
    for (const name of [
      'AgroMaqHighErrorRate',
      'AgroMaqSlowRoute',
      'AgroMaqInstanceDown',
      'AgroMaqDatabaseUnreachable',
      'AgroMaqMailFailing',
      'AgroMaqMailQueueBacklog',
      'AgroMaqUploadsDiskFull',
    ]) {
      expect(alerts.has(name), name).toBe(true);
    }
    expect(alerts.get('AgroMaqHighErrorRate')?.expr).toMatch(/status_class="5xx"[\s\S]*> 0\.01/);
    expect(alerts.get('AgroMaqDatabaseUnreachable')?.expr).toContain('agromaq_dependency_up{job="agromaq", part="database"} == 0');
    expect(alerts.get('AgroMaqInstanceDown')?.expr).toBe('up{job="agromaq"} == 0');
  });

  it('each carry a severity, a summary and a description', () => {
    for (const [name, rule] of alerts) {
      expect(['critical', 'warning'], name).toContain(rule.labels?.severity);
      expect(rule.annotations?.summary, name).toBeTruthy();
      expect(rule.annotations?.description, name).toBeTruthy();
    }
  });

  it("leave the long-lived event stream out of the p95 (the metrics' own isLongLived route)", () => {
    const excluded = [...(alerts.get('AgroMaqSlowRoute')?.expr ?? '').matchAll(/route!="([^"]+)"/g)].map((match) => match[1]);
    expect(excluded.length).toBeGreaterThan(0);
    for (const route of excluded) expect(isLongLived(route), route).toBe(true);
  });
});

describe('dashboard (deploy/grafana/dashboards/agromaq.json)', () => {
  it('names only metrics the app exports', () => {
    expect(unknownMetrics(dashboardExprs)).toEqual([]);
  });

  it('shows traffic, p95 by route, errors, the pool, statements, queues, streams, logins, event-loop lag and memory', () => {
    const used = new Set(dashboardExprs.flatMap(metricNames));
    for (const name of [
      'agromaq_http_request_duration_seconds_count',
      'agromaq_http_request_duration_seconds_bucket',
      'agromaq_db_pool_connections',
      'agromaq_db_query_duration_seconds_bucket',
      'agromaq_import_queue',
      'agromaq_mail_queue_waiting',
      'agromaq_event_streams_open',
      'agromaq_http_requests_in_flight',
      'agromaq_login_failures_total',
      'agromaq_login_lockouts_total',
      'agromaq_nodejs_eventloop_lag_p99_seconds',
      'agromaq_process_resident_memory_bytes',
    ]) {
      expect(used.has(name), name).toBe(true);
    }
    expect(dashboardExprs).toContainEqual(expect.stringMatching(/histogram_quantile\(0\.95, sum by \(le, route\)/));
  });

  it('reads every panel, query and variable from the provisioned data source', () => {
    expect(datasource).toMatchObject({ type: 'prometheus', url: 'http://prometheus:9090' });
    expect(panels.length).toBeGreaterThan(10);
    for (const panel of panels) {
      expect(panel.datasource?.uid, panel.title).toBe(datasource.uid);
      expect(panel.targets?.length, panel.title).toBeGreaterThan(0);
      for (const target of panel.targets ?? []) expect(target.datasource?.uid ?? datasource.uid, panel.title).toBe(datasource.uid);
    }
    for (const variable of dashboard.templating.list) expect(variable.datasource?.uid, variable.name).toBe(datasource.uid);
  });
});

describe('docker-compose.yml observability profile', () => {
  const { services } = compose;

  it('starts Prometheus and Grafana only with --profile observability, and nothing else depends on them', () => {
    const observability = ['prometheus', 'grafana'];
    for (const name of observability) {
      expect(services[name]?.profiles, name).toEqual(['observability']);
      expect(services[name]?.image, name).toMatch(/:v?\d+\.\d+\.\d+$/);
    }
    for (const [name, service] of Object.entries(services)) {
      if (service.profiles) continue;
      const dependsOn = Array.isArray(service.depends_on) ? service.depends_on : Object.keys(service.depends_on ?? {});
      expect(
        dependsOn.filter((dependency) => observability.includes(dependency)),
        name,
      ).toEqual([]);
    }
    expect(Object.keys(compose.volumes)).toEqual(expect.arrayContaining(['prometheus-data', 'grafana-data']));
  });

  it('scrapes every app replica on METRICS_PORT, which no service publishes', () => {
    const port = Number(services.app.environment?.METRICS_PORT);
    expect(port).toBe(9464);
    for (const [name, service] of Object.entries(services)) {
      for (const mapping of service.ports ?? []) expect(mapping, name).not.toMatch(new RegExp(`:${port}$`));
    }
    const config = yamlOf<{ rule_files: string[]; scrape_configs: { job_name: string; dns_sd_configs?: { names: string[]; type: string; port: number }[] }[] }>(
      PROMETHEUS_CONFIG,
    );
    expect(config.rule_files).toEqual(['alerts.yml']);
    const job = config.scrape_configs.find((scrape) => scrape.job_name === 'agromaq');
    expect(job?.dns_sd_configs).toEqual([expect.objectContaining({ names: ['app'], type: 'A', port })]);
    expect(services.prometheus.volumes).toContain('./deploy/prometheus:/etc/prometheus:ro');
  });

  it('keeps Grafana on 127.0.0.1, with a login, and loads the dashboards from where they are mounted', () => {
    const grafana = services.grafana;
    expect(grafana.ports?.length).toBeGreaterThan(0);
    for (const mapping of grafana.ports ?? []) expect(mapping).toMatch(/^127\.0\.0\.1:/);
    expect(grafana.environment).toMatchObject({ GF_AUTH_ANONYMOUS_ENABLED: 'false' });
    expect(String(grafana.environment?.GF_SECURITY_ADMIN_PASSWORD)).toMatch(/^\$\{GRAFANA_ADMIN_PASSWORD:-.+\}$/);
    const provider = yamlOf<{ providers: { options: { path: string } }[] }>(DASHBOARD_PROVIDERS).providers[0];
    expect(grafana.volumes).toContain(`./deploy/grafana/dashboards:${provider.options.path}:ro`);
    expect(grafana.volumes).toContain('./deploy/grafana/provisioning:/etc/grafana/provisioning:ro');
  });
});

const promtool = spawnSync('promtool', ['--version'], { encoding: 'utf8' }).status === 0;
if (!promtool) {
  const message =
    "promtool is not on the PATH: the alert rules' and the dashboards' tests are SKIPPED (install Debian's prometheus package: apt-get install --no-install-recommends prometheus)";
  if (process.env.REQUIRE_PROMTOOL === '1') throw new Error(message);
  console.warn(`\n${'!'.repeat(100)}\n${message}\n${'!'.repeat(100)}\n`);
}
const run = (...args: string[]) => {
  const result = spawnSync('promtool', args, { cwd: root, encoding: 'utf8' });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
};

describe.skipIf(!promtool)(`promtool${promtool ? '' : ' (skipped: promtool is not on the PATH)'}`, () => {
  it('finds the configuration and the rules valid', () => {
    for (const check of [run('check', 'config', PROMETHEUS_CONFIG), run('check', 'rules', ALERTS)]) expect(check.status, check.output).toBe(0);
  });

  it("passes the rules' unit tests", () => {
    const check = run('test', 'rules', ALERT_TESTS);
    expect(check.status, check.output).toBe(0);
  });

  it("parses every dashboard query (as recording rules, Grafana's variables replaced)", () => {
    const folder = mkdtempSync(join(tmpdir(), 'agromaq-dashboard-'));
    try {
      const file = join(folder, 'dashboard-rules.yml');
      const records = dashboardExprs.map((expr, index) => ({
        record: `dashboard:query_${index}`,
        expr: expr.replaceAll('$__rate_interval', '1m').replaceAll('$instance', '.*'),
      }));
      writeFileSync(file, JSON.stringify({ groups: [{ name: 'dashboard', rules: records }] }));
      const check = run('check', 'rules', file);
      expect(check.status, check.output).toBe(0);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe('usesAsyncContextFrame (tracing warns without it)', () => {
  it('is on by default from Node.js 24, behind a flag on 22, and off on 20', () => {
    expect(usesAsyncContextFrame('24.21.0', [])).toBe(true);
    expect(usesAsyncContextFrame('24.21.0', ['--no-async-context-frame'])).toBe(false);
    expect(usesAsyncContextFrame('22.12.0', [])).toBe(false);
    expect(usesAsyncContextFrame('22.12.0', ['--experimental-async-context-frame'])).toBe(true);
    expect(usesAsyncContextFrame('20.20.2', ['--experimental-async-context-frame'])).toBe(false);
  });
});

describe('the sampler (OTEL_TRACES_SAMPLER, and traces start with a request or a job)', () => {
  const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
  const remote = (flags: TraceFlags) => trace.setSpanContext(ROOT_CONTEXT, { traceId, spanId: '00f067aa0ba902b7', traceFlags: flags, isRemote: true });
  const decide = (sampler: TraceSampler, kind: SpanKind, parent = ROOT_CONTEXT, samplerRatio = 1) =>
    configuredSampler({ sampler, samplerRatio }).shouldSample(parent, traceId, 'x', kind, {}, []).decision;

  it('lets only a request or a job start a trace: a statement, a command or a queued message on its own never does', () => {
    expect(decide('parentbased_always_on', SpanKind.SERVER)).toBe(SamplingDecision.RECORD_AND_SAMPLED);
    expect(decide('parentbased_always_on', SpanKind.CONSUMER)).toBe(SamplingDecision.RECORD_AND_SAMPLED);
    for (const kind of [SpanKind.CLIENT, SpanKind.PRODUCER, SpanKind.INTERNAL])
      expect(decide('always_on', kind), SpanKind[kind]).toBe(SamplingDecision.NOT_RECORD);
    // Inside a sampled trace they are its spans, like any other.
    expect(decide('parentbased_always_on', SpanKind.PRODUCER, remote(TraceFlags.SAMPLED))).toBe(SamplingDecision.RECORD_AND_SAMPLED);
  });

  it("follows the caller's decision under parentbased_*, and the ratio (by the trace's id) otherwise", () => {
    expect(decide('parentbased_traceidratio', SpanKind.SERVER, remote(TraceFlags.SAMPLED), 0)).toBe(SamplingDecision.RECORD_AND_SAMPLED);
    expect(decide('parentbased_always_on', SpanKind.SERVER, remote(TraceFlags.NONE))).toBe(SamplingDecision.NOT_RECORD);
    expect(decide('traceidratio', SpanKind.SERVER, ROOT_CONTEXT, 0)).toBe(SamplingDecision.NOT_RECORD);
    expect(decide('traceidratio', SpanKind.SERVER, ROOT_CONTEXT, 1)).toBe(SamplingDecision.RECORD_AND_SAMPLED);
    expect(decide('always_off', SpanKind.SERVER)).toBe(SamplingDecision.NOT_RECORD);
  });
});
