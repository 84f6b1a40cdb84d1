// /staff/students: search by name, e-mail or phone, paged; each row links to the student's page.
import { SearchField } from '#lib/forms/SearchField.tsx';
import { withBoundary } from '#lib/react/IslandBoundary.tsx';
import { staffApi } from '../api.ts';
import { Badge, fullName, LoadState, when, TableBox } from './parts.tsx';
import { ListPager, useListQuery } from './use-list.tsx';
import { useLoad } from './use-load.ts';
import { studentHref } from '../links.ts';

function Students() {
  const [query, update] = useListQuery({ search: '' });
  const { data, busy, error } = useLoad(() => staffApi.students(query), [query.search, query.page, query.per_page]);
  return (
    <>
      <SearchField label="Search students by name, e-mail or phone" defaultValue={query.search} onSearch={(search) => update({ search })} />
      <LoadState busy={busy} error={error}>
        {data && (
          <>
            <p className="staff-muted" role="status">
              {data.total_count.toLocaleString('en-NG')} students
            </p>
            <TableBox label="Students">
              <table className="staff-table">
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    <th scope="col">E-mail</th>
                    <th scope="col">Phone</th>
                    <th scope="col">Account</th>
                    <th scope="col">Courses</th>
                    <th scope="col">Joined</th>
                  </tr>
                </thead>
                <tbody>
                  {data.students.map((student) => (
                    <tr key={student.id}>
                      <td data-label="Name">
                        <a href={studentHref(student.id)}>{fullName(student)}</a>
                      </td>
                      <td data-label="E-mail">{student.email}</td>
                      <td data-label="Phone">{student.phone_number ?? '—'}</td>
                      <td data-label="Account">
                        <Badge value={student.deactivated ? 'deactivated' : student.is_verified ? 'verified' : 'unverified'} />
                      </td>
                      <td data-label="Courses">{student.enrolments ?? 0}</td>
                      <td data-label="Joined">{when(student.created_at)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableBox>
            <ListPager label="Students pages" query={query} totalPages={data.total_pages} busy={busy} update={update} />
          </>
        )}
      </LoadState>
    </>
  );
}

export default withBoundary(Students, 'Students');
