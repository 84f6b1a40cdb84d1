// /staff/requests: contact and tutor requests as an inbox, filtered by status and kind; a request's
// thread beside the list (under it on a phone), a reply (mailed, status 'answered') and its status.
import { useEffect, useRef, useState } from 'react';
import { submitWithSchema } from '#lib/forms/submit-with-schema.ts';
import { useAppForm } from '#lib/forms/use-app-form.ts';
import { withBoundary } from '#lib/react/IslandBoundary.tsx';
import { staffApi } from '../api.ts';
import type { StaffRequest } from '../console-schemas.ts';
import { REQUEST_STATUS_VALUES, RequestReplySchema as ReplySchema } from '../schemas.ts';
import { Badge, fullName, LoadState, when } from './parts.tsx';
import { FilterSelect, ListPager, useListQuery } from './use-list.tsx';
import { useLoad } from './use-load.ts';

const KINDS = [
  ['contact', 'Contact'],
  ['tutor', 'Tutor'],
] as const;

function ReplyForm({ request, onDone }: { request: StaffRequest; onDone: (request: StaffRequest) => void }) {
  const form = useAppForm({
    defaultValues: { message: '' },
    validators: { onSubmit: ReplySchema },
    onSubmit: submitWithSchema(
      ReplySchema,
      async ({ message }) => {
        onDone(await staffApi.reply(request.id, message));
      },
      { resetOnSuccess: true },
    ),
  });
  return (
    <form.AppForm>
      <form.Form aria-label={`Reply to ${fullName(request)}`}>
        <form.AppField name="message" validators={{ onChange: ReplySchema.entries.message }}>
          {(field) => <field.TextArea label="Reply" rows={4} maxLength={5000} required hint={`Sent by e-mail to ${request.email}.`} />}
        </form.AppField>
        <form.SubmitButton>Send reply</form.SubmitButton>
      </form.Form>
    </form.AppForm>
  );
}

/** The request open beside the list: kept here, so a reply that moves it out of the filter leaves it in view. */
function Thread({ request, onChange }: { request: StaffRequest; onChange: (request: StaffRequest) => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [request.id]);
  return (
    <section className="staff-card" aria-labelledby="thread-heading">
      <h2 id="thread-heading" ref={heading} tabIndex={-1}>
        {fullName(request)} <Badge value={request.status} />
      </h2>
      <p className="staff-muted">
        {request.kind} request · {request.email}
        {request.phone_number ? ` · ${request.phone_number}` : ''} · {when(request.created_at)}
      </p>
      <ol className="staff-thread" aria-label="Thread">
        <li>{request.message}</li>
        {request.replies.map((reply) => (
          <li key={reply.at}>
            <strong>
              {reply.by}, {when(reply.at)}
            </strong>
            {'\n'}
            {reply.body}
          </li>
        ))}
      </ol>
      <ReplyForm request={request} onDone={onChange} />
      <div className="staff-actions staff-inline">
        <label>
          Status{' '}
          <select
            value={request.status}
            onChange={(event) => {
              const status = event.target.value as StaffRequest['status'];
              void staffApi.setRequestStatus(request.id, status).then(
                () => onChange({ ...request, status }),
                () => undefined,
              );
            }}
          >
            {REQUEST_STATUS_VALUES.map((status) => (
              <option key={status} value={status}>
                {status}
              </option>
            ))}
          </select>
        </label>
      </div>
    </section>
  );
}

function Requests() {
  const [query, update] = useListQuery({ status: 'open', kind: '' });
  const { data, busy, error, reload } = useLoad(() => staffApi.requests(query), [query.status, query.kind, query.page, query.per_page]);
  const [open, setOpen] = useState<StaffRequest | null>(null);
  const changed = (request: StaffRequest) => {
    setOpen(request);
    reload();
  };
  return (
    <>
      <div className="staff-filters" role="group" aria-label="Filter requests">
        <FilterSelect
          label="Status"
          value={query.status}
          options={REQUEST_STATUS_VALUES.map((status) => [status, status] as const)}
          onChange={(status) => update({ status })}
        />
        <FilterSelect label="Kind" value={query.kind} options={KINDS} onChange={(kind) => update({ kind })} />
      </div>
      <LoadState busy={busy} error={error}>
        {data && (
          <div className="staff-inbox">
            <div>
              <p className="staff-muted" role="status">
                {data.total_count.toLocaleString('en-NG')} requests
              </p>
              <ul className="staff-inbox-list" aria-label="Requests">
                {data.requests.map((request) => (
                  <li key={request.id}>
                    <button type="button" aria-pressed={request.id === open?.id} onClick={() => setOpen(request)}>
                      <span>
                        <strong>{fullName(request)}</strong> <Badge value={request.status} />
                      </span>
                      <span className="staff-muted">
                        {request.kind} · {when(request.created_at)}
                      </span>
                      <span>{request.message.length > 120 ? `${request.message.slice(0, 120)}…` : request.message}</span>
                    </button>
                  </li>
                ))}
              </ul>
              <ListPager label="Requests pages" query={query} totalPages={data.total_pages} busy={busy} update={update} />
            </div>
            {open ? <Thread request={open} onChange={changed} /> : <p className="staff-muted">Choose a request to read it and reply.</p>}
          </div>
        )}
      </LoadState>
    </>
  );
}

export default withBoundary(Requests, 'Requests');
