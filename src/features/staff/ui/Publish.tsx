// /staff/publish: what the editor (/staff/content/) saved goes live. A few words on what changed, then
// Publish; the page follows the build (its progress read out as it changes) and shows the history:
// who, when, what changed (files), live or failed with the reason; an admin can undo a live publish.
import { useEffect, useState } from 'react';
import { submitWithSchema } from '#lib/forms/submit-with-schema.ts';
import { useAppForm } from '#lib/forms/use-app-form.ts';
import { withBoundary } from '#lib/react/IslandBoundary.tsx';
import { staffApi } from '../api.ts';
import { PublishBodySchema } from '../schemas.ts';
import { $staffSession } from '../session.ts';
import { Badge, LoadState, TableBox, when } from './parts.tsx';
import { ReasonDialog } from './ReasonDialog.tsx';
import { ListPager, useListQuery } from './use-list.tsx';
import { useLoad } from './use-load.ts';

/** How often the page asks how a build goes. */
const FOLLOW_MS = 2_000;

function PublishForm({ onStarted }: { onStarted: () => void }) {
  const form = useAppForm({
    defaultValues: { message: '' },
    validators: { onSubmit: PublishBodySchema },
    onSubmit: submitWithSchema(
      PublishBodySchema,
      async ({ message }) => {
        await staffApi.publish(message);
        onStarted();
      },
      { resetOnSuccess: true },
    ),
  });
  return (
    <form.AppForm>
      <form.Form aria-labelledby="publish-heading">
        <form.AppField name="message" validators={{ onChange: PublishBodySchema.entries.message }}>
          {(field) => <field.TextField label="What changed, in a few words" maxLength={200} required />}
        </form.AppField>
        <form.SubmitButton>Publish</form.SubmitButton>
      </form.Form>
    </form.AppForm>
  );
}

function Publish() {
  const [query, update] = useListQuery({});
  const history = useLoad(() => staffApi.publishes(query), [query.page, query.per_page]);
  const [undoing, setUndoing] = useState<string | null>(null);
  const admin = $staffSession.get()?.staff.role === 'admin';
  const building = history.data?.publishes.find((publish) => publish.status === 'building');
  const { reload } = history;

  // While one builds, the history is read again until it is live or failed.
  useEffect(() => {
    if (!building) return;
    const timer = setTimeout(reload, FOLLOW_MS);
    return () => clearTimeout(timer);
  }, [building, history.data, reload]);

  return (
    <>
      <section aria-labelledby="publish-heading" className="staff-card">
        <h2 id="publish-heading">Publish the saved changes</h2>
        <p>
          Changes saved in the <a href="/staff/content/">content editor</a> are not on the site until they are published. Publishing builds
          the site again (about a minute) and then every page and the checkout show the new content together.
        </p>
        <PublishForm onStarted={reload} />
        <p role="status" className="staff-muted">
          {building ? `Publishing “${building.message}”: ${building.log}` : ''}
        </p>
      </section>
      <section aria-labelledby="history-heading" className="staff-card">
        <h2 id="history-heading">History</h2>
        <LoadState busy={history.busy && !history.data} error={history.error}>
          {history.data && (
            <>
              <TableBox label="Publishes">
                <table className="staff-table">
                  <thead>
                    <tr>
                      <th scope="col">When</th>
                      <th scope="col">Who</th>
                      <th scope="col">What changed</th>
                      <th scope="col">Files</th>
                      <th scope="col">Status</th>
                      {admin && <th scope="col">Undo</th>}
                    </tr>
                  </thead>
                  <tbody>
                    {history.data.publishes.map((publish) => (
                      <tr key={publish.id}>
                        <td data-label="When">{when(publish.created_at)}</td>
                        <td data-label="Who">{publish.author.name || publish.author.email}</td>
                        <td data-label="What changed">{publish.message}</td>
                        <td data-label="Files">
                          <ul className="staff-files">
                            {publish.files.map((file) => (
                              <li key={file}>{file.replace(/^content\//, '')}</li>
                            ))}
                          </ul>
                        </td>
                        <td data-label="Status">
                          <Badge value={publish.status} />
                          {publish.status === 'failed' && <p className="staff-error">{publish.log}</p>}
                          {/* Live, with something to say (a push to CONTENT_REMOTE that failed). */}
                          {publish.status === 'live' && publish.log !== 'Live.' && <p className="staff-muted">{publish.log}</p>}
                        </td>
                        {admin && (
                          <td data-label="Undo">
                            {publish.status === 'live' && (
                              <button type="button" className="btn btn-outline" onClick={() => setUndoing(publish.id)}>
                                Undo this publish
                              </button>
                            )}
                          </td>
                        )}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableBox>
              {history.data.publishes.length === 0 && <p className="staff-muted">Nothing has been published from the editor yet.</p>}
              <ListPager label="History pages" query={query} totalPages={history.data.total_pages} busy={history.busy} update={update} />
            </>
          )}
        </LoadState>
      </section>
      <ReasonDialog
        title="Undo this publish"
        submitLabel="Undo"
        open={undoing !== null}
        onClose={() => setUndoing(null)}
        onSubmit={async (reason) => {
          await staffApi.undoPublish(undoing!, reason);
          reload();
        }}
      >
        <p>The content goes back to what it was before this publish, and the site is built and published again.</p>
      </ReasonDialog>
    </>
  );
}

export default withBoundary(Publish, 'Publish');
