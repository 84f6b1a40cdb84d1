// /staff/payments: filter by status and course, paged; the server lists needs_refund first.
import { withBoundary } from '#lib/react/IslandBoundary.tsx';
import { Pagination } from '#lib/ui/Pagination.tsx';
import { staffApi } from '../api.ts';
import type { CourseOption } from '../links.ts';
import { LoadState } from './parts.tsx';
import { PaymentsTable } from './PaymentsTable.tsx';
import { useListQuery } from './use-list.ts';
import { useLoad } from './use-load.ts';

const STATUSES = ['needs_refund', 'success', 'pending', 'failed', 'refunded'];

function Payments({ courses }: { courses: CourseOption[] }) {
  const [query, update] = useListQuery({ status: '', course_id: '' });
  const { data, busy, error } = useLoad(() => staffApi.payments(query), [query.status, query.course_id, query.page, query.per_page]);
  return (
    <>
      <div className="staff-filters" role="group" aria-label="Filter payments">
        <label>
          Status
          <select value={query.status} onChange={(event) => update({ status: event.target.value })}>
            <option value="">All</option>
            {STATUSES.map((status) => (
              <option key={status} value={status}>
                {status.replace('_', ' ')}
              </option>
            ))}
          </select>
        </label>
        <label>
          Course
          <select value={query.course_id} onChange={(event) => update({ course_id: event.target.value })}>
            <option value="">All</option>
            {courses.map((course) => (
              <option key={course.id} value={course.id}>
                {course.title}
              </option>
            ))}
          </select>
        </label>
      </div>
      <LoadState busy={busy} error={error}>
        {data && (
          <>
            <p className="staff-muted" role="status">
              {data.total_count.toLocaleString('en-NG')} payments
            </p>
            <PaymentsTable payments={data.payments} />
            <Pagination
              label="Payments pages"
              page={query.page}
              totalPages={data.total_pages}
              perPage={query.per_page}
              busy={busy}
              onPageChange={(page) => update({ page })}
              onPerPageChange={(per_page) => update({ per_page })}
            />
          </>
        )}
      </LoadState>
    </>
  );
}

export default withBoundary(Payments, 'Payments');
