// Publishing from the console (docs/decisions/019): POST staff/publish commits what the editor saved
// to the content repository, with the member as author, and answers 202 at once; the build runs in
// a child process, one at a time (publishing.ts). GET staff/publish/{id} follows one, GET
// staff/publish is the history, and an admin's rollback publishes the content as it was before a
// publish. Every publish and rollback is in the audit log.
import { count, desc, eq, lt } from 'drizzle-orm';
import { Hono } from 'hono';
import { join } from 'node:path';
import type { Database } from '#server/db/client.ts';
import { publishes } from '#server/db/schema.ts';
import type { ApiServices } from '#server/deps.ts';
import { ApiError } from '#server/http/api-error.ts';
import { readJsonBody } from '#server/http/json-body.ts';
import { describeJsonRoute } from '#server/http/openapi.ts';
import { validateInput } from '#server/http/validate.ts';
import { PublishBodySchema, PublishesPageSchema, PublishSchema, PublishStartedSchema, StaffPagingQuerySchema } from '../schemas.ts';
import { auditActor, recordAudit } from './audit.ts';
import {
  authorOfCommit,
  commitContentAt,
  commitSaved,
  ContentConflict,
  ensureHistory,
  filesBetween,
  hasSaved,
  headOf,
  mergeRemote,
} from './content-git.ts';
import { contentRepoDir } from './content-repo.ts';
import { inGitTurn } from './git-turn.ts';
import { createPublisher, type Publisher, type PublishingOptions } from './publishing.ts';
import { requireAdmin, requireStaff, type StaffEnv } from './require-staff.ts';

const NOTHING_TO_PUBLISH = 'There is nothing new to publish: save a change in the editor first.';
const NO_SUCH_PUBLISH = 'No such publish';
const SAVED_NOT_PUBLISHED = 'There are saved changes not yet published: publish them first, then undo.';
const CANNOT_UNDO = 'Only a publish that went live can be undone.';
const STARTED = 'Publishing: the site is being built.';

const EXAMPLE_PUBLISH = {
  id: '0b6f1f7e-3f1c-4a57-9d0e-8f8b5a1c2d3e',
  status: 'live' as const,
  message: 'New price for Bridal and Occasion Wear',
  log: 'Live.',
  author: { name: 'Kemi Adebayo', email: 'kemi@adireacademy.ng' },
  files: ['content/courses/bridal-and-occasion-wear.md'],
  undoes: null,
  created_at: '2026-11-27T09:00:00.000Z',
  started_at: '2026-11-27T09:00:00.120Z',
  finished_at: '2026-11-27T09:00:31.400Z',
};

type PublishRow = typeof publishes.$inferSelect;
const answerOf = (row: PublishRow) => ({
  id: row.id,
  status: row.status as 'building' | 'live' | 'failed',
  message: row.message,
  log: row.startedAt === null && row.status === 'building' ? 'Waiting for the publish before it to finish…' : row.log,
  author: { name: row.authorName, email: row.authorEmail },
  files: row.files,
  undoes: row.undoes,
  created_at: row.createdAt.toISOString(),
  started_at: row.startedAt?.toISOString() ?? null,
  finished_at: row.finishedAt?.toISOString() ?? null,
});

/** One publisher per content repository in a process; main.ts tells it how this process goes live. */
const publishers = new Map<string, Publisher>();
let onLive: PublishingOptions['onLive'];
/** main.ts: how this process switches to a release it made live. */
export const whenLive = (switchTo: NonNullable<PublishingOptions['onLive']>) => (onLive = switchTo);

