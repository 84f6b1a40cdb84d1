// GET /metrics in Prometheus' text format (prom-client), on the process's own port: requests by
// route and status, their latency, the database pool, payments by status and the mail waiting to be
// retried, with the process's own figures (memory, CPU, event-loop delay). It is answered only to
// loopback (or the addresses METRICS_ADDRESSES names) and never to a request that came through a
// proxy (X-Forwarded-For or Forwarded): nginx on the same machine connects from loopback, and its
// config forwards only /api/, /api/docs and /media/uploads/, never /metrics.
//
// The per-request cost is one timer and two label lookups after the answer; everything that reads
// the database (payments) runs only when Prometheus scrapes.
import type { MiddlewareHandler } from 'hono';
import type pg from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { count } from 'drizzle-orm';
import type { Database } from './db/client.ts';
import { PAYMENT_STATUSES, payments } from './db/schema.ts';
import { addressMatcher } from './http/address-list.ts';

export const METRICS_PATH = '/metrics';

export interface Metrics {
  /** Counts and times every API request by its route's pattern (never its path: ids would make a series each). */
  middleware: MiddlewareHandler;
  /** Counts and times one answer under its route's pattern (what the middleware does; front-answers.ts sends some without it). */
  record: (route: string, method: string, status: number, seconds: number) => void;
  /** The answer to GET /metrics from `remoteAddress`, or null when it is not for that client. */
  answer(request: Request, remoteAddress: string): Promise<Response | null>;
}

interface Sources {
  db: Database;
  /** PostgreSQL's connection pool; undefined with the embedded database. */
  pool?: pg.Pool | undefined;
  /** Mail handed over for sending after the answer and not yet sent or given up. */
  mailPending: () => number;
  /** Who else may read the metrics: addresses or CIDR ranges (METRICS_ADDRESSES). */
  allowed?: string[];
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

export function createMetrics(sources: Sources): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: 'adire_http_requests_total',
    help: 'API requests answered, by route pattern, method and status.',
    labelNames: ['route', 'method', 'status'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'adire_http_request_duration_seconds',
    help: 'Time to answer an API request, by route pattern and method.',
    labelNames: ['route', 'method'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const { pool } = sources;
  if (pool) {
    const poolGauge = (name: string, help: string, read: (p: pg.Pool) => number) =>
      new Gauge({
        name,
        help,
        registers: [registry],
        collect() {
          this.set(read(pool));
        },
      });
    poolGauge('adire_db_pool_connections', 'PostgreSQL connections open in the pool (at most 10).', (p) => p.totalCount);
    poolGauge('adire_db_pool_idle', 'PostgreSQL connections open and idle.', (p) => p.idleCount);
    poolGauge('adire_db_pool_waiting', 'Queries waiting for a free connection.', (p) => p.waitingCount);
  }
  new Gauge({
    name: 'adire_payments',
    help: 'Payments in the database by status (all processes: the same figure from each).',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      const rows = await sources.db.select({ status: payments.status, n: count() }).from(payments).groupBy(payments.status);
      this.reset();
      for (const status of PAYMENT_STATUSES) this.set({ status }, rows.find((row) => row.status === status)?.n ?? 0);
    },
  });
  new Gauge({
    name: 'adire_mail_queue',
    help: 'Mail of this process waiting to be sent or retried (sign-up and reset codes).',
    registers: [registry],
    collect() {
      this.set(sources.mailPending());
    },
  });

  const record = (route: string, method: string, status: number, seconds: number) => {
    requests.inc({ route, method, status });
    duration.observe({ route, method }, seconds);
  };

  const allowed = addressMatcher(sources.allowed ?? []);
  const mayRead = (address: string) => LOOPBACK.test(address) || allowed(address);

  return {
    async middleware(c, next) {
      const started = performance.now();
      await next();
      record(c.req.routePath, c.req.method, c.res.status, (performance.now() - started) / 1000);
    },
    record,
    async answer(request, remoteAddress) {
      if (request.method !== 'GET' && request.method !== 'HEAD') return null;
      if (request.headers.has('x-forwarded-for') || request.headers.has('forwarded') || !mayRead(remoteAddress)) return null;
      const body = await registry.metrics();
      return new Response(request.method === 'HEAD' ? null : body, {
        headers: { 'content-type': registry.contentType, 'cache-control': 'no-store' },
      });
    },
  };
}
