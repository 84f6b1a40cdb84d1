// 'Have a scholarship code?' on the checkout (docs/product.md, 'Scholarships and discount codes').
// A code needs the student's age and state, so a student whose KYC is not complete is told so here,
// with the way to complete it and come back. Otherwise a button opens the code's field: the form
// (TanStack Form and the kit's field) is fetched only then, so the checkout's own script stays small
// for the students who pay the full price; an applied code keeps it open.
import { useStore } from '@nanostores/react';
import { lazy, Suspense, useState } from 'react';
import { withNext } from '#lib/navigation.ts';
import { $session } from '#lib/session.ts';
import { $appliedCode, $codeRefusal } from '../stores.ts';

// The field and the code's calls together, when the student opens it. Offline, a sentence instead:
// a failed import would otherwise take the island, Make Payment with it, down to its error box.
const ScholarshipCodeForm = lazy(() =>
  Promise.all([import('./ScholarshipCodeForm.tsx'), import('../code-api.ts')]).then(
    ([form]) => form,
    () => ({ default: CodeFieldUnavailable }),
  ),
);

function CodeFieldUnavailable() {
  return (
    <p className="checkout-status" role="alert">
      The code's field could not be loaded. Check your connection, then reload the page.
    </p>
  );
}

/** docs/product.md#auth-flows: the KYC page, which sends the student back here when done. */
const KYC_PATH = '/auth/signup/complete-kyc';

export function ScholarshipCode({ courseId }: { courseId: string }) {
  const session = useStore($session);
  const applied = useStore($appliedCode);
  const refusal = useStore($codeRefusal);
  const [opened, setOpened] = useState(false);

  if (!session) return null;
  if (!session.user.kyc_completed) {
    return (
      <p className="checkout-code-kyc">
        Have a scholarship code? Complete your KYC first: a scholarship checks your age and state.{' '}
        <a href={withNext(KYC_PATH, `/courses/${courseId}/checkout`)}>Complete your KYC</a>
      </p>
    );
  }
  if (!opened && !applied && !refusal) {
    return (
      <p className="checkout-code">
        <button type="button" className="btn-link checkout-code-open" onClick={() => setOpened(true)}>
          Have a scholarship code?
        </button>
      </p>
    );
  }
  return (
    <div className="checkout-code">
      <Suspense
        fallback={
          <p className="checkout-status">
            <span className="form-spinner" aria-hidden="true" /> One moment…
          </p>
        }
      >
        {/* Focus goes to the field when the student opened it: the button they pressed is gone. */}
        <ScholarshipCodeForm courseId={courseId} focusOnOpen={opened} />
      </Suspense>
    </div>
  );
}
