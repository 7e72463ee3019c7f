import { monitorEventLoopDelay } from 'node:perf_hooks';
import { type ClientToServerEvents, ERROR_CODES } from '@wheelmeet/contracts';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { SqlDialect } from '../../db/database';
import type { CallObserver } from '../../realtime/call-drain';
import { ROUND_PHASES, type RoundPhase } from '../rounds/rounds.repository';

/** Every hub call by name: a label value is one of these or 'other', so a client cannot invent series. */
const HUB_CALLS: Record<keyof ClientToServerEvents, true> = {
  JoinWheel: true,
  LeaveWheel: true,
  TakeSlot: true,
  ChangeSlot: true,
  LeaveSlot: true,
  AcceptMatch: true,
  DeclineMatch: true,
  SendOffer: true,
  PrepareOffer: true,
  SendAnswer: true,
  SendIceCandidate: true,
  EndCall: true,
  RejoinCall: true,
  FailCall: true,
  SendMediaState: true,
  ExtendCall: true,
  SetStaying: true,
  TakeAnySeat: true,
};
const ERROR_CODE_SET: ReadonlySet<string> = new Set(ERROR_CODES);

const callLabel = (event: string) => (Object.hasOwn(HUB_CALLS, event) ? event : 'other');
const codeLabel = (code: string | undefined) =>
  code === undefined ? 'ok' : ERROR_CODE_SET.has(code) ? code : 'other';

/** What the metrics read at scrape time, from parts of the app built after the metrics. */
export interface MetricSources {
  connectedSockets(): number;
  wheelsByPhase(): Promise<Partial<Record<RoundPhase, number>>>;
}

/** How each part of the app reports to the metrics; every one is cheap, and a no-op when metrics are off. */
export interface MetricsObservers {
  httpResponse(method: string, route: string | undefined, statusCode: number, durationMs: number): void;
  hubCall: CallObserver;
  spin(latenessMs: number): void;
  query(durationMs: number, failed: boolean): void;
  limiterRefusal(limiter: string): void;
  redisFallback(): void;
  /** Names where the scrape-time gauges read from (each part of the app names its own). */
  readFrom(sources: Partial<MetricSources>): void;
}

export type Metrics = MetricsObservers & {
  register: Registry;
  /** Stops the event-loop monitor. */
  stop(): void;
};

const noop = () => {};
export const NO_METRICS: MetricsObservers = {
  httpResponse: noop,
  hubCall: noop,
  spin: noop,
  query: noop,
  limiterRefusal: noop,
  redisFallback: noop,
  readFrom: noop,
};

const seconds = (ms: number) => ms / 1000;
const LOOP_DELAY_RESOLUTION_MS = 10;

/**
 * The process's metrics, on a registry of its own (not prom-client's global one, so a test
 * process can build several apps). Label values are bounded: route patterns, known hub
 * calls and error codes, limiter names from the code, round phases.
 */
