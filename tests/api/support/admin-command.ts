// `npm run admin` as the tests run it: the command itself (scripts/deploy/admin.ts), its fetch reaching the
// test app as a loopback request would, and what it printed.
import type { ApiApp } from '#server/app.ts';
import { runAdmin } from '../../../scripts/deploy/admin.ts';

export interface AdminRun {
  code: number;
  out: string[];
  err: string[];
}

/** `asked` hears every URL the command fetches. */
export async function runAdminAgainst(
  app: ApiApp,
  argv: string[],
  env: Record<string, string>,
  asked: (url: string) => void = () => {},
): Promise<AdminRun> {
  const out: string[] = [];
  const err: string[] = [];
  const viaApp: typeof fetch = (input, init) => {
    const url = input instanceof Request ? input.url : input.toString();
    asked(url);
    return Promise.resolve(app.request(new URL(url).pathname, init, { incoming: { socket: { remoteAddress: '127.0.0.1' } } }));
  };
  const code = await runAdmin(argv, { env, out: (line) => out.push(line), err: (line) => err.push(line), fetch: viaApp });
  return { code, out, err };
}
