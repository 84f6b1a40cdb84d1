// decap-server's handlers for the local file system (its own code, the answers Decap's page expects),
// run inside `npm run edit` behind our gate instead of as a server of their own. There is no second
// port for a rebinding page or another local process to reach: a call gets to these handlers only
// through the editor's own server, after its request check (request-check.ts) and its gate
// (gate.ts). decap-server itself would read and write anything under its folder (.git/config too).
import { lstat, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';

export interface BackendAnswer {
  status: number;
  body: unknown;
}
type Handler = (request: { body: unknown }, response: FakeResponse, next: () => void) => unknown;
interface FakeResponse {
  status(code: number): FakeResponse;
  json(value: unknown): void;
}

const require = createRequire(import.meta.url);

/**
 * The path's names from `root` down: none may be a symbolic link, so that a file the gate let
 * through is that file and not one a link in content/ points to (under .git/, say).
 */
async function throughLink(root: string, path: string): Promise<boolean> {
  let at = root;
  for (const name of path.split('/')) {
    at = join(at, name);
    const stats = await lstat(at).catch(() => undefined);
    if (!stats) return false;
    if (stats.isSymbolicLink()) return true;
  }
  return false;
}

const isFile = (path: string) =>
  stat(path).then(
    (stats) => stats.isFile(),
    () => false,
  );

/** The paths a call names, as the gate checked them: each must be reached without a link. */
function namedPaths(params: Record<string, unknown> | undefined): string[] {
  if (!params) return [];
  const paths: unknown[] = [params.path, params.folder, params.mediaFolder];
  for (const list of [params.files, params.dataFiles, params.assets, params.paths])
    if (Array.isArray(list))
      paths.push(...list.map((item: unknown) => (typeof item === 'object' && item ? (item as { path?: unknown }).path : item)));
  for (const one of [params.entry, params.asset]) if (typeof one === 'object' && one) paths.push((one as { path?: unknown }).path);
  return paths.filter((path): path is string => typeof path === 'string');
}

/** Files a listing answer holds: an entry's or a picture's path. */
const listedPath = (item: unknown) => {
  const entry = item as { file?: { path?: unknown }; path?: unknown } | null;
  const path = entry?.file?.path ?? entry?.path;
  return typeof path === 'string' ? path : undefined;
};

/**
 * decap-server's local file system backend for the folder `root`, as a function of one call (the
 * JSON body the page sends): its schema check, then its handler. Call it only for what the gate allows.
 */
export async function localBackend(
  root: string,
): Promise<(call: { action?: string; params?: Record<string, unknown> }) => Promise<BackendAnswer>> {
  const { registerLocalFs } = require('decap-server/dist/middlewares.js') as {
    registerLocalFs: (app: { use(): void; post(path: string, handler: Handler): void }, options: { logLevel: string }) => Promise<void>;
  };
  const handlers: Handler[] = [];
  // It takes the folder from the environment, as its own server does, when it registers.
  const before = process.env.GIT_REPO_DIRECTORY;
  process.env.GIT_REPO_DIRECTORY = root;
  try {
    // Its logging, CORS and body parsing are for a server of its own: this process has done all that.
    await registerLocalFs({ use: () => undefined, post: (_path, handler) => handlers.push(handler) }, { logLevel: 'warn' });
  } finally {
    if (before === undefined) delete process.env.GIT_REPO_DIRECTORY;
    else process.env.GIT_REPO_DIRECTORY = before;
  }
  const [validate, handle] = handlers;
  if (!validate || !handle) throw new Error('decap-server did not register its handlers.');

  const run = (call: unknown) =>
    new Promise<BackendAnswer>((done, failed) => {
      let status = 200;
      const response: FakeResponse = {
        status(code) {
          status = code;
          return response;
        },
        json: (body) => done({ status, body }),
      };
      const request = { body: call };
      Promise.resolve(
        validate(request, response, () => void Promise.resolve(handle(request, response, () => undefined)).catch(failed)),
      ).catch(failed);
    });

  return async (call) => {
    for (const path of namedPaths(call.params))
      if (await throughLink(root, path))
        return { status: 422, body: { error: `${path}: this file is reached through a link and is not edited here.` } };
    // decap-server reads a picture without looking first: one not there (an entry naming a picture
    // removed since), or a folder, would be its 500 and an error in the log with the server's path.
    const picture = call.action === 'getMediaFile' ? call.params?.path : undefined;
    if (typeof picture === 'string' && !(await isFile(join(root, picture))))
      return { status: 404, body: { error: `${picture}: no such picture.` } };
    const answer = await run(call);
    // A listing of a folder names its files: one reached through a link is left out.
    if ((call.action === 'entriesByFolder' || call.action === 'getMedia') && Array.isArray(answer.body)) {
      const kept = [];
      for (const item of answer.body as unknown[]) {
        const path = listedPath(item);
        if (path !== undefined && !(await throughLink(root, path))) kept.push(item);
      }
      return { status: answer.status, body: kept };
    }
    return answer;
  };
}