export function publisherOf(
  services: Pick<ApiServices, 'db' | 'log' | 'clock' | 'env'>,
  /** Tests: a quicker build than the site's own, taken when this repository's publisher is made. */
  build?: PublishingOptions['build'],
): Publisher {
  const repoDir = contentRepoDir(services.env);
  let publisher = publishers.get(repoDir);
  if (!publisher) {
    publisher = createPublisher({
      db: services.db,
      log: services.log,
      clock: services.clock,
      repoDir,
      releasesDir: join(services.env.DATA_DIR, 'releases'),
      onLive: (release) => onLive?.(release) ?? Promise.resolve(),
      ...(services.env.PUBLISH_DEPLOY_COMMAND
        ? { deploy: { command: services.env.PUBLISH_DEPLOY_COMMAND, minutes: services.env.PUBLISH_DEPLOY_MINUTES } }
        : {}),
      ...(build ? { build } : {}),
      ...(services.env.CONTENT_REMOTE ? { remote: { url: services.env.CONTENT_REMOTE, branch: services.env.CONTENT_REMOTE_BRANCH } } : {}),
    });
    publishers.set(repoDir, publisher);
  }
  return publisher;
}

async function findPublish(db: Database, id: string): Promise<PublishRow> {
  if (!/^[0-9a-f-]{36}$/.test(id)) throw new ApiError(404, NO_SUCH_PUBLISH);
  const [row] = await db.select().from(publishes).where(eq(publishes.id, id));
  if (!row) throw new ApiError(404, NO_SUCH_PUBLISH);
  return row;
}

