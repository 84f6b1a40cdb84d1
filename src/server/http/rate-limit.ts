// Per-client request limits for the API's routes, counted in the database (see
// docs/decisions/003-rate-limits.md). Every request counts, valid or not, so a flood of bad
// requests is stopped as early as a flood of good ones.
import type { MiddlewareHandler } from 'hono';
import { countRequest } from '../db/rate-limit-buckets.ts';
import type { ApiServices } from '../deps.ts';
import { ApiError } from './api-error.ts';
import { clientAddress } from './client-address.ts';
import type { ApiEnv } from './context.ts';

export interface RateLimitPolicy {
  /** Requests allowed per client within one window; the next one is refused. */
  limit: number;
  windowMs: number;
}

/** The public forms (newsletter, contact, tutor request): a burst of 20 per 10 minutes. */
const FORM_RATE_LIMIT: RateLimitPolicy = { limit: 20, windowMs: 10 * 60_000 };

const tooManyRequestsMessage = (seconds: number) =>
  `Too many requests, please try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`;

/** Whole seconds from `now` until `resetsAt`, at least 1: what Retry-After says. */
export const secondsUntil = (resetsAt: Date, now: Date) => Math.max(1, Math.ceil((resetsAt.getTime() - now.getTime()) / 1000));

/** The 429 for any limit: the wait in words and in Retry-After. */
export function tooManyRequests(seconds: number): ApiError {
  return new ApiError(429, tooManyRequestsMessage(seconds), { headers: { 'retry-after': String(seconds) } });
}

/** `rule` names what is limited (one bucket per rule and client), e.g. 'contact'. */
export function rateLimit(services: ApiServices, rule: string, policy: RateLimitPolicy = FORM_RATE_LIMIT): MiddlewareHandler<ApiEnv> {
  const { env } = services;
  return async (c, next) => {
    const now = services.clock();
    const key = `${rule}:${clientAddress(c, env)}`;
    const { hits, resetsAt } = await countRequest(services.db, key, now, policy.windowMs);
    if (hits > policy.limit) throw tooManyRequests(secondsUntil(resetsAt, now));
    await next();
  };
}

/**
 * A limit counted in this process's memory, for an answer that needs no database (the OpenAPI
 * document): it keeps working while the database is down, and costs no write per request. One window
 * for every client, cleared as a whole when it ends, so the map never outgrows one window's clients.
 * Behind several processes each counts its own share.
 */
export function memoryRateLimit(services: ApiServices, policy: RateLimitPolicy): MiddlewareHandler<ApiEnv> {
  const { env } = services;
  let windowStart = 0;
  const counts = new Map<string, number>();
  return async (c, next) => {
    const now = services.clock();
    if (now.getTime() - windowStart >= policy.windowMs) {
      windowStart = now.getTime();
      counts.clear();
    }
    const client = clientAddress(c, env);
    const hits = (counts.get(client) ?? 0) + 1;
    counts.set(client, hits);
    if (hits > policy.limit) throw tooManyRequests(secondsUntil(new Date(windowStart + policy.windowMs), now));
    await next();
  };
}
