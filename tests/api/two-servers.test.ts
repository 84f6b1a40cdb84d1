// Exactly once across processes: two real server processes share one PostgreSQL database, ten
// checkouts for one course reach both at once (one payment), and verify calls and webhooks for it
// reach both at the same moment. One enrolment, one
// receipt record, one notification and one receipt mail come out of it. Two more, started together
// on one DATA_DIR as well, share its uploads folder. PostgreSQL only (the embedded database belongs
// to one process); scripts/checks/test-postgres.sh runs it.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '#server/db/client.ts';
import { enrolments, notifications, receipts } from '#server/db/schema.ts';
import { signWebhook } from '#server/payments/provider.ts';
import { testWebhookKey } from '#server/payments/test-provider.ts';
import { codeIn, outboxFiles, readMail } from '../mail-files.ts';
import { siteWithCatalogue, startServerProcess, stopAll } from './support/server-process.ts';
import { emptyDatabaseTarget } from './support/test-database.ts';

const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

interface Server {
  child: ChildProcess;
  base: string;
  dataDir: string;
}

async function startServer(databaseUrl: string, dist: string, dataDir = mkdtempSync(join(tmpdir(), 'data-'))): Promise<Server> {
  const { child, origin } = await startServerProcess(databaseUrl, dist, dataDir);
  return { child, base: `${origin}/api/v1/`, dataDir };
}

const call = async (base: string, path: string, init: { method?: string; body?: string; headers?: Record<string, string> } = {}) => {
  const response = await fetch(base + path, {
    method: init.method ?? 'POST',
    headers: { 'content-type': 'application/json', ...init.headers },
    ...(init.body === undefined ? {} : { body: init.body }),
  });
  return { status: response.status, body: (await response.json()) as { data: Record<string, string> } };
};

