// Starts the one process that serves pages and API: reads settings, loads the built site, opens the
// database (applying pending migrations), listens, and on SIGTERM/SIGINT stops accepting, lets
// requests in flight finish (bounded), closes the database and mail transport, then exits 0.
import { serve, type HttpBindings } from '@hono/node-server';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { writeAdminAddress, writeAdminSecret } from './admin-secret.ts';
import { createApp } from './app.ts';
import { pruneExpiredSessions } from './auth/sessions.ts';
import { pruneStaffSignIns } from '#features/staff/server/sessions.ts';
import { openDatabase } from './db/client.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { pruneExpiredBuckets } from './db/rate-limit-buckets.ts';
import { pruneIdempotencyKeys } from './http/idempotency.ts';
import { EnvError, readEnv } from './env.ts';
import { applyServerTimeouts } from './http-timeouts.ts';
import { consoleLogger as log, formatLogLine } from './log.ts';
import { backgroundMailPending, backgroundMailSettled } from './mail/background.ts';
import { createMetrics, METRICS_PATH } from './metrics.ts';
import { createMailer } from './mail/mailer.ts';
import { mailOutboxRefusal } from './mail/outbox-refusal.ts';
import { readCatalogueFile } from './catalogue/catalogue-file.ts';
import { syncCatalogue } from './catalogue/sync.ts';
import { liveRelease, supersededAnswer, watchRelease, type ReleaseWatch } from './catalogue/release.ts';
import { createPaystackProvider } from './payments/paystack.ts';
import type { PaymentProvider } from './payments/provider.ts';
import { testProviderRefusal } from './payments/test-provider.ts';
import { createSiteHandler } from './site-server.ts';
import { pruneUnverifiedStudents } from '#features/accounts/server/students.ts';
import { pruneUploads } from '#features/profile/server/prune-uploads.ts';
import { createTranscodeWorker } from '#features/lessons/server/transcode-worker.ts';
import { pruneLessonUploads } from '#features/lessons/server/upload-store.ts';
import { isConfirmedPicture } from '#features/profile/server/upload-routes.ts';
import { liveSite, loadStaticSite } from './static-site.ts';
import { publisherOf, whenLive } from '#features/staff/server/publish-routes.ts';
import { createEditorPage } from '#features/staff/server/editor-page.ts';
import { contentRepoDir } from '#features/staff/server/content-repo.ts';
import { prepareEditor } from '#features/staff/server/editor.ts';
import { mkdir } from 'node:fs/promises';
import { createUrlSigner } from './files/signed-urls.ts';
import { createFrontAnswers, withFrontAnswers } from './http/front-answers.ts';
import { withMediaRoute } from './http/media-route.ts';
import { createEmbeddedStorage } from './storage/embedded.ts';
import { createS3Storage } from './storage/s3.ts';
import { registerProcess, SharedUploadsError } from './storage/shared-uploads.ts';
import type { Storage } from './storage/storage.ts';

const SHUTDOWN_GRACE_MS = 10_000;
const PRUNE_EVERY_MS = 10 * 60_000;

