// Publishing: the content repository's commit built into a release in a child process (never in the
// request), one build at a time across every process on the database, then made live (docs/decisions/019).
//
//   queue: a publish row 'building' with no started_at waits; claiming it sets started_at, and the
//          partial unique index publishes_one_building refuses a second claim while one builds;
//   build: `npm run build` with CONTENT_ROOT at the commit's export and BUILD_OUT_DIR in
//          DATA_DIR/releases/<id>/, a time limit and a memory limit; its output kept in a file;
//   deploy: PUBLISH_DEPLOY_COMMAND, when set, given the built folder (deploy-release.ts): 'live' waits
//          for it, and its failure fails the publish;
//   live:  the release's catalogue synced with its build id and folder in one transaction
//          (catalogue/sync.ts); every process then switches to it (main.ts, catalogue/release.ts);
//   push:  the commit sent to CONTENT_REMOTE, when set; a failure is in the log, the publish stays live.
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { and, asc, desc, eq, isNotNull, isNull, lt } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { publishes } from '#server/db/schema.ts';
import type { Logger } from '#server/log.ts';
import { readCatalogueFile } from '#server/catalogue/catalogue-file.ts';
import { syncCatalogue } from '#server/catalogue/sync.ts';
import { exportCommit, pushTo, type ContentRemote } from './content-git.ts';
import { buildInChild } from './build-child.ts';
import { runDeployCommand } from './deploy-release.ts';

const HEARTBEAT_MS = 10_000;
/** A claim whose heartbeat is older belongs to a process that stopped: it failed. */
const STALE_MS = 2 * 60_000;
/** Live releases whose folders are kept (the live one and those before it). */
const KEPT_RELEASES = 3;
/** `npm run build` over the export, in a child process with a time and a memory limit. */
const siteBuild = buildInChild();
const STOPPED = 'The server building this publish stopped before it finished. Publish again.';

export interface PublishingOptions {
  db: Database;
  log: Logger;
  clock: () => Date;
  /** The content repository (content-repo.ts). */
  repoDir: string;
  /** Where releases are built: DATA_DIR/releases. */
  releasesDir: string;
  /** This process goes over to a release just made live (main.ts); the others follow the database. */
  onLive?: (release: { buildId: string; distDir: string }) => Promise<void>;
  /** PUBLISH_DEPLOY_COMMAND and its time limit: the built folder handed to a CDN before going live. */
  deploy?: { command: string; minutes: number };
  /** CONTENT_REMOTE: where each publish is pushed once it is live. */
  remote?: ContentRemote;
  /** The build itself; `npm run build` unless a test gives a quicker one. */
  build?: Build;
}

export type Build = (paths: {
  contentRoot: string;
  distDir: string;
  cacheDir: string;
  logFile: string;
}) => Promise<{ ok: true } | { ok: false; reason: string }>;

export type Publisher = ReturnType<typeof createPublisher>;

