// Several processes on one database must see the same pictures: one process takes an upload's
// bytes, another confirms it, a third serves it. With uploads in a local folder that holds only when
// every process uses the same folder on the same machine; otherwise new pictures are refused and old
// ones answer 404 half the time. Each process registers itself in server_processes and refreshes its
// row every few seconds; a process with local uploads refuses to start beside a live one whose
// uploads are elsewhere (another folder, another machine, or S3). A row not refreshed for a minute
// is a process that died: ignored, then deleted.
import { realpath } from 'node:fs/promises';
import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import { and, eq, gt, lt, ne } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { serverProcesses } from '#server/db/schema.ts';
import type { Logger } from '#server/log.ts';

const HEARTBEAT_EVERY_MS = 10_000;
/** A row older than this belongs to a process that stopped without saying so (kill -9, a crash). */
export const STALE_AFTER_MS = 60_000;

export interface ProcessRegistration {
  id: string;
  stop(): Promise<void>;
}

interface Registering {
  port: number;
  buildId: string;
  /** The local uploads folder; undefined when uploads go to S3. */
  uploadsDir?: string | undefined;
  clock?: () => Date;
  host?: string;
  everyMs?: number;
}

export class SharedUploadsError extends Error {
  override name = 'SharedUploadsError';
}

/** Registers this process; throws a SharedUploadsError (one line) when its local uploads would not be shared. */
export async function registerProcess(db: Database, log: Logger, options: Registering): Promise<ProcessRegistration> {
  const clock = options.clock ?? (() => new Date());
  const host = options.host ?? hostname();
  const uploadsDir = options.uploadsDir ? await realpath(options.uploadsDir) : '';
  const id = randomUUID();
  const now = clock();
  await db.delete(serverProcesses).where(lt(serverProcesses.seenAt, new Date(now.getTime() - STALE_AFTER_MS)));
  // Registered first, checked after: of two processes starting at once, at least one sees the other.
  await db
    .insert(serverProcesses)
    .values({ id, host, pid: process.pid, port: options.port, buildId: options.buildId, uploadsDir, startedAt: now, seenAt: now });
  if (uploadsDir) {
    const others = await db
      .select()
      .from(serverProcesses)
      .where(and(ne(serverProcesses.id, id), gt(serverProcesses.seenAt, new Date(now.getTime() - STALE_AFTER_MS))));
    const apart = others.find((other) => other.host !== host || other.uploadsDir !== uploadsDir);
    if (apart) {
      await db.delete(serverProcesses).where(eq(serverProcesses.id, id));
      const where = apart.uploadsDir ? `uploads in ${apart.uploadsDir}` : 'uploads in S3';
      throw new SharedUploadsError(
        `Uploads: another server process uses this database (${apart.host}, port ${apart.port}, pid ${apart.pid}, ${where}), and this one would keep pictures in ${uploadsDir}: with several processes uploads need one shared store: set S3_BUCKET (MinIO on this machine will do), or give every process on this machine the same DATA_DIR`,
      );
    }
  }
  const beat = async () => {
    const at = clock();
    await db.update(serverProcesses).set({ seenAt: at }).where(eq(serverProcesses.id, id));
    await db.delete(serverProcesses).where(lt(serverProcesses.seenAt, new Date(at.getTime() - STALE_AFTER_MS)));
  };
  const timer = setInterval(
    () => void beat().catch((error: unknown) => log.error('[processes] refreshing this process in server_processes failed', error)),
    options.everyMs ?? HEARTBEAT_EVERY_MS,
  );
  timer.unref();
  return {
    id,
    async stop() {
      clearInterval(timer);
      await db.delete(serverProcesses).where(eq(serverProcesses.id, id));
    },
  };
}