async function main() {
  // The server owns this process, so it sets the umask (a library must not): whatever it creates in
  // DATA_DIR, the database's own folders included, is for its user alone. Our code also passes
  // explicit modes (0700 folders, 0600 files) for the tests and tools that use it without main.ts.
  process.umask(0o077);
  const env = readEnv();
  // Checked before the database opens: a half-configured bucket stops the start with one line.
  if (env.S3_BUCKET && (!env.S3_ACCESS_KEY_ID || !env.S3_SECRET_ACCESS_KEY))
    throw new EnvError('S3_BUCKET is set: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are needed too');
  const paymentsRefusal = testProviderRefusal(env);
  if (paymentsRefusal) throw new EnvError(paymentsRefusal);
  const mailRefusal = mailOutboxRefusal(env);
  if (mailRefusal) throw new EnvError(mailRefusal);
  // Uploaded images go to an S3-compatible bucket when S3_BUCKET is set (made now: the pages' CSP must
  // let the browser reach it), else to files under DATA_DIR/uploads (0700), below.
  const s3 = env.S3_BUCKET
    ? createS3Storage({
        endpoint: env.S3_ENDPOINT,
        bucket: env.S3_BUCKET,
        region: env.S3_REGION,
        accessKeyId: env.S3_ACCESS_KEY_ID,
        secretAccessKey: env.S3_SECRET_ACCESS_KEY,
        publicUrl: env.S3_PUBLIC_URL,
      })
    : null;
  const siteOptions = { sources: s3?.browserSources };
  let site = await loadStaticSite(env.DIST_DIR, siteOptions);

  // A first start creates the PGlite database, which takes seconds; killed halfway, it would leave a
  // data directory that never opens again. A signal in that time stops the server once it is open.
  let signalDuringStart: string | undefined;
  const noteSignal = (signal: string) => (signalDuringStart ??= signal);
  process.on('SIGTERM', noteSignal).on('SIGINT', noteSignal);
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: join(env.DATA_DIR, 'pglite'),
    onIdleError: (error) => log.error('[db] an idle PostgreSQL connection failed', error),
  });
  process.off('SIGTERM', noteSignal).off('SIGINT', noteSignal);
  if (signalDuringStart) {
    log.info(`${signalDuringStart} received while starting: stopping.`);
    await database.close();
    process.exit(0);
  }
  log.info(
    database.kind === 'postgres'
      ? `Database: PostgreSQL at ${describeUrl(env.DATABASE_URL)}`
      : `Database: PGlite in ${join(env.DATA_DIR, 'pglite')}`,
  );
  const mailer = createMailer({
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM,
    outboxDir: join(env.DATA_DIR, 'outbox'),
    log,
  });
  log.info(
    env.SMTP_URL
      ? `Mail: SMTP at ${describeUrl(env.SMTP_URL)}`
      : `Mail: written to ${join(env.DATA_DIR, 'outbox')} (no SMTP_URL); nobody receives it`,
  );
  const adminSecret = await writeAdminSecret(env.DATA_DIR);

  // The catalogue of this build, brought into the database before the first request.
  // Its build id goes into the database with it: a process still running another build stops
  // answering (release.ts), so pages and prices always come from one release.
  // A release a publish made live (its folder recorded with it) is what this process serves, not
  // its own DIST_DIR: a process started later starts on the live release (docs/decisions/019).
  const published = await liveRelease(database.db);
  const publishedSite = published?.releaseDir
    ? await loadStaticSite(published.releaseDir, siteOptions).catch((error: unknown) => {
        log.error(`[release] the live release at ${published.releaseDir} could not be loaded; serving ${env.DIST_DIR}`, error);
        return null;
      })
    : null;
  let build: { buildId: string; releaseDir?: string } | null = null;
  if (published?.releaseDir && publishedSite) {
    site = publishedSite;
    build = { buildId: published.buildId, releaseDir: published.releaseDir };
    log.info(`Catalogue: the live release published from the editor (build ${published.buildId}, ${published.releaseDir})`);
  } else {
    const own = await readCatalogueFile(env.DIST_DIR).catch((error: unknown) => {
      log.error(`${(error as Error).message} The course calls answer an empty catalogue.`);
      return null;
    });
    if (own) {
      const synced = await syncCatalogue(database.db, own.catalogue, new Date(), own.buildId);
      log.info(
        `Catalogue: ${synced.courses} courses, ${synced.tutors} tutors${synced.retiredCourses ? `, ${synced.retiredCourses} retired` : ''} (build ${own.buildId})`,
      );
      build = own;
    }
  }
  // The release this process serves: its pages and its catalogue answers go over together.
  let servedBuild = build?.buildId ?? '';
  const switchTo = async (next: { buildId: string; releaseDir: string }) => {
    const nextSite = await loadStaticSite(next.releaseDir, siteOptions);
    site = nextSite;
    servedBuild = next.buildId;
  };
  let release: ReleaseWatch | undefined;
  if (build) release = watchRelease(database.db, build.buildId, log, undefined, switchTo, build.releaseDir ?? null);
  whenLive(async ({ buildId, distDir }) => {
    await switchTo({ buildId, releaseDir: distDir });
    release?.switched(buildId, distDir);
  });

  let payments: PaymentProvider | undefined;
  if (env.PAYSTACK_SECRET_KEY) {
    payments = createPaystackProvider({ secretKey: env.PAYSTACK_SECRET_KEY, baseUrl: env.PAYSTACK_BASE_URL, siteUrl: env.PUBLIC_SITE_URL });
    log.info(`Payments: Paystack at ${env.PAYSTACK_BASE_URL}`);
  } else {
    log.info(
      `Payments: TEST MODE (${env.PAYMENTS_TEST_MODE === '1' ? 'PAYMENTS_TEST_MODE=1' : 'no PAYSTACK_SECRET_KEY, local site'}): the built-in test provider, every course free; no money moves.`,
    );
  }
  let storage: Storage;
  if (s3) {
    storage = s3;
    log.info(`Uploads: S3 bucket ${env.S3_BUCKET} at ${env.S3_ENDPOINT ? describeUrl(env.S3_ENDPOINT) : `AWS ${env.S3_REGION}`}`);
  } else {
    const uploadsDir = join(env.DATA_DIR, 'uploads');
    await mkdir(uploadsDir, { recursive: true, mode: 0o700 });
    storage = createEmbeddedStorage({ root: uploadsDir, signer: createUrlSigner(database.db), clock: () => new Date() });
    log.info(`Uploads: files in ${uploadsDir}`);
  }
  // On PostgreSQL other processes may share the database: local uploads must then be shared too.
  const registration =
    database.kind === 'postgres'
      ? await registerProcess(database.db, log, {
          port: env.PORT,
          buildId: build?.buildId ?? '',
          uploadsDir: s3 ? undefined : join(env.DATA_DIR, 'uploads'),
        }).catch(async (error: unknown) => {
          await database.close();
          throw error;
        })
      : undefined;
  const metrics = createMetrics({
    db: database.db,
    pool: database.pool,
    mailPending: () => backgroundMailPending(mailer),
    allowed: env.METRICS_ADDRESSES,
  });
  // The catalogue's answers sent again before the router (http/front-answers.ts); not with CORS,
  // whose headers depend on the request's origin.
  const frontAnswers =
    env.CORS_ORIGINS.length === 0 ? createFrontAnswers({ servedBuild: () => servedBuild, record: metrics.record }) : undefined;
  const api = createApp(
    {
      db: database.db,
      mailer,
      env,
      log,
      adminSecret,
      storage,
      servedBuild: () => servedBuild,
      ...(payments ? { payments } : {}),
      ...(frontAnswers ? { frontAnswers } : {}),
    },
    { observe: metrics.middleware },
  );
  // The content editor's repository and checks, ready before the first request (editor.ts says why);
  // and the publishes waiting when a process stopped are built now.
  await prepareEditor(contentRepoDir(env));
  publisherOf({ db: database.db, log, env, clock: () => new Date() }).kick();
  const siteHandler = withMediaRoute(
    createSiteHandler(
      api,
      liveSite(() => site),
      createEditorPage(env),
    ),
    storage,
    {
      isConfirmed: (key) => isConfirmedPicture(database.db, key),
      corsOrigins: env.CORS_ORIGINS,
    },
  );
  type Bindings = Parameters<typeof siteHandler>[1];
  const served = withFrontAnswers(frontAnswers, siteHandler);
  const siteAfterChecks = (request: Request, bindings: Bindings) =>
    release?.superseded() ? supersededAnswer() : served(request, bindings);
  const metricsOrSite = async (request: Request, bindings: Bindings) =>
    (await metrics.answer(request, (bindings as HttpBindings | undefined)?.incoming.socket.remoteAddress ?? '')) ??
    siteAfterChecks(request, bindings);
  // Not an async function, so that a kept answer goes back in the same call (withFrontAnswers).
  const handler = (request: Request, bindings: Bindings): Response | Promise<Response> =>
    // GET /metrics: only for this machine (or METRICS_ADDRESSES), never through a proxy; anyone else gets the 404 page.
    request.url.includes(METRICS_PATH) && new URL(request.url).pathname === METRICS_PATH
      ? metricsOrSite(request, bindings)
      : siteAfterChecks(request, bindings);

  // Finished rate-limit windows, ended sessions, expired upload URLs' leftovers and idempotency keys
  // past their 7 days: cleared now and then.
  const pruning = setInterval(() => {
    pruneUploads(database.db, storage, new Date()).catch((error: unknown) => log.error('[uploads] pruning uploads failed', error));
    pruneLessonUploads(env).catch((error: unknown) => log.error('[lessons] pruning unfinished lesson uploads failed', error));
    pruneExpiredBuckets(database.db, new Date()).catch((error: unknown) => log.error('[db] pruning rate-limit buckets failed', error));
    pruneExpiredSessions(database.db, new Date()).catch((error: unknown) => log.error('[db] pruning ended sessions failed', error));
    pruneStaffSignIns(database.db, new Date()).catch((error: unknown) => log.error('[staff] pruning ended staff sessions failed', error));
    pruneIdempotencyKeys(database.db, new Date()).catch((error: unknown) => log.error('[db] pruning idempotency keys failed', error));
    pruneUnverifiedStudents(database.db, new Date()).catch((error: unknown) =>
      log.error('[accounts] pruning unverified accounts failed', error),
    );
  }, PRUNE_EVERY_MS);
  pruning.unref();

  // Video lessons are transcoded here, one job at a time, from the queue in the database: a job this
  // process held when it stopped is taken again after a restart (src/features/lessons/server/transcode-worker.ts).
  const transcoding = createTranscodeWorker({ db: database.db, env, log, clock: () => new Date() });
  transcoding.start();

  // Set at once, before 'listening' (a later tick): Node reads the checking interval then.
  const server = applyServerTimeouts(
    serve({ fetch: handler, port: env.PORT, hostname: env.HOST }, (info) => {
      writeAdminAddress(env.DATA_DIR, env.HOST, info.port).catch((error: unknown) =>
        log.error('[admin] recording the address failed', error),
      );
      log.info(`Serving ${site.size} files and the API on http://${env.HOST === '0.0.0.0' ? 'localhost' : env.HOST}:${info.port}`);
    }) as Server,
  );

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal} received: finishing requests in flight, then stopping.`);
    clearInterval(pruning);
    release?.stop();
    const transcodingStopped = transcoding.stop();
    const force = setTimeout(() => {
      log.info('Requests still open after the grace period: closing them.');
      server.closeAllConnections();
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    server.close(() => {
      clearTimeout(force);
      // Code mail sent after its answer gets the grace period to leave.
      const mailSent = Promise.race([
        backgroundMailSettled(mailer),
        new Promise((resolve) => setTimeout(resolve, SHUTDOWN_GRACE_MS).unref()),
      ]);
      // PGlite writes its files on close: a clean close is what keeps DATA_DIR consistent.
      Promise.all([mailSent, transcodingStopped])
        .then(() => registration?.stop())
        .catch((error: unknown) => log.error('[processes] removing this process from server_processes failed', error))
        .then(() => {
          mailer.close();
          return database.close();
        })
        .then(
          () => {
            log.info('Stopped.');
            process.exit(0);
          },
          (error: unknown) => {
            log.error('Closing the database failed', error);
            process.exit(1);
          },
        );
    });
    server.closeIdleConnections();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

/** The server and database of a postgres:// URL, without the user name or password. */
function describeUrl(url: string): string {
  const parsed = new URL(url);
  return `${parsed.host}${parsed.pathname}`;
}

main().catch((error: unknown) => {
  // A bad setting or a data directory in use is the operator's to fix: one line. Anything else is
  // ours: described as every logged error is (names, codes, our frames; no query parameters).
  console.error(
    error instanceof EnvError || error instanceof DataDirLockedError || error instanceof SharedUploadsError
      ? error.message
      : formatLogLine('The server could not start', error),
  );
  process.exit(1);
});