export function createPublisher(options: PublishingOptions) {
  const { db, log, clock } = options;
  let running: Promise<void> | undefined;
  let again = false;

  /** Builds waiting publishes until none waits or another process holds the lock. */
  async function drain(): Promise<void> {
    for (;;) {
      await db
        .update(publishes)
        .set({ status: 'failed', log: STOPPED, finishedAt: clock() })
        .where(
          and(
            eq(publishes.status, 'building'),
            isNotNull(publishes.startedAt),
            lt(publishes.heartbeatAt, new Date(clock().getTime() - STALE_MS)),
          ),
        );
      const [next] = await db
        .select({ id: publishes.id })
        .from(publishes)
        .where(and(eq(publishes.status, 'building'), isNull(publishes.startedAt)))
        .orderBy(asc(publishes.createdAt))
        .limit(1);
      if (!next) return;
      const claimed = await db
        .update(publishes)
        .set({ startedAt: clock(), heartbeatAt: clock(), log: 'Building the site…' })
        .where(and(eq(publishes.id, next.id), isNull(publishes.startedAt)))
        .returning()
        .catch((error: unknown) => {
          // Another process builds (the unique index): it takes the queue on after its build.
          if (isUniqueViolation(error)) return [];
          throw error;
        });
      const row = claimed[0];
      if (!row) return;
      await buildAndGoLive(row.id, row.commit);
    }
  }

  async function buildAndGoLive(id: string, commit: string) {
    const heartbeat = setInterval(
      () =>
        void db
          .update(publishes)
          .set({ heartbeatAt: clock() })
          .where(eq(publishes.id, id))
          .catch(() => undefined),
      HEARTBEAT_MS,
    );
    heartbeat.unref();
    const dir = join(options.releasesDir, id);
    try {
      // Every build reads the content from the same folder with the same cache: Astro's content cache
      // keeps entries by path, so a folder of each publish's own would leave the last one's entries
      // (pictures included) in the next build. One build runs at a time, so one folder is enough.
      const work = join(options.releasesDir, '.build');
      const contentRoot = join(work, 'src');
      await rm(contentRoot, { recursive: true, force: true });
      await exportCommit(options.repoDir, commit, contentRoot);
      const distDir = join(dir, 'dist');
      const logFile = join(dir, 'build.log');
      const result = await (options.build ?? siteBuild)({ contentRoot, distDir, cacheDir: join(work, 'cache'), logFile });
      if (!result.ok) {
        await finish(id, 'failed', result.reason);
        return;
      }
      if (options.deploy) {
        await db.update(publishes).set({ log: 'Sending the pages to the web host…' }).where(eq(publishes.id, id));
        const deployed = await runDeployCommand({
          command: options.deploy.command,
          releaseDir: distDir,
          logFile,
          timeLimitMinutes: options.deploy.minutes,
        });
        if (!deployed.ok) {
          await finish(id, 'failed', deployed.reason);
          return;
        }
      }
      const build = await readCatalogueFile(distDir);
      await syncCatalogue(db, build.catalogue, clock(), build.buildId, distDir);
      await db
        .update(publishes)
        .set({ status: 'live', log: 'Live.', finishedAt: clock(), buildId: build.buildId, releaseDir: distDir })
        .where(eq(publishes.id, id));
      await options.onLive?.({ buildId: build.buildId, distDir });
      if (options.remote) await pushLive(id, commit, options.remote);
      await pruneReleases();
    } catch (error) {
      log.error(`[publish] publish ${id} failed`, error);
      await finish(id, 'failed', 'The site could not be built for a reason of the server’s, not of the content. Try again, or ask IT.');
    } finally {
      clearInterval(heartbeat);
    }
  }

  /**
   * Sends a live publish's commit to CONTENT_REMOTE. It is live whatever happens here: a push that
   * fails is said in its log, and the next publish pushes again (its commit holds this one).
   */
  async function pushLive(id: string, commit: string, remote: ContentRemote) {
    const failed = await pushTo(options.repoDir, remote, commit);
    if (!failed) return;
    log.info(`[publish] publish ${id} is live but was not pushed: ${failed}`);
    await db
      .update(publishes)
      .set({
        log: `Live. It could not be sent to the shared content repository (CONTENT_REMOTE), which the next publish tries again: ${failed}`,
      })
      .where(eq(publishes.id, id));
  }

  /** Keeps the releases a process still switching may need (the last few live ones, and any being built); the others' folders go. */
  async function pruneReleases() {
    const keep = new Set(
      (
        await db
          .select({ id: publishes.id })
          .from(publishes)
          .where(eq(publishes.status, 'live'))
          .orderBy(desc(publishes.finishedAt))
          .limit(KEPT_RELEASES)
      ).map((row) => row.id),
    );
    const building = new Set(
      (await db.select({ id: publishes.id }).from(publishes).where(eq(publishes.status, 'building'))).map((row) => row.id),
    );
    const folders = await readdir(options.releasesDir).catch(() => [] as string[]);
    for (const name of folders)
      if (!name.startsWith('.') && !keep.has(name) && !building.has(name))
        await rm(join(options.releasesDir, name), { recursive: true, force: true });
  }

  const finish = (id: string, status: 'failed', text: string) =>
    db.update(publishes).set({ status, log: text, finishedAt: clock() }).where(eq(publishes.id, id));

  return {
    /** Starts building what waits (after a new publish, and at start): never awaited by a request. */
    kick() {
      if (running) {
        again = true;
        return;
      }
      running = (async () => {
        do {
          again = false;
          await drain().catch((error: unknown) => log.error('[publish] the publish queue failed', error));
        } while (again);
      })().finally(() => (running = undefined));
    },
    /** Resolves when this process has nothing left to build (tests, shutdown). */
    idle: () => running ?? Promise.resolve(),
  };
}

const isUniqueViolation = (error: unknown) => {
  const code = (error as { code?: unknown; cause?: { code?: unknown } }).code ?? (error as { cause?: { code?: unknown } }).cause?.code;
  return code === '23505';
};
