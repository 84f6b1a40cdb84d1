// `npm run admin` as the tests run it: the command itself (scripts/admin.ts), its fetch reaching the
// test app as a loopback request would, and what it printed.
import type { ApiApp } from '#server/app.ts';
import { runAdmin } from '../../../scripts/admin.ts';

export interface AdminRun {
  code: number;
  out: string[];
  err: string[];
}

export async function runAdminAgainst(app: ApiApp, argv: string[], env: Record<string, string>): Promise<AdminRun> {
  const out: string[] = [];
  const err: string[] = [];
  const viaApp: typeof fetch = (input, init) =>
    Promise.resolve(
      app.request(new URL(input instanceof Request ? input.url : input.toString()).pathname, init, {
        incoming: { socket: { remoteAddress: '127.0.0.1' } },
      }),
    );
  const code = await runAdmin(argv, { env, out: (line) => out.push(line), err: (line) => err.push(line), fetch: viaApp });
  return { code, out, err };
}