/** Mounted at /staff. */
export function createPublishRoutes(services: ApiServices) {
  const { db } = services;
  const staff = requireStaff(services);
  const admin = requireAdmin(services);
  const repoDir = () => contentRepoDir(services.env);
  // Processes on PostgreSQL may share one content repository (one DATA_DIR): their git steps take turns too.
  const inTurn = <T>(work: () => Promise<T>) => inGitTurn(db, Boolean(services.env.DATABASE_URL), work);

  return new Hono<StaffEnv>()
    .post(
      '/publish',
      describeJsonRoute({
        tag: 'Staff',
        staff: 'staff',
        summary: 'Publish what the editor saved: a commit with the member as author, then the site built and made live',
        description:
          'Answers 202 at once; the build runs in a child process, one at a time (a second publish waits for the first). Follow it with GET staff/publish/{id}.',
        body: PublishBodySchema,
        examples: { body: { message: 'New price for Bridal and Occasion Wear' }, data: { id: EXAMPLE_PUBLISH.id, status: 'building' } },
        success: { status: 202, message: STARTED, data: PublishStartedSchema },
        errors: { 409: NOTHING_TO_PUBLISH },
      }),
      staff,
      async (c) => {
        const { message } = await readJsonBody(c, PublishBodySchema);
        const member = c.var.staff;
        const row = await inTurn(async () => {
          await ensureHistory(repoDir());
          const before = await headOf(repoDir());
          // A developer's commits on CONTENT_REMOTE come in first, so they are published with the saves.
          const remote = services.env.CONTENT_REMOTE;
          const pulled = remote
            ? await mergeRemote(repoDir(), { url: remote, branch: services.env.CONTENT_REMOTE_BRANCH }).catch((error: unknown) => {
                if (error instanceof ContentConflict) throw new ApiError(409, error.message);
                throw error;
              })
            : { note: null, merged: null };
          if (pulled.note) services.log.info(`[publish] ${pulled.note}`);
          const saved = await commitSaved(repoDir(), message, { name: member.name, email: member.email });
          const head = saved.commit ?? (pulled.merged && (await headOf(repoDir())));
          if (!head || !before) throw new ApiError(409, NOTHING_TO_PUBLISH);
          const files = await filesBetween(repoDir(), before, head);
          // Nothing saved here: the publish is of the remote's commits, under their author's name.
          const author = saved.commit ? member : { id: null, ...(await authorOfCommit(repoDir(), pulled.merged!)) };
          return insertPublish(author, head, files, message, null);
        });
        await recordAudit(db, {
          ...auditActor(c, services),
          action: 'content.publish',
          target: `publish:${row.id}`,
          details: { files: row.files },
        });
        publisherOf(services).kick();
        return c.json({ message: STARTED, data: { id: row.id, status: 'building' as const } }, 202);
      },
    )
    .get(
      '/publish',
      describeJsonRoute({
        tag: 'Staff',
        staff: 'staff',
        summary: 'The publishes, newest first: who, when, what changed, and how each went',
        query: StaffPagingQuerySchema,
        examples: { data: { publishes: [EXAMPLE_PUBLISH], total_pages: 1, total_count: 1 } },
        success: { message: 'OK', data: PublishesPageSchema },
      }),
      staff,
      async (c) => {
        const query = validateInput(StaffPagingQuerySchema, c.req.query());
        const [rows, [total]] = await Promise.all([
          db
            .select()
            .from(publishes)
            .orderBy(desc(publishes.createdAt), desc(publishes.id))
            .limit(query.per_page)
            .offset((query.page - 1) * query.per_page),
          db.select({ n: count() }).from(publishes),
        ]);
        const totalCount = total?.n ?? 0;
        return c.json(
          {
            message: 'OK',
            data: { publishes: rows.map(answerOf), total_count: totalCount, total_pages: Math.ceil(totalCount / query.per_page) },
          },
          200,
        );
      },
    )
    .get(
      '/publish/:id',
      describeJsonRoute({
        tag: 'Staff',
        staff: 'staff',
        summary: 'One publish: building, live or failed (with the reason in plain words), its author and files',
        examples: { data: EXAMPLE_PUBLISH },
        success: { message: 'OK', data: PublishSchema },
        errors: { 404: NO_SUCH_PUBLISH },
      }),
      staff,
      async (c) => c.json({ message: 'OK', data: answerOf(await findPublish(db, c.req.param('id'))) }, 200),
    )
    .post(
      '/publish/:id/rollback',
      describeJsonRoute({
        tag: 'Staff',
        staff: 'admin',
        summary: 'Undo a publish: a new publish with the content as it was before it',
        body: PublishBodySchema,
        examples: { body: { message: 'Undo the new price' }, data: { id: EXAMPLE_PUBLISH.id, status: 'building' } },
        success: { status: 202, message: STARTED, data: PublishStartedSchema },
        errors: { 404: NO_SUCH_PUBLISH, 409: SAVED_NOT_PUBLISHED },
      }),
      admin,
      async (c) => {
        const { message } = await readJsonBody(c, PublishBodySchema);
        const undone = await findPublish(db, c.req.param('id'));
        if (undone.status !== 'live') throw new ApiError(409, CANNOT_UNDO);
        const member = c.var.staff;
        const row = await inTurn(async () => {
          await ensureHistory(repoDir());
          if (await hasSaved(repoDir())) throw new ApiError(409, SAVED_NOT_PUBLISHED);
          // Each publish's commit is what the next one started from (publishes are made one git turn at a time).
          const [previous] = await db
            .select({ commit: publishes.commit })
            .from(publishes)
            .where(lt(publishes.createdAt, undone.createdAt))
            .orderBy(desc(publishes.createdAt))
            .limit(1);
          const { files, commit } = await commitContentAt(repoDir(), previous?.commit ?? null, message, {
            name: member.name,
            email: member.email,
          });
          if (!commit) throw new ApiError(409, NOTHING_TO_PUBLISH);
          return insertPublish(member, commit, files, message, undone.id);
        });
        await recordAudit(db, {
          ...auditActor(c, services),
          action: 'content.rollback',
          target: `publish:${undone.id}`,
          details: { publish: row.id, files: row.files },
        });
        publisherOf(services).kick();
        return c.json({ message: STARTED, data: { id: row.id, status: 'building' as const } }, 202);
      },
    );

  async function insertPublish(
    member: { id: string | null; name: string; email: string },
    commit: string,
    files: string[],
    message: string,
    undoes: string | null,
  ) {
    const author = { authorId: member.id, authorName: member.name, authorEmail: member.email };
    const [row] = await db
      .insert(publishes)
      .values({ status: 'building', message, ...author, commit, files, undoes, createdAt: services.clock() })
      .returning();
    return row!;
  }
}
