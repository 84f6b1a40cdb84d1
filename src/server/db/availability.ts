// Tells a database that cannot be reached from a query that failed for another reason: the first
// earns a 503 (try again later), the second is a bug and a 500.
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);

// SQLSTATE class 08 is 'connection exception', 53 'insufficient resources'; 57P01-57P03 mean the
// server is shutting down or starting up; 57014 is a statement cancelled by statement_timeout (we
// never cancel one ourselves), a server too slow to answer in time.
const UNAVAILABLE_SQLSTATE = /^(08|53)|^57P0[123]$|^57014$/;

const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  // The pool's connectionTimeoutMillis, waiting for a free connection or for a new one.
  'timeout exceeded when trying to connect',
  // The client's query_timeout: the server took the statement and never answered.
  'Query read timeout',
  'Cannot use a pool after calling end on the pool',
  'Client has encountered a connection error',
  'PGlite is closed',
];

// pg.Client's own connectionTimeoutMillis destroys the socket with this bare message: too general to
// look for inside other messages, so it must be the whole message.
const CONNECT_TIMEOUT_MESSAGE = 'timeout expired';

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 5) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code))) return true;
  if (UNAVAILABLE_MESSAGES.some((text) => error.message.includes(text)) || error.message === CONNECT_TIMEOUT_MESSAGE) return true;
  // drizzle wraps the driver's error in `cause`; a failed dual-stack connect is an AggregateError.
  const inner: unknown[] = [error.cause, ...(error instanceof AggregateError ? (error.errors as unknown[]) : [])];
  return inner.some((cause) => isDatabaseUnavailable(cause, depth + 1));
}