export function createMetrics(options: {
  dialect: SqlDialect;
  /** Told when a gauge read at scrape time could not be read (the scrape goes on without it). */
  onCollectError?: (error: unknown, metric: string) => void;
}): Metrics {
  const register = new Registry();
  collectDefaultMetrics({ register });
  let sources: Partial<MetricSources> = {};

  const httpDuration = new Histogram({
    name: 'wheelmeet_http_request_duration_seconds',
    help: 'HTTP requests by route pattern, method and status code, from arrival to the answer sent',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [register],
  });
  const hubCallDuration = new Histogram({
    name: 'wheelmeet_hub_call_duration_seconds',
    help: "Hub calls by name and answer code ('ok' or the error code), from reaching the hub to the acknowledgement",
    labelNames: ['call', 'code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [register],
  });
  const hubCallErrors = new Counter({
    name: 'wheelmeet_hub_call_errors_total',
    help: 'Hub calls answered with an error, by name and error code',
    labelNames: ['call', 'code'] as const,
    registers: [register],
  });
  new Gauge({
    name: 'wheelmeet_hub_connected_sockets',
    help: 'Real-time connections open on this process',
    registers: [register],
    collect() {
      this.set(sources.connectedSockets?.() ?? 0);
    },
  });
  new Gauge({
    name: 'wheelmeet_wheels_by_phase',
    help: 'Wheels in each round phase (active wheels, and any other still finishing a spin); read from the database, so the same on every process',
    labelNames: ['phase'] as const,
    registers: [register],
    async collect() {
      this.reset();
      const { wheelsByPhase } = sources;
      if (!wheelsByPhase) return;
      try {
        const counts = await wheelsByPhase();
        for (const phase of ROUND_PHASES) this.set({ phase }, counts[phase] ?? 0);
      } catch (error) {
        options.onCollectError?.(error, 'wheelmeet_wheels_by_phase');
      }
    },
  });
  const spins = new Counter({
    name: 'wheelmeet_spins_total',
    help: 'Spins this process started',
    registers: [register],
  });
  const spinLateness = new Histogram({
    name: 'wheelmeet_spin_lateness_seconds',
    help: 'How long after its wheel’s next spin time each spin started',
    buckets: [0.05, 0.1, 0.2, 0.3, 0.5, 1, 2, 5, 10, 30, 60],
    registers: [register],
  });
  const queryDuration = new Histogram({
    name: 'wheelmeet_db_query_duration_seconds',
    help: 'Database queries (including failed ones), from sending to the answer; no SQL text',
    labelNames: ['dialect'] as const,
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [register],
  });
  const queryErrors = new Counter({
    name: 'wheelmeet_db_query_errors_total',
    help: 'Database queries that failed',
    labelNames: ['dialect'] as const,
    registers: [register],
  });
  const limiterRefusals = new Counter({
    name: 'wheelmeet_limiter_refusals_total',
    help: 'Requests and hub calls a rate limiter refused, by limiter',
    labelNames: ['limiter'] as const,
    registers: [register],
  });
  const redisFallbacks = new Counter({
    name: 'wheelmeet_redis_fallbacks_total',
    help: "Limiter commands answered from this process's memory because Redis failed or was away",
    registers: [register],
  });

  // Besides nodejs_eventloop_lag_* of the default metrics (which read the same kind of monitor
  // but report its raw samples, the sampling interval included): the delay alone, since the
  // previous scrape, at the quantiles alerts use.
  const loopDelay = monitorEventLoopDelay({ resolution: LOOP_DELAY_RESOLUTION_MS });
  loopDelay.enable();
  new Gauge({
    name: 'wheelmeet_event_loop_delay_seconds',
    help: 'Event-loop delay since the previous scrape, at the median (p50), p99 and its maximum (max)',
    labelNames: ['stat'] as const,
    registers: [register],
    collect() {
      // Each sample is the time between two ticks of a timer set to the resolution: the delay
      // is what exceeds it. Before the first sample the monitor has nothing to say: zero.
      const read = (nanoseconds: number) =>
        loopDelay.count > 0 ? Math.max(0, nanoseconds / 1e9 - LOOP_DELAY_RESOLUTION_MS / 1000) : 0;
      this.set({ stat: 'p50' }, read(loopDelay.percentile(50)));
      this.set({ stat: 'p99' }, read(loopDelay.percentile(99)));
      this.set({ stat: 'max' }, read(loopDelay.max));
      loopDelay.reset();
    },
  });

  const dialect = options.dialect;
  return {
    register,
    httpResponse(method, route, statusCode, durationMs) {
      httpDuration.observe(
        { method, route: route ?? 'unmatched', status_code: String(statusCode) },
        seconds(durationMs),
      );
    },
    hubCall(event, errorCode, durationMs) {
      const labels = { call: callLabel(event), code: codeLabel(errorCode) };
      hubCallDuration.observe(labels, seconds(durationMs));
      if (errorCode !== undefined) hubCallErrors.inc(labels);
    },
    spin(latenessMs) {
      spins.inc();
      spinLateness.observe(seconds(Math.max(0, latenessMs)));
    },
    query(durationMs, failed) {
      queryDuration.observe({ dialect }, seconds(durationMs));
      if (failed) queryErrors.inc({ dialect });
    },
    limiterRefusal(limiter) {
      limiterRefusals.inc({ limiter });
    },
    redisFallback() {
      redisFallbacks.inc();
    },
    readFrom(next) {
      sources = { ...sources, ...next };
    },
    stop() {
      loopDelay.disable();
    },
  };
}
