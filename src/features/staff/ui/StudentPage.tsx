// /staff/students/view?id=: a student's profile, KYC, enrolments (progress and source) and
// payments; deactivate or activate with a reason; enrol by hand; revoke an enrolment (admin) with a reason.
import { useState } from 'react';
import { withBoundary } from '#lib/react/IslandBoundary.tsx';
import { staffApi } from '../api.ts';
import type { StudentDetail } from '../console-schemas.ts';
import { scholarshipHref, type CourseOption } from '../links.ts';
import { EnrolForm } from './EnrolForm.tsx';
import { Badge, fullName, LoadState, when, TableBox } from './parts.tsx';
import { PaymentsTable } from './PaymentsTable.tsx';
import { ReasonDialog } from './ReasonDialog.tsx';
import { queryParam, useLoad } from './use-load.ts';

function Profile({ student }: { student: StudentDetail['student'] }) {
  const rows: [string, string][] = [
    ['Name', fullName(student)],
    ['E-mail', student.email],
    ['Phone', student.phone_number ?? '—'],
    ['Verified', student.is_verified ? 'Yes' : 'No'],
    ['Joined', when(student.created_at)],
  ];
  const kyc: [string, string][] = [
    ['KYC', student.kyc_completed ? 'Complete' : 'Not complete'],
    ['Gender', student.gender ?? '—'],
    ['Date of birth', student.date_of_birth ?? '—'],
    ['Address', student.home_address ?? '—'],
    ['State', student.state ?? '—'],
    ['Country', student.country ?? '—'],
  ];
  return (
    <div className="staff-columns">
      {[
        ['Profile', rows],
        ['KYC', kyc],
      ].map(([title, list]) => (
        <section key={title as string} className="staff-card" aria-label={title as string}>
          <dl className="staff-dl">
            {(list as [string, string][]).map(([term, value]) => (
              <div key={term} style={{ display: 'contents' }}>
                <dt>{term}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
    </div>
  );
}

function StudentPage({ courses }: { courses: CourseOption[] }) {
  const [id] = useState(() => queryParam('id'));
  const { data, busy, error, reload } = useLoad(() => staffApi.student(id), [id]);
  const [dialog, setDialog] = useState(false);
  const [revoking, setRevoking] = useState<StudentDetail['enrolments'][number] | null>(null);
  const student = data?.student;
  return (
    <LoadState busy={busy} error={error}>
      {data && student && (
        <>
          <p className="staff-name-line">
            <strong>{fullName(student)}</strong> <Badge value={student.deactivated ? 'deactivated' : 'active'} />
          </p>
          <Profile student={student} />
          <div className="staff-actions">
            <button type="button" className="btn btn-outline" onClick={() => setDialog(true)}>
              {student.deactivated ? 'Activate' : 'Deactivate'}
            </button>
          </div>
          <ReasonDialog
            title={student.deactivated ? 'Activate this student' : 'Deactivate this student'}
            submitLabel={student.deactivated ? 'Activate' : 'Deactivate'}
            open={dialog}
            onClose={() => setDialog(false)}
            onSubmit={async (reason) => {
              await staffApi.setActive(student.id, student.deactivated, reason);
              reload();
            }}
          >
            {!student.deactivated && <p>Their sessions end at once and they cannot sign in until activated again.</p>}
          </ReasonDialog>
          <h2>Courses</h2>
          {data.enrolments.length ? (
            <TableBox label="Courses">
              <table className="staff-table">
                <thead>
                  <tr>
                    <th scope="col">Course</th>
                    <th scope="col">Enrolled</th>
                    <th scope="col">Progress</th>
                    <th scope="col">Source</th>
                    <th scope="col" data-admin-only>
                      Action
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.enrolments.map((enrolment) => (
                    <tr key={enrolment.course_id}>
                      <td data-label="Course">{enrolment.title}</td>
                      <td data-label="Enrolled">{when(enrolment.enrolled_at)}</td>
                      <td data-label="Progress">{Math.round(enrolment.progress)}%</td>
                      <td data-label="Source">
                        {enrolment.source}
                        {enrolment.scholarship && (
                          <>
                            : <a href={scholarshipHref(enrolment.scholarship.id)}>{enrolment.scholarship.name}</a>
                          </>
                        )}
                      </td>
                      <td data-label="Action" data-admin-only>
                        <button
                          type="button"
                          className="btn btn-outline"
                          aria-label={`Revoke ${enrolment.title}`}
                          onClick={() => setRevoking(enrolment)}
                        >
                          Revoke
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableBox>
          ) : (
            <p className="staff-muted">Not enrolled on any course.</p>
          )}
          <ReasonDialog
            title="Revoke this enrolment"
            submitLabel="Revoke"
            open={revoking !== null}
            onClose={() => setRevoking(null)}
            onSubmit={async (reason) => {
              if (!revoking) return;
              await staffApi.revoke(student.id, revoking.course_id, reason);
              reload();
            }}
          >
            <p>
              {fullName(student)} loses {revoking?.title} at once and gets a notification with the reason. No money goes back: a refund is
              made from the payment's page.
            </p>
          </ReasonDialog>
          <h2>Payments</h2>
          <PaymentsTable payments={data.payments} caption="The student's payments" />
          <h2 id="enrol-heading">Enrol by hand</h2>
          <section className="staff-card" aria-labelledby="enrol-heading">
            <p className="staff-muted">For a bank transfer or cash: the student gets a receipt by e-mail and a notification.</p>
            <EnrolForm studentId={student.id} courses={courses} onDone={reload} />
          </section>
        </>
      )}
    </LoadState>
  );
}

export default withBoundary(StudentPage, 'StudentPage');
