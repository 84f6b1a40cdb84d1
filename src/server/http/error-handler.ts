// The API's one error handler. Expected failures (ApiError) become their status and message; a
// database or mail server that cannot be reached becomes 503; anything else is a bug: it is logged
// with the request id and answered with a plain 500 that reveals nothing of the server. Logs name
// the request, the error and its codes, never a body or a query's parameters (see log.ts).
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { isDatabaseUnavailable } from '../db/availability.ts';
import { describeError, escapeForLog, type Logger } from '../log.ts';
import { MailUnavailableError } from '../mail/mailer.ts';
import { errorBody, isApiError } from './api-error.ts';
import type { ApiEnv } from './context.ts';

export const INTERNAL_ERROR = 'Something went wrong, please try again!';
const DATABASE_UNAVAILABLE = 'The service is temporarily unavailable, please try again in a few minutes.';
const MAIL_UNAVAILABLE = 'We could not send your message right now, please try again in a few minutes.';

/**
 * Retry-After on every 503, in seconds: when a client (or a proxy that retries) may try again. A
 * database usually comes back after a restart or failover within half a minute; a mail server that
 * refuses is often down longer, and each retry re-sends a whole form, so mail waits a minute.
 */
const DATABASE_RETRY_AFTER_SECONDS = 30;
const MAIL_RETRY_AFTER_SECONDS = 60;

export function handleApiError(log: Logger) {
  return (error: Error, c: Context<ApiEnv>) => {
    if (isApiError(error)) return c.json(errorBody(error.message, error.fieldErrors), error.status, error.headers);
    const where = `[api] request ${c.get('requestId') ?? '-'} ${c.req.method} ${escapeForLog(c.req.path)}`;
    if (error instanceof MailUnavailableError) {
      log.error(`${where}: mail is unavailable: ${describeError(error)}`);
      return c.json({ message: MAIL_UNAVAILABLE }, 503, { 'retry-after': String(MAIL_RETRY_AFTER_SECONDS) });
    }
    if (isDatabaseUnavailable(error)) {
      log.error(`${where}: the database is unavailable: ${describeError(error)}`);
      return c.json({ message: DATABASE_UNAVAILABLE }, 503, { 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) });
    }
    // Hono raises these for its own checks; their messages are written for clients.
    if (error instanceof HTTPException && error.status < 500) return c.json({ message: error.message || 'Request failed' }, error.status);
    log.error(`${where} failed`, error);
    return c.json({ message: INTERNAL_ERROR }, 500);
  };
}
