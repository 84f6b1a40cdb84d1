// The checkout's action area, in the summary (docs/product.md#course-pages, 'Checkout'): 'Make
// Payment' for a signed-in student; a way to sign in and come back for a visitor; 'already
// enrolled' for a student who is. Back from the payment page the outcome is told at the top of the
// page (CheckoutOutcome.tsx); here a short line agrees with it, and 'Make Payment' is offered again
// after a failure. Never a blank area. Above them, the summary's lines (Price, Discount, Total),
// which a scholarship code changes; and, for a student who may pay, the way to enter one
// (ScholarshipCode.tsx).
import { useStore } from '@nanostores/react';
import { useEffect, type ReactNode } from 'react';
import { loginUrl, signupUrl } from '#lib/navigation.ts';
import { withBoundary } from '#lib/react/IslandBoundary.tsx';
import { $checkout, makePayment, openCheckout } from '../stores.ts';
import { ScholarshipCode } from './ScholarshipCode.tsx';
import { SummaryLines } from './SummaryLines.tsx';
import './Checkout.css';

interface CheckoutProps {
  courseId: string;
  courseTitle: string;
  /** The course's price in naira, as the content gives it: the summary before any code. */
  price: number;
}

function Checkout({ courseId, courseTitle, price }: CheckoutProps) {
  return (
    <>
      <SummaryLines price={price} />
      <CheckoutActions courseId={courseId} courseTitle={courseTitle} />
    </>
  );
}

function CheckoutActions({ courseId, courseTitle }: Pick<CheckoutProps, 'courseId' | 'courseTitle'>) {
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
      return (
        <p className="checkout-status" role="status">
          <span className="form-spinner" aria-hidden="true" /> One moment…
        </p>
      );
    case 'checking':
      // The outcome at the top of the page says so, once, to a screen reader.
      return (
        <p className="checkout-status">
          <span className="form-spinner" aria-hidden="true" /> One moment…
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
    case 'granted':
      return <p className="checkout-status">You are enrolled in {courseTitle}.</p>;
    case 'pending':
      return <p className="checkout-status">We will enrol you as soon as your payment is confirmed.</p>;
    case 'unchecked':
      return <p className="checkout-status">We could not check your payment yet.</p>;
    case 'failed':
    case 'ready':
    case 'redirecting':
      return (
        <>
          <ScholarshipCode courseId={courseId} />
          <div className="checkout-actions">{pay}</div>
        </>
      );
  }
}

/** Where the student stands in words, and what they can do next. */
function Outcome({ role, actions, children }: { role?: 'status'; actions: ReactNode; children: ReactNode }) {
  return (
    <div className="checkout-status" role={role}>
      <p>{children}</p>
      <p className="checkout-actions">{actions}</p>
    </div>
  );
}

export default withBoundary(Checkout, 'Checkout');
