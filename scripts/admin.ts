// npm run admin -- <command> [arguments]: operator commands for a running installation.
//
// deactivate and activate need the database. An embedded PGlite data directory must never be
// opened by two processes (it corrupts), so with PGlite the command asks the running server, through
// a loopback-only route that also demands the secret the server wrote to DATA_DIR/admin-secret at
// start. With DATABASE_URL set it connects to PostgreSQL directly.
import { setStudentActive } from '#features/accounts/server/students.ts';
import { ADMIN_SECRET_HEADER } from '#features/accounts/server/admin-routes.ts';
import { readAdminSecret } from '#server/admin-secret.ts';
import { openDatabase } from '#server/db/client.ts';
import { EnvError, readEnv, type Env } from '#server/env.ts';

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
};

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

async function setThroughServer(email: string, active: boolean, env: Env, io: AdminIo): Promise<number> {
  const secret = await readAdminSecret(env.DATA_DIR);
  const host = env.HOST === '0.0.0.0' || env.HOST === '::' ? '127.0.0.1' : env.HOST;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${env.PORT}/api/v1/admin/students/status`;
  const notRunning = `No server is running for DATA_DIR=${env.DATA_DIR} (at ${url}) and DATABASE_URL is not set: start it with npm start, then run this again.`;
  if (!secret) {
    io.err(notRunning);
    return 1;
  }
  let answer: Response;
  try {
    answer = await io.fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [ADMIN_SECRET_HEADER]: secret },
      body: JSON.stringify({ email, active }),
    });
  } catch {
    io.err(notRunning);
    return 1;
  }
  const body = (await answer.json().catch(() => ({}))) as { message?: string };
  if (answer.ok) {
    io.out(body.message ?? 'Done.');
    return 0;
  }
  io.err(`${body.message ?? `The server answered ${answer.status}`}: nothing was changed.`);
  return 1;
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
