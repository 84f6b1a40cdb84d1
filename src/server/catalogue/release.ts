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

const RELEASE_CHECK_EVERY_MS = 5_000;
const SUPERSEDED_MESSAGE =
  'This server process runs another release than the site now serves; it is being replaced. Please try again in a moment.';

export interface ReleaseWatch {
  /** True once the database names another build than this process's. */
  superseded(): boolean;
  /** Reads the database's build id now (the timer does it every few seconds). */
  check(): Promise<boolean>;
  stop(): void;
}

/** The build id the database was last synced to; null before any sync. */
export async function syncedBuildId(db: Database): Promise<string | null> {
  const [row] = await db.select({ buildId: catalogueRelease.buildId }).from(catalogueRelease).where(eq(catalogueRelease.name, 'current'));
  return row?.buildId ?? null;
}

export function watchRelease(db: Database, buildId: string, log: Logger, everyMs = RELEASE_CHECK_EVERY_MS): ReleaseWatch {
  let superseded = false;
  const check = async () => {
    const synced = await syncedBuildId(db);
    const now = synced !== null && synced !== buildId;
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
  return { superseded: () => superseded, check, stop: () => clearInterval(timer) };
}

/** The answer of a superseded process, to every request: the API's error shape, and when to retry. */
export const supersededAnswer = () =>
  new Response(JSON.stringify({ message: SUPERSEDED_MESSAGE }), {
    status: 503,
    headers: { 'content-type': 'application/json; charset=utf-8', 'retry-after': '5', 'cache-control': 'no-store' },
  });
