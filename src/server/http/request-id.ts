// Gives every API request an id, sent back as `x-request-id` and written in every log line about
// it, so a person who reports a failure can quote the id and we can find what happened.
import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { isCompleteAnswer } from './complete-answer.ts';
import { REQUEST_ID_HEADER, type ApiEnv } from './context.ts';

export function assignRequestId(): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const id = randomUUID();
    c.set('requestId', id);
    await next();
    // A complete answer was made with the id already (complete-answer.ts).
    if (!isCompleteAnswer(c.res)) c.res.headers.set(REQUEST_ID_HEADER, id);
  };
}
