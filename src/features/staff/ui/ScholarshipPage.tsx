// /staff/scholarships/view?id=: one scholarship's terms and seats taken; an admin edits its terms
// (only while no seat is taken), closes it early, and makes its codes; anyone on the staff downloads
// the beneficiaries' CSV the partner asks for.
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import type { Scholarship } from '#lib/schemas/scholarships.ts';
import { withBoundary } from '#lib/react/IslandBoundary.tsx';
import { downloadCsv } from '../http.ts';
import type { CourseOption, PartnerOption } from '../links.ts';
import { scholarshipApi } from '../scholarship-api.ts';
import { scholarshipValues } from '../scholarship-form.ts';
import { $staffSession } from '../session.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { LoadState, when } from './parts.tsx';
import { ScholarshipCodes } from './ScholarshipCodes.tsx';
import { ScholarshipForm } from './ScholarshipForm.tsx';
import { coursesLine, datesLine, seatsLine, StatusBadge } from './scholarship-parts.tsx';
import { queryParam, useLoad } from './use-load.ts';

function Terms({ scholarship, courses }: { scholarship: Scholarship; courses: CourseOption[] }) {
  const rows: [string, string][] = [
    ['Partner', scholarship.partner_name],
    ['Courses', coursesLine(scholarship, courses)],
    ['Discount', `${scholarship.discount_percent}%`],
    ['Seats taken', seatsLine(scholarship)],
    ['Open', datesLine(scholarship)],
    ['Ages', scholarship.min_age === null ? 'Any' : `${scholarship.min_age} to ${scholarship.max_age}`],
    ['States', scholarship.states.length ? scholarship.states.join(', ') : 'Every state'],
    ['Created', when(scholarship.created_at)],
    ...(scholarship.closed_at ? [['Closed early', when(scholarship.closed_at)] as [string, string]] : []),
  ];
  return (
    <section className="staff-card" aria-label="Terms">
      <dl className="staff-dl">
        {rows.map(([term, value]) => (
          <div key={term} style={{ display: 'contents' }}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function ScholarshipPage({ courses, partners }: { courses: CourseOption[]; partners: PartnerOption[] }) {
  const [id] = useState(() => queryParam('id'));
  const { data: scholarship, busy, error, reload } = useLoad(() => scholarshipApi.one(id), [id]);
  const admin = useStore($staffSession)?.staff.role === 'admin';
  const [editing, setEditing] = useState<boolean | null>(null);
  const editHeading = useRef<HTMLHeadingElement>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  // The Edit button and the form take each other's place: focus follows (not on the first render).
  useEffect(() => {
    if (editing) editHeading.current?.focus();
    else if (editing === false) editButton.current?.focus();
  }, [editing]);
  const [closing, setClosing] = useState(false);
  return (
    // Loaded again after a change, the page keeps what it shows instead of a 'Loading…' line that would move it.
    <LoadState busy={busy && !scholarship} error={error}>
      {scholarship && (
        <>
          <p className="staff-name-line">
            <strong>{scholarship.name}</strong> <StatusBadge status={scholarship.status} />
          </p>
          {editing ? (
            <section className="staff-card" aria-labelledby="edit-heading">
              <h2 id="edit-heading" ref={editHeading} tabIndex={-1}>
                Edit the terms
              </h2>
              <ScholarshipForm
                initial={scholarshipValues(scholarship)}
                courses={courses}
                partners={partners}
                labelledBy="edit-heading"
                submitLabel="Save changes"
                onSubmit={async (terms) => {
                  await scholarshipApi.edit(scholarship.id, terms);
                  setEditing(false);
                  reload();
                }}
                onCancel={() => setEditing(false)}
              />
            </section>
          ) : (
            <Terms scholarship={scholarship} courses={courses} />
          )}
          {admin && !editing && (
            <>
              {scholarship.seats_taken > 0 && (
                <p className="staff-muted">
                  The terms can no longer be edited: {scholarship.seats_taken === 1 ? 'a student has' : 'students have'} taken a seat on
                  them.
                </p>
              )}
              <div className="staff-actions">
                {scholarship.seats_taken === 0 && (
                  <button type="button" className="btn btn-outline" ref={editButton} onClick={() => setEditing(true)}>
                    Edit
                  </button>
                )}
                {scholarship.status !== 'closed' && (
                  <button type="button" className="btn btn-outline" onClick={() => setClosing(true)}>
                    Close early
                  </button>
                )}
              </div>
            </>
          )}
          <ConfirmDialog
            title="Close this scholarship early"
            confirmLabel="Close scholarship"
            open={closing}
            onClose={() => setClosing(false)}
            onConfirm={async () => {
              await scholarshipApi.close(scholarship.id);
              reload();
            }}
          >
            <p>Its codes stop working at once. Students who already hold a seat keep it. This cannot be undone.</p>
          </ConfirmDialog>
          {admin && <ScholarshipCodes scholarship={scholarship} onMade={reload} />}
          <h2>Beneficiaries</h2>
          <p className="staff-muted">For the partner: each student who took a seat, with their state, age, course and progress.</p>
          <div className="staff-actions">
            <button
              type="button"
              className="btn btn-outline"
              onClick={() =>
                void downloadCsv(
                  `scholarships/${encodeURIComponent(scholarship.id)}/beneficiaries.csv`,
                  `beneficiaries-${scholarship.partner}.csv`,
                )
              }
            >
              Download beneficiaries CSV
            </button>
          </div>
        </>
      )}
    </LoadState>
  );
}

export default withBoundary(ScholarshipPage, 'ScholarshipPage');
