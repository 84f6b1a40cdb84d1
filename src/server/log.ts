// The server's log: one line per event on stdout/stderr, so a process manager or container runtime
// can collect it. Tests pass their own Logger to keep the output quiet and to read what was said.
//
// A log is read by more people, and kept longer, than the database: it must never hold a visitor's
// personal data or a secret. An error is therefore never printed as it is (a failed query's message
// lists its parameters: e-mail addresses, phone numbers, messages, later password hashes and codes)
// but through describeError, which keeps what a bug hunt needs: names, codes, query text, our frames.
export interface Logger {
  info(line: string): void;
  /** `error` is written through describeError, never as it is. */
  error(line: string, error?: unknown): void;
}

/** The line the console gets for an event: `line`, then the error's safe description, if any. */
/** Text from a request (a path, a header) made safe for one log line: control characters, CR and LF among them, as \\xNN. */
export const escapeForLog = (text: string): string =>
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is looked for
  text.replace(/[\u0000-\u001f\u007f]/g, (char) => `\\x${char.charCodeAt(0).toString(16).padStart(2, '0')}`);

export function formatLogLine(line: string, error?: unknown): string {
  if (error === undefined) return line;
  const frames = ourFrames(error);
  return `${line}: ${describeError(error)}${frames.length > 0 ? ` | ${frames.join(' | ')}` : ''}`;
}

export const consoleLogger: Logger = {
  info: (line) => console.log(line),
  error: (line, error) => console.error(formatLogLine(line, error)),
};

const MAX_CAUSES = 5;
// Errors whose messages quote the input they choke on: JSON.parse's ('"ada@example.com" is not valid
// JSON') and valibot's ('Expected string but received …').
const QUOTES_INPUT = new Set(['SyntaxError', 'ValiError']);
const MAX_QUERY_LENGTH = 500;
const MAX_FRAMES = 8;

/**
 * An error and its causes on one line, e.g. `DrizzleQueryError: query "insert into … values ($1, $2)"
 * <- error SQLSTATE 23505`. Database errors give their name, SQLSTATE and query text (with its $n
 * placeholders) but never their message, which quotes values (`params: …`, `Key (email)=(…)`,
 * `invalid input syntax for type uuid: "…"`); other errors give their message, written by code,
 * unless they are known to quote their input.
 */
export function describeError(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  let lastQuery: unknown;
  for (let depth = 0; depth < MAX_CAUSES && current !== undefined && current !== null; depth++) {
    if (!(current instanceof Error)) {
      // A thrown value that is not an Error may be anything, a request body included.
      parts.push(`a thrown ${typeof current}`);
      break;
    }
    // drizzle's error and the driver's under it often carry the same query text: say it once.
    const query = (current as { query?: unknown }).query;
    parts.push(describeOne(current, query !== lastQuery));
    lastQuery = query;
    current = current instanceof AggregateError && current.errors.length > 0 ? current.errors[0] : current.cause;
  }
  return parts.join(' <- ');
}

function describeOne(error: Error, withQuery: boolean): string {
  const fields = error as Error & {
    code?: unknown;
    query?: unknown;
    params?: unknown;
    detail?: unknown;
    severity?: unknown;
    responseCode?: unknown;
    command?: unknown;
  };
  // nodemailer's SMTP errors: their messages quote the server's reply, which names the recipient
  // ('550 <ada@example.com>: Recipient address rejected'). Only the code and the reply code are kept.
  const smtp = typeof fields.responseCode === 'number' || typeof fields.command === 'string';
  // A SQLSTATE is five digits or capitals; none of PostgreSQL's classes begins with E, so EAUTH and
  // the like are not mistaken for one.
  const sqlState =
    !smtp && typeof fields.code === 'string' && /^[0-9A-Z]{5}$/.test(fields.code) && !fields.code.startsWith('E') ? fields.code : undefined;
  const fromDatabase = sqlState !== undefined || 'params' in fields || 'detail' in fields || 'severity' in fields;
  const messageIsSafe = !smtp && !fromDatabase && !QUOTES_INPUT.has(error.name);
  // Some libraries (drizzle among them) leave `name` as 'Error': the class says more.
  let text = error.name && error.name !== 'Error' ? error.name : error.constructor.name || 'Error';
  if (smtp)
    text += ` SMTP${typeof fields.code === 'string' ? ` ${fields.code}` : ''}${typeof fields.responseCode === 'number' ? ` ${fields.responseCode}` : ''}`;
  else if (sqlState) text += ` SQLSTATE ${sqlState}`;
  else if (typeof fields.code === 'string' && /^[A-Z_]{2,32}$/.test(fields.code)) text += ` ${fields.code}`;
  if (typeof fields.query === 'string') {
    if (withQuery) text += `: query "${oneLine(fields.query).slice(0, MAX_QUERY_LENGTH)}"`;
  } else if (messageIsSafe && error.message) text += `: ${oneLine(error.message)}`;
  return text;
}

/** Where in our own code the error was raised: stack frames outside node_modules and Node's internals. */
function ourFrames(error: unknown): string[] {
  if (!(error instanceof Error) || typeof error.stack !== 'string') return [];
  // Only the `at …` lines: the first lines of a stack repeat the message.
  return error.stack
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.startsWith('at ') && !line.includes('node_modules') && !line.includes('(node:') && !line.startsWith('at node:'))
    .slice(0, MAX_FRAMES);
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();
