// The checkout's action area (docs/product.md#course-pages, 'Checkout'): 'Make Payment' for a
// signed-in student; a way to sign in and come back for a visitor; 'already enrolled' for a
// student who is; and, back from the payment page, the outcome in words: paid, still being
// confirmed, or not paid. Never a blank area.
import { useStore } from '@nanostores/react';
import { useEffect, type ReactNode } from 'react';
import { loginUrl, signupUrl } from '#lib/navigation.ts';
import { withBoundary } from '#lib/react/IslandBoundary.tsx';
import { $checkout, checkPayment, makePayment, openCheckout } from '../stores.ts';

interface CheckoutProps {
  courseId: string;
  courseTitle: string;
}

function Checkout({ courseId, courseTitle }: CheckoutProps) {
  const state = useStore($checkout);
  useEffect(() => {
    void openCheckout(courseId, new URLSearchParams(location.search).get('reference'));
  }, [courseId]);

  const here = `/courses/${courseId}/checkout`;
  const pay = (
    <button
      type="button"
      className="btn checkout-pay"
      onClick={() => void makePayment(courseId)}
      aria-busy={state.kind === 'redirecting' || undefined}
    >
      {state.kind === 'redirecting' && <span className="form-spinner" aria-hidden="true" />}
      Make Payment
    </button>
  );

  const myCourses = (
    <a className="btn" href="/dashboard">
      Go to My courses
    </a>
  );

  switch (state.kind) {
    case 'loading':
    case 'checking':
      return (
        <p className="checkout-status" role="status">
          <span className="form-spinner" aria-hidden="true" /> {state.kind === 'checking' ? 'Checking your payment…' : 'One moment…'}
        </p>
      );
    case 'signed-out':
      return (
        <Outcome
          actions={
            <>
              <a className="btn" href={loginUrl(here)}>
                Log in to enrol
              </a>
              <a className="btn btn-outline" href={signupUrl(here)}>
                Sign up
              </a>
            </>
          }
        >
          Log in or create an account to enrol. You will come back here to pay.
        </Outcome>
      );
    case 'enrolled':
      return (
        <Outcome role="status" actions={myCourses}>
          You are already enrolled in {courseTitle}.
        </Outcome>
      );
    case 'paid':
      return (
        <Outcome role="status" className="checkout-success" actions={myCourses}>
          <strong>Payment received.</strong> You are enrolled in {courseTitle}. We have e-mailed your receipt.
        </Outcome>
      );
    case 'pending':
      return (
        <Outcome
          role="status"
          actions={
            <button type="button" className="btn btn-outline" onClick={() => void checkPayment(state.reference)}>
              Check again
            </button>
          }
        >
          Your payment is still being confirmed (bank transfers and USSD can take a few minutes). We will enrol you as soon as it is.
        </Outcome>
      );
    case 'failed':
      return (
        <Outcome role="alert" actions={pay}>
          {state.message ?? 'The payment did not go through, and you have not been charged for this course. You can try again.'}
        </Outcome>
      );
    case 'ready':
    case 'redirecting':
      return <div className="checkout-actions">{pay}</div>;
  }
}

/** One outcome in words, and what the student can do next. */
function Outcome({
  role,
  className,
  actions,
  children,
}: {
  role?: 'status' | 'alert';
  className?: string;
  actions: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className={['checkout-status', className].filter(Boolean).join(' ')} role={role}>
      <p>{children}</p>
      <p className="checkout-actions">{actions}</p>
    </div>
  );
}

export default withBoundary(Checkout, 'Checkout');
