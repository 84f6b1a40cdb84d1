// `npm run edit` and its backend: decap-server's handlers answer only through the editor's own server
// (no port of their own that a rebinding page or another local process could reach), and only for
// content/ and the picture folders: never .git/config, directly or through a link in content/.
import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, symlinkSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localBackend } from './backend.ts';

const GIT_CONFIG = '[core]\n\trepositoryformatversion = 0\n';
const options = { commitMessage: 'x', useWorkflow: false, status: 'draft', collectionName: 'faculty' };
const save = (path: string, raw: string) => ({
  action: 'persistEntry',
  params: { branch: 'main', dataFiles: [{ slug: 'x', path, raw }], assets: [], options },
});

/** A copy of content/ in a folder that is also a repository, as the working copy is. */
function editorRoot() {
  const root = mkdtempSync(join(tmpdir(), 'editor-root-'));
  cpSync('content', join(root, 'content'), { recursive: true });
  mkdirSync(join(root, '.git'));
  writeFileSync(join(root, '.git', 'config'), GIT_CONFIG);
  return root;
}

describe("decap-server's handlers in the editor's process", () => {
  it('write where the gate allows, and never through a link in content/', async () => {
    const root = editorRoot();
    const backend = await localBackend(root);
    const tutor = '---\nname: Ada\n---\n\nBio.\n';
    expect(await backend(save('content/faculty/ada-new.md', tutor))).toEqual({ status: 200, body: { message: 'entry persisted' } });
    expect(readFileSync(join(root, 'content/faculty/ada-new.md'), 'utf8')).toBe(tutor);
    // A link committed into content/ that points at the repository's configuration.
    symlinkSync('../../.git/config', join(root, 'content/faculty/linked.md'));
    expect(await backend(save('content/faculty/linked.md', '[core]\n\tfsmonitor = "touch PWNED; false"\n'))).toEqual({
      status: 422,
      body: { error: 'content/faculty/linked.md: this file is reached through a link and is not edited here.' },
    });
    expect(await backend({ action: 'getEntry', params: { branch: 'main', path: 'content/faculty/linked.md' } })).toMatchObject({
      status: 422,
    });
    const listed = await backend({
      action: 'entriesByFolder',
      params: { branch: 'main', folder: 'content/faculty', extension: 'md', depth: 1 },
    });
    const paths = (listed.body as { file: { path: string } }[]).map(({ file }) => file.path);
    expect(paths).toContain('content/faculty/ada-new.md');
    expect(paths).not.toContain('content/faculty/linked.md');
    expect(readFileSync(join(root, '.git', 'config'), 'utf8')).toBe(GIT_CONFIG);
  });
});

/** Every process of the tree under `pid` (decap-server used to run as a child). */
function processTree(pid: number): number[] {
  const tasks = existsSync(`/proc/${pid}/task`) ? readdirSync(`/proc/${pid}/task`) : [];
  const children = tasks.flatMap((task) =>
    readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean).map(Number),
  );
  return [pid, ...children.flatMap(processTree)];
}

/** The TCP ports the processes listen on, from /proc (no tool needed). */
function listeningPorts(pids: number[]): number[] {
  const inodes = new Set(
    pids.flatMap((pid) =>
      readdirSync(`/proc/${pid}/fd`).flatMap((fd) => {
        const target = (() => {
          try {
            return readlinkSync(`/proc/${pid}/fd/${fd}`);
          } catch {
            return '';
          }
        })();
        return /^socket:\[(\d+)\]$/.exec(target)?.[1] ?? [];
      }),
    ),
  );
  return ['/proc/net/tcp', '/proc/net/tcp6'].flatMap((table) =>
    readFileSync(table, 'utf8')
      .split('\n')
      .slice(1)
      .map((row) => row.trim().split(/\s+/))
      .filter((columns) => columns[3] === '0A' && inodes.has(columns[9]!))
      .map((columns) => parseInt(columns[1]!.split(':')[1]!, 16)),
  );
}

describe.skipIf(process.platform !== 'linux')('npm run edit', () => {
  let editor: ChildProcess;
  let port: number;
  let root: string;
  beforeAll(async () => {
    root = editorRoot();
    editor = spawn(process.execPath, ['scripts/editor/serve.ts', '--root', root, '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
    port = await new Promise<number>((done, failed) => {
      let out = '';
      editor.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const found = /localhost:(\d+)\/admin\//.exec(out);
        if (found) done(Number(found[1]));
      });
      editor.on('exit', (code) => failed(new Error(`the editor stopped (${code})`)));
    });
  }, 60_000);
  afterAll(() => {
    editor?.kill();
  });

  // node:http, not fetch: fetch will not send a Host header of our choosing.
  const call = (body: unknown, host = `localhost:${port}`) =>
    new Promise<{ status: number }>((done, failed) => {
      const headers = { host, origin: `http://localhost:${port}`, 'content-type': 'application/json' };
      request({ host: '127.0.0.1', port, path: '/api/v1', method: 'POST', headers }, (answer) => {
        answer.resume();
        answer.on('end', () => done({ status: answer.statusCode ?? 0 }));
      })
        .on('error', failed)
        .end(JSON.stringify(body));
    });

  it('listens on its own port only: the backend has none to reach', () => {
    expect(listeningPorts(processTree(editor.pid!))).toEqual([port]);
  });

  it('writes nothing outside content/ and the picture folders, .git/config least of all', async () => {
    for (const path of ['.git/config', 'package.json', 'content/../.git/config', 'content/faculty/../../.git/config']) {
      const answer = await call(save(path, '[core]\n\tfsmonitor = "touch PWNED; false"\n'));
      expect(answer.status, path).toBe(422);
    }
    const media = {
      action: 'persistMedia',
      params: {
        branch: 'main',
        asset: { path: '.git/config', content: Buffer.from('[core]').toString('base64'), encoding: 'base64' },
        options,
      },
    };
    expect((await call(media)).status).toBe(422);
    // Nor through a link in content/ that points there (a commit can hold one).
    symlinkSync('../../.git/config', join(root, 'content/faculty/linked.md'));
    expect((await call(save('content/faculty/linked.md', '[core]\n\tfsmonitor = "touch PWNED; false"\n'))).status).toBe(422);
    expect(readFileSync(join(root, '.git', 'config'), 'utf8')).toBe(GIT_CONFIG);
    expect(existsSync(join(root, 'PWNED'))).toBe(false);
  });

  it('answers only at its own address, and saves through the gate there', async () => {
    expect((await call({ action: 'info' }, `rebind.evil.example:${port}`)).status).toBe(403);
    const tutor = readFileSync(join(root, 'content/faculty/ibrahim-musa.md'), 'utf8');
    const saved = await call(save('content/faculty/ibrahim-musa.md', `${tutor}\nOne more line.\n`));
    expect(saved.status).toBe(200);
    expect(readFileSync(join(root, 'content/faculty/ibrahim-musa.md'), 'utf8')).toContain('One more line.');
  });
});