describe.skipIf(!process.env.DATABASE_URL)('two server processes on one PostgreSQL', () => {
  const servers: Server[] = [];
  const drops: (() => Promise<void>)[] = [];
  afterAll(() => stopAll(servers, drops));

  /** A student signed up through `a` and verified through `b`, with the code from `a`'s outbox. */
  async function verifiedStudent(a: Server, b: Server, email: string): Promise<Record<string, string>> {
    const signedUp = await call(a.base, 'user/auth/student/signup', {
      body: JSON.stringify({ first_name: 'Ada', last_name: 'Obi', email, password: 'Indigo-Lagos7' }),
    });
    expect(signedUp.status).toBe(201);
    const outbox = join(a.dataDir, 'outbox');
    const mail = readMail(outbox, outboxFiles(outbox).at(-1)!);
    const verified = await call(b.base, 'user/auth/student/verify-account', { body: JSON.stringify({ email, otp: codeIn(mail) }) });
    return { authorization: `Bearer ${verified.body.data.token!}` };
  }

  it('settle one payment exactly once when its verify calls and webhooks are split between them', async () => {
    const target = await emptyDatabaseTarget();
    drops.push(() => target.drop());
    const url = target.options.databaseUrl!;
    const dist = siteWithCatalogue();
    // Both start at once: migrations and the catalogue sync must not trip over each other either.
    // One DATA_DIR: without S3 the uploads folder must be shared (a second one stops the start).
    const dataDir = mkdtempSync(join(tmpdir(), 'data-'));
    const [a, b] = await Promise.all([startServer(url, dist, dataDir), startServer(url, dist, dataDir)]);
    servers.push(a, b);
    const auth = await verifiedStudent(a, b, `two-servers-${Date.now()}@example.com`);

    // Ten checkouts at once, split between the two: one pending payment, one reference for all.
    const checkouts = await Promise.all(
      Array.from({ length: 10 }, (_, i) => call((i % 2 ? a : b).base, 'user/courses/course-02/checkout', { headers: auth })),
    );
    expect(checkouts.map((answer) => answer.status)).toEqual(Array(10).fill(201));
    expect(new Set(checkouts.map((answer) => answer.body.data.reference)).size).toBe(1);
    const reference = checkouts[0]!.body.data.reference!;
    expect(
      (await call(b.base, `user/test-payments/${reference}`, { headers: auth, body: JSON.stringify({ outcome: 'pay' }) })).status,
    ).toBe(200);

    const raw = JSON.stringify({ event: 'charge.success', data: { reference, amount: 7_000_000, currency: 'NGN', status: 'success' } });
    const database = await openDatabase({ databaseUrl: url });
    // The key the servers made for this database (each install has its own).
    const hook = { 'x-paystack-signature': signWebhook(raw, await testWebhookKey(database.db)) };
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => {
        const server = i % 2 ? a : b;
        return i % 4 < 2
          ? call(server.base, `user/payments/${reference}/verify`, { method: 'GET', headers: auth })
          : call(server.base, 'user/payments/webhook', { body: raw, headers: hook });
      }),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));

    try {
      const [enrolled] = await database.db.select({ n: count() }).from(enrolments);
      const [receipted] = await database.db.select({ n: count() }).from(receipts);
      const [told] = await database.db.select({ n: count() }).from(notifications);
      expect([enrolled!.n, receipted!.n, told!.n]).toEqual([1, 1, 1]);
    } finally {
      await database.close();
    }
    const receiptMails = [dataDir].flatMap((folder) => {
      const outbox = join(folder, 'outbox');
      return outboxFiles(outbox)
        .map((file) => readMail(outbox, file))
        .filter((sent) => sent.subject.startsWith('Your receipt'));
    });
    expect(receiptMails).toHaveLength(1);
  }, 120_000);

  it('refuse a second process with a DATA_DIR of its own and no S3: its uploads would not be shared', async () => {
    const target = await emptyDatabaseTarget();
    drops.push(() => target.drop());
    const url = target.options.databaseUrl!;
    const dist = siteWithCatalogue();
    const first = await startServer(url, dist);
    servers.push(first);
    const refused = await startServer(url, dist).then(
      (server) => {
        servers.push(server);
        return '';
      },
      (error: Error) => error.message,
    );
    expect(refused).toMatch(/\nUploads: another server process uses this database .+ set S3_BUCKET .+ the same DATA_DIR\n/);
    // The first still answers.
    expect((await fetch(`${first.base}health`)).status).toBe(200);
  }, 120_000);

  it('start together on one DATA_DIR, and a picture sent to one is served by the other', async () => {
    const target = await emptyDatabaseTarget();
    drops.push(() => target.drop());
    const url = target.options.databaseUrl!;
    const dist = siteWithCatalogue();
    const dataDir = mkdtempSync(join(tmpdir(), 'data-'));
    const [a, b] = await Promise.all([startServer(url, dist, dataDir), startServer(url, dist, dataDir)]);
    servers.push(a, b);
    const auth = await verifiedStudent(a, b, `shared-data-dir-${Date.now()}@example.com`);

    // The upload URL one server signs, the other takes (one signing key in the database, one uploads folder).
    const initiated = await call(a.base, 'user/initiate-upload', {
      headers: auth,
      body: JSON.stringify({ file_name: 'me.png', mime_type: 'image/png', file_size: PNG_1X1.length, file_type: 'user_image' }),
    });
    expect(initiated.status).toBe(201);
    const { file_id, file_key, file_url } = initiated.body.data;
    const uploadUrl = new URL(file_url!);
    const put = await fetch(new URL(uploadUrl.pathname + uploadUrl.search, b.base), {
      method: 'PUT',
      headers: { 'content-type': 'image/png' },
      body: PNG_1X1,
    });
    expect(put.status).toBe(200);
    const confirmed = await call(a.base, `user/uploaded-file/${file_id}`, {
      method: 'PUT',
      headers: auth,
      body: JSON.stringify({ file_key, file_url }),
    });
    expect(confirmed.status).toBe(200);
    const picture = new URL(confirmed.body.data.file_url!);
    const served = await fetch(new URL(picture.pathname, b.base));
    expect([served.status, served.headers.get('content-type')]).toEqual([200, 'image/png']);
  }, 120_000);
});
