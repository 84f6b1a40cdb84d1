// One release at a time. Each process charges the prices of the catalogue it synced at start, and
// the pages come from the same build; when a newer release's process starts, it syncs its catalogue
// and records its build id (sync.ts). A process still running the older build would then show and
// charge what the database no longer holds (pages at ₦200,000, checkout at ₦180,000): it notices
// within a few seconds and answers 503 to everything until it is restarted on the new release. A
// rolling restart takes each process out of nginx before restarting it (docs/deployment.md, 'Upgrading'), so
// nobody is sent to one that refuses.
import { eq } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { catalogueRelease } from '#server/db/schema.ts';
import type { Logger } from '#server/log.ts';

/** Every process is on a new live release within this and the time it takes to load it (10 s at most). */
const RELEASE_CHECK_EVERY_MS = 2_000;
export const SUPERSEDED_MESSAGE =
  'This server process runs another release than the site now serves; it is being replaced. Please try again in a moment.';

export interface ReleaseWatch {
  /** True once the database names another build than this process's (and while it switches to it). */
  superseded(): boolean;
  /** This process now serves `buildId` from `releaseDir` (it switched to a release it made live itself). */
  switched(buildId: string, releaseDir: string): void;
  /** Reads the database's build id now (the timer does it every few seconds). */
  check(): Promise<boolean>;
  stop(): void;
}

/** The live release: the build id the database was last synced to and, when a publish made it, its folder; null before any sync. */
export async function liveRelease(db: Database): Promise<{ buildId: string; releaseDir: string | null } | null> {
  const [row] = await db
    .select({ buildId: catalogueRelease.buildId, releaseDir: catalogueRelease.releaseDir })
    .from(catalogueRelease)
    .where(eq(catalogueRelease.name, 'current'));
  return row ?? null;
}

/** The build id the database was last synced to; null before any sync. */
export const syncedBuildId = async (db: Database) => (await liveRelease(db))?.buildId ?? null;

/**
 * `switchTo`: loads a release a publish made live (its pages and catalogue) so this process serves
 * it; until it has, the process counts as superseded (checkout refused with 503 and Retry-After, so
 * nobody is charged a price their pages do not show). Without it, or for a release deployed by IT
 * (no folder), the process stays superseded until it is restarted on that release.
 *
 * A release is its folder as well as its build id: the build id is the catalogue's digest, and a
 * publish that changes only pages (a project's text) or an undo back to an earlier catalogue has the
 * build id of a release before it. Such a release is switched to all the same, without refusing
 * anything meanwhile: its prices are the ones this process already charges.
 * `initialReleaseDir`: the folder this process serves at start when it is a published release.
 */
export function watchRelease(
  db: Database,
  initialBuildId: string,
  log: Logger,
  everyMs = RELEASE_CHECK_EVERY_MS,
  switchTo?: (release: { buildId: string; releaseDir: string }) => Promise<void>,
  initialReleaseDir: string | null = null,
): ReleaseWatch {
  let buildId = initialBuildId;
  let releaseDir = initialReleaseDir;
  let superseded = false;
  let switching: Promise<void> | undefined;
  const check = async () => {
    const live = await liveRelease(db);
    const synced = live?.buildId ?? null;
    const now = synced !== null && synced !== buildId;
    if (live?.releaseDir && (now || live.releaseDir !== releaseDir) && switchTo && !switching) {
      const release = { buildId: live.buildId, releaseDir: live.releaseDir };
      switching = switchTo(release)
        .then(() => {
          log.info(`Release: now serving build ${release.buildId} (${release.releaseDir}).`);
          buildId = release.buildId;
          releaseDir = release.releaseDir;
          superseded = false;
        })
        .catch((error: unknown) => log.error(`[release] switching to build ${release.buildId} failed`, error))
        .finally(() => (switching = undefined));
    }
    if (now !== superseded)
      log.info(
        now
          ? `Release: the database was synced to build ${synced} by a newer start; this process serves build ${buildId} and answers 503 until it is restarted on that release.`
          : `Release: the database is back on build ${buildId}; answering again.`,
      );
    superseded = now;
    return superseded;
  };
  // A database that does not answer for a moment changes nothing: the last answer stands.
  const timer = setInterval(() => void check().catch(() => {}), everyMs);
  timer.unref();
  return {
    superseded: () => superseded,
    switched: (id, dir) => {
      buildId = id;
      releaseDir = dir;
      superseded = false;
    },
    check,
    stop: () => clearInterval(timer),
  };
}

/** The answer of a superseded process, to every request: the API's error shape, and when to retry. */
export const supersededAnswer = () =>
  new Response(JSON.stringify({ message: SUPERSEDED_MESSAGE }), {
    status: 503,
    headers: { 'content-type': 'application/json; charset=utf-8', 'retry-after': '5', 'cache-control': 'no-store' },
  });

/**
 * Checkout's own check, at the moment it charges: the price it reads is the database's, which a
 * publish changes before this process has switched its pages (up to one check interval). A process
 * whose pages are of another release than the database's catalogue (`synced`, read with the price)
 * refuses rather than charge a price its pages do not show. `served` '' (no build) checks nothing.
 */
export const isServedRelease = (synced: string | null, served: string) => !served || synced === null || synced === served;
