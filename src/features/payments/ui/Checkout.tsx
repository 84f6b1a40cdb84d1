// The checkout's action area (docs/product.md#course-pages, 'Checkout'): 'Make Payment' for a
// signed-in student; a way to sign in and come back for a visitor; 'already enrolled' for a
// student who is; and, back from the payment page, the outcome in words: paid, still being
// confirmed, or not paid. Never a blank area.
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { loginUrl } from '#lib/navigation.ts';
import { withBoundary } from '#lib/react/IslandBoundary.tsx';
import { $checkout, checkPayment, makePayment, openCheckout } from '../stores.ts';

export interface CheckoutProps {
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
        <div className="checkout-status">
          <p>Log in or create an account to enrol. You will come back here to pay.</p>
          <p className="checkout-actions">
            <a className="btn" href={loginUrl(here)}>
              Log in to enrol
            </a>
            <a className="btn btn-outline" href="/auth/signup">
              Sign up
            </a>
          </p>
        </div>
      );
    case 'enrolled':
      return (
        <div className="checkout-status" role="status">
          <p>You are already enrolled in {courseTitle}.</p>
          <p className="checkout-actions">
            <a className="btn" href="/dashboard">
              Go to My courses
            </a>
          </p>
        </div>
      );
    case 'paid':
      return (
        <div className="checkout-status checkout-success" role="status">
          <p>
            <strong>Payment received.</strong> You are enrolled in {courseTitle}. We have e-mailed your receipt.
          </p>
          <p className="checkout-actions">
            <a className="btn" href="/dashboard">
              Go to My courses
            </a>
          </p>
        </div>
      );
    case 'pending':
      return (
        <div className="checkout-status" role="status">
          <p>Your payment is still being confirmed (bank transfers and USSD can take a few minutes). We will enrol you as soon as it is.</p>
          <p className="checkout-actions">
            <button type="button" className="btn btn-outline" onClick={() => void checkPayment(state.reference)}>
              Check again
            </button>
          </p>
        </div>
      );
    case 'failed':
      return (
        <div className="checkout-status" role="alert">
          <p>{state.message ?? 'The payment did not go through, and you have not been charged for this course. You can try again.'}</p>
          <p className="checkout-actions">{pay}</p>
        </div>
      );
    case 'ready':
    case 'redirecting':
      return <div className="checkout-actions">{pay}</div>;
  }
}

export default withBoundary(Checkout, 'Checkout');
