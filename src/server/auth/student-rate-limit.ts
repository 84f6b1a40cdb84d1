// A request limit per signed-in student instead of per address (mounted after requireStudent): for
// what a student does to their own account from any number of devices and addresses. It lives with
// sign-in, above the HTTP plumbing, which knows nothing of students.
import type { MiddlewareHandler } from 'hono';
import { countRequest } from '../db/rate-limit-buckets.ts';
import type { ApiServices } from '../deps.ts';
import { secondsUntil, tooManyRequests, type RateLimitPolicy } from '../http/rate-limit.ts';
import type { StudentEnv } from './require-student.ts';

/** One bucket per rule and student, e.g. 'tick'. */
export function studentRateLimit(services: ApiServices, rule: string, policy: RateLimitPolicy): MiddlewareHandler<StudentEnv> {
  return async (c, next) => {
    const now = services.clock();
    const { hits, resetsAt } = await countRequest(services.db, `${rule}:student:${c.var.student.id}`, now, policy.windowMs);
    if (hits > policy.limit) throw tooManyRequests(secondsUntil(resetsAt, now));
    await next();
  };
}
