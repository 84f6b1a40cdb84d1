// npm run admin -- <command> [arguments]: operator commands for a running installation.
//
// deactivate, activate, enrolments, refunds and invite-staff need the database. An embedded PGlite data directory must
// never be opened by two processes (it corrupts), so with PGlite the command asks the running
// server, through a loopback-only route that also demands the secret the server wrote to
// DATA_DIR/admin-secret at start. With DATABASE_URL set it connects to PostgreSQL directly.
import * as v from 'valibot';
import { setStudentActive } from '#features/accounts/server/students.ts';
import { StaffInvitationSchema } from '#features/staff/schemas.ts';
import { COMMAND_IP } from '#features/staff/server/audit.ts';
import { inviteStaff } from '#features/staff/server/invite.ts';
import { enrolmentRows, EnrolmentRowsSchema, toCsv, type EnrolmentRow } from '#features/payments/server/enrolment-report.ts';
import { ADMIN_SECRET_HEADER, readAdminAddress, readAdminSecret } from '#server/admin-secret.ts';
import { openDatabase } from '#server/db/client.ts';
import { EnvError, readEnv, type Env } from '#server/env.ts';
import { ApiError } from '#server/http/api-error.ts';
import { consoleLogger } from '#server/log.ts';
import { createMailer } from '#server/mail/mailer.ts';
import { join } from 'node:path';

export interface AdminIo {
  env: Record<string, string | undefined>;
  out: (line: string) => void;
  err: (line: string) => void;
  fetch: typeof fetch;
}

interface Command {
  usage: string;
  summary: string;
  run(args: string[], io: AdminIo, env: Env): Promise<number>;
}

const statusCommand = (active: boolean): Command => ({
  usage: `${active ? 'activate' : 'deactivate'} <email>`,
  summary: active
    ? 'Let a deactivated student log in again.'
    : 'Stop a student from logging in; every session of the account ends at once.',
  run: async ([email, ...rest], io, env) => {
    if (!email || rest.length > 0) {
      io.err(`Usage: npm run admin -- ${active ? 'activate' : 'deactivate'} <email>`);
      return 2;
    }
    return env.DATABASE_URL ? setDirectly(email, active, env, io) : setThroughServer(email, active, env, io);
  },
});

const commands: Record<string, Command> = {
  help: {
    usage: 'help',
    summary: 'List the commands.',
    run: (_args, io) => {
      printHelp(io);
      return Promise.resolve(0);
    },
  },
  deactivate: statusCommand(false),
  activate: statusCommand(true),
  enrolments: reportCommand(
    'enrolments',
    'Print every successful payment as CSV: student, email, course, amount, reference, date, needs_refund.',
  ),
  refunds: reportCommand(
    'refunds',
    'Print, as the same CSV, the payments to refund: paid for a course the student was already enrolled in.',
    (row) => row.needs_refund === 'yes',
  ),
  'invite-staff': {
    usage: 'invite-staff <email> --role admin|staff [--name "Full Name"]',
    summary: 'Mail a staff invitation (72 hours, one use) and print its link: how the first admin is made.',
    run: async (args, io, env) => {
      const input = invitationInput(args);
      if (!input) {
        io.err('Usage: npm run admin -- invite-staff <email> --role admin|staff [--name "Full Name"]');
        return 2;
      }
      const checked = v.safeParse(StaffInvitationSchema, input);
      if (!checked.success) {
        io.err(`${checked.issues[0].message}: nothing was sent.`);
        return 2;
      }
      return env.DATABASE_URL ? inviteDirectly(checked.output, env, io) : inviteThroughServer(checked.output, env, io);
    },
  },
};

function reportCommand(name: string, summary: string, keep: (row: EnrolmentRow) => boolean = () => true): Command {
  return {
    usage: name,
    summary,
    run: async (args, io, env) => {
      if (args.length > 0) {
        io.err(`Usage: npm run admin -- ${name}`);
        return 2;
      }
      const rows = env.DATABASE_URL ? await rowsDirectly(env) : await rowsThroughServer(env, io);
      if (!rows) return 1;
      io.out(toCsv(rows.filter(keep)));
      return 0;
    },
  };
}

async function setDirectly(email: string, active: boolean, env: Env, io: AdminIo): Promise<number> {
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL });
  try {
    if (!(await setStudentActive(database.db, email, active, new Date()))) {
      io.err(`No account uses ${email}: nothing was changed.`);
      return 1;
    }
    io.out(active ? `${email} can log in again.` : `${email} is deactivated and signed out everywhere.`);
    return 0;
  } finally {
    await database.close();
  }
}

/**
 * Asks the admin route at `path` (under /api/v1/admin) of the server running on this DATA_DIR, with
 * its secret; a body goes as JSON with POST. Null, once said to the operator, when no server runs there.
 */
