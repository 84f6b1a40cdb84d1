// /staff/payments: filter by status and course, paged; the server lists needs_refund first. With a
// course chosen, that course's enrolments download as CSV (every source, not only paid ones).
import { withBoundary } from '#lib/react/IslandBoundary.tsx';
import { staffApi } from '../api.ts';
import { downloadCsv } from '../http.ts';
import type { CourseOption } from '../links.ts';
import { LoadState } from './parts.tsx';
import { PaymentsTable } from './PaymentsTable.tsx';
import { FilterSelect, ListPager, useListQuery } from './use-list.tsx';
import { useLoad } from './use-load.ts';

/** The status filter's choices, those to refund first as the list puts them. */
const STATUSES = ['needs_refund', 'success', 'pending', 'failed', 'refunded'].map((status) => [status, status.replace('_', ' ')] as const);

function Payments({ courses }: { courses: CourseOption[] }) {
  const [query, update] = useListQuery({ status: '', course_id: '' });
  const { data, busy, error } = useLoad(() => staffApi.payments(query), [query.status, query.course_id, query.page, query.per_page]);
  return (
    <>
      <div className="staff-filters" role="group" aria-label="Filter payments">
        <FilterSelect label="Status" value={query.status} options={STATUSES} onChange={(status) => update({ status })} />
        <FilterSelect
          label="Course"
          value={query.course_id}
          options={courses.map((course) => [course.id, course.title] as const)}
          onChange={(course_id) => update({ course_id })}
        />
        {query.course_id && (
          <button
            type="button"
            className="btn btn-outline"
            onClick={() =>
              void downloadCsv(`enrolments.csv?course_id=${encodeURIComponent(query.course_id)}`, `enrolments-${query.course_id}.csv`)
            }
          >
            Download enrolments (CSV)
          </button>
        )}
      </div>
      <LoadState busy={busy} error={error}>
        {data && (
          <>
            <p className="staff-muted" role="status">
              {data.total_count.toLocaleString('en-NG')} payments
            </p>
            <PaymentsTable payments={data.payments} />
            <ListPager label="Payments pages" query={query} totalPages={data.total_pages} busy={busy} update={update} />
          </>
        )}
      </LoadState>
    </>
  );
}

export default withBoundary(Payments, 'Payments');
