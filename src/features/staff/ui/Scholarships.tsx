// /staff/scholarships: every scholarship with its seats taken, dates and status; an admin sets a new
// one up here and goes on to its page to make its codes. Members of staff read the list.
import { useEffect, useRef, useState } from 'react';
import { withBoundary } from '#lib/react/IslandBoundary.tsx';
import { scholarshipHref, type CourseOption, type PartnerOption } from '../links.ts';
import { scholarshipApi } from '../scholarship-api.ts';
import { emptyScholarship } from '../scholarship-form.ts';
import { LoadState, TableBox } from './parts.tsx';
import { ScholarshipForm } from './ScholarshipForm.tsx';
import { coursesLine, datesLine, seatsLine, StatusBadge } from './scholarship-parts.tsx';
import { ListPager, useListQuery } from './use-list.tsx';
import { useLoad } from './use-load.ts';

function Scholarships({ courses, partners }: { courses: CourseOption[]; partners: PartnerOption[] }) {
  const [query, update] = useListQuery({});
  const { data, busy, error } = useLoad(() => scholarshipApi.list(query), [query.page, query.per_page]);
  const [creating, setCreating] = useState<boolean | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  // The button that opened the form is gone once it opens: focus goes to the form's heading, and
  // back to the button when the form is cancelled (not on the first render).
  useEffect(() => {
    if (creating) heading.current?.focus();
    else if (creating === false) opener.current?.focus();
  }, [creating]);
  return (
    <>
      {/* Admins only, as the page's admin-only parts are marked: the role is known before the island runs. */}
      <div data-admin-only>
        {creating ? (
          <section className="staff-card" aria-labelledby="new-scholarship">
            <h2 id="new-scholarship" ref={heading} tabIndex={-1}>
              New scholarship
            </h2>
            <ScholarshipForm
              initial={emptyScholarship()}
              courses={courses}
              partners={partners}
              labelledBy="new-scholarship"
              submitLabel="Create scholarship"
              onSubmit={async (terms) => location.assign(scholarshipHref((await scholarshipApi.create(terms)).id))}
              onCancel={() => setCreating(false)}
            />
          </section>
        ) : (
          <div className="staff-actions staff-actions-top">
            <button type="button" className="btn" ref={opener} onClick={() => setCreating(true)}>
              New scholarship
            </button>
          </div>
        )}
      </div>
      <LoadState busy={busy} error={error}>
        {data &&
          (data.scholarships.length ? (
            <>
              <TableBox label="Scholarships">
                <table className="staff-table">
                  <thead>
                    <tr>
                      <th scope="col">Name</th>
                      <th scope="col">Partner</th>
                      <th scope="col">Courses</th>
                      <th scope="col">Discount</th>
                      <th scope="col">Seats taken</th>
                      <th scope="col">Dates</th>
                      <th scope="col">Status</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.scholarships.map((scholarship) => (
                      <tr key={scholarship.id}>
                        <td data-label="Name">
                          <a href={scholarshipHref(scholarship.id)}>{scholarship.name}</a>
                        </td>
                        <td data-label="Partner">{scholarship.partner_name}</td>
                        <td data-label="Courses">{coursesLine(scholarship, courses)}</td>
                        <td data-label="Discount">{scholarship.discount_percent}%</td>
                        <td data-label="Seats taken">{seatsLine(scholarship)}</td>
                        <td data-label="Dates">{datesLine(scholarship)}</td>
                        <td data-label="Status">
                          <StatusBadge status={scholarship.status} />
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableBox>
              <ListPager label="Scholarships pages" query={query} totalPages={data.total_pages} busy={busy} update={update} />
            </>
          ) : (
            <p className="staff-muted">No scholarships yet.</p>
          ))}
      </LoadState>
    </>
  );
}

export default withBoundary(Scholarships, 'Scholarships');