async function askServer(path: string, body: object | undefined, env: Env, io: AdminIo): Promise<Response | null> {
  const secret = await readAdminSecret(env.DATA_DIR);
  // The address the server recorded beside its secret; else HOST and PORT, as it would be started.
  const host = env.HOST === '0.0.0.0' || env.HOST === '::' ? '127.0.0.1' : env.HOST;
  const base = (await readAdminAddress(env.DATA_DIR)) ?? `http://${host.includes(':') ? `[${host}]` : host}:${env.PORT}`;
  const url = `${base}/api/v1/admin/${path}`;
  const notRunning = `No server is running for DATA_DIR=${env.DATA_DIR} (at ${url}) and DATABASE_URL is not set: start it with npm start, then run this again.`;
  if (!secret) {
    io.err(notRunning);
    return null;
  }
  try {
    return await io.fetch(
      url,
      body === undefined
        ? { method: 'GET', headers: { [ADMIN_SECRET_HEADER]: secret } }
        : { method: 'POST', headers: { 'content-type': 'application/json', [ADMIN_SECRET_HEADER]: secret }, body: JSON.stringify(body) },
    );
  } catch {
    io.err(notRunning);
    return null;
  }
}

async function setThroughServer(email: string, active: boolean, env: Env, io: AdminIo): Promise<number> {
  const answer = await askServer('students/status', { email, active }, env, io);
  if (!answer) return 1;
  const body = (await answer.json().catch(() => ({}))) as { message?: string };
  if (answer.ok) {
    io.out(body.message ?? 'Done.');
    return 0;
  }
  io.err(`${body.message ?? `The server answered ${answer.status}`}: nothing was changed.`);
  return 1;
}

/** `<email> --role <role> [--name <name>]` in any order of the options; null when it is not that. */
function invitationInput(args: string[]): { email: string; role: string; name?: string } | null {
  const [email, ...options] = args;
  if (!email || email.startsWith('--')) return null;
  const values: Record<string, string> = {};
  for (let index = 0; index < options.length; index += 2) {
    const flag = options[index];
    const value = options[index + 1];
    if ((flag !== '--role' && flag !== '--name') || value === undefined || flag in values) return null;
    values[flag] = value;
  }
  if (values['--role'] === undefined) return null;
  return { email, role: values['--role'], ...(values['--name'] === undefined ? {} : { name: values['--name'] }) };
}

type Invitation = v.InferOutput<typeof StaffInvitationSchema>;

function printInvitation(io: AdminIo, email: string, link: string) {
  io.out(`Invitation mailed to ${email}. Its link works once, for 72 hours:`);
  io.out(link);
}

async function inviteDirectly(input: Invitation, env: Env, io: AdminIo): Promise<number> {
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL });
  const mailer = createMailer({
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM,
    outboxDir: join(env.DATA_DIR, 'outbox'),
    log: consoleLogger,
  });
  try {
    const link = await inviteStaff({ db: database.db, mailer, env, clock: () => new Date() }, input, { actor: null, ip: COMMAND_IP });
    printInvitation(io, input.email, link);
    return 0;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    io.err(`${error.message}: nothing was sent.`);
    return 1;
  } finally {
    mailer.close();
    await database.close();
  }
}

async function inviteThroughServer(input: Invitation, env: Env, io: AdminIo): Promise<number> {
  const answer = await askServer('staff/invitations', input, env, io);
  if (!answer) return 1;
  const body = (await answer.json().catch(() => ({}))) as { message?: string; data?: { link?: unknown } };
  if (!answer.ok || typeof body.data?.link !== 'string') {
    io.err(`${body.message ?? `The server answered ${answer.status}`}: nothing was sent.`);
    return 1;
  }
  printInvitation(io, input.email, body.data.link);
  return 0;
}

async function rowsDirectly(env: Env): Promise<EnrolmentRow[]> {
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL });
  try {
    return await enrolmentRows(database.db);
  } finally {
    await database.close();
  }
}

/** Every successful payment, from the running server; null, once said to the operator, when it cannot be had. */
async function rowsThroughServer(env: Env, io: AdminIo): Promise<EnrolmentRow[] | null> {
  const answer = await askServer('enrolments', undefined, env, io);
  if (!answer) return null;
  const body = (await answer.json().catch(() => ({}))) as { message?: string; data?: unknown };
  if (!answer.ok) {
    io.err(`${body.message ?? `The server answered ${answer.status}`}: nothing was listed.`);
    return null;
  }
  const listed = v.safeParse(EnrolmentRowsSchema, body.data);
  if (!listed.success) {
    io.err('The server answered with something other than the list of enrolments: nothing was listed.');
    return null;
  }
  return listed.output.rows;
}

function printHelp(io: AdminIo) {
  io.out('Usage: npm run admin -- <command> [arguments]\n\nCommands:');
  const width = Math.max(...Object.values(commands).map((command) => command.usage.length));
  for (const command of Object.values(commands)) io.out(`  ${command.usage.padEnd(width)}  ${command.summary}`);
}

export async function runAdmin(argv: string[], io: AdminIo): Promise<number> {
  const [name = 'help', ...args] = argv;
  const command = Object.hasOwn(commands, name) ? commands[name] : undefined;
  if (!command) {
    io.err(`Unknown command "${name}": nothing was changed. Run "npm run admin -- help" to list the commands.`);
    return 2;
  }
  let env: Env;
  try {
    env = readEnv(io.env);
  } catch (error) {
    if (error instanceof EnvError) {
      io.err(error.message);
      return 2;
    }
    throw error;
  }
  return command.run(args, io, env);
}

if (import.meta.main) {
  process.exitCode = await runAdmin(process.argv.slice(2), {
    env: process.env,
    out: (line) => console.log(line),
    err: (line) => console.error(line),
    fetch,
  });
}
