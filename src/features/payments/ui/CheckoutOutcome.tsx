// The outcome of a payment, at the top of the checkout page (docs/product.md#course-pages,
// 'Checkout'): back from the provider, the student first reads whether they paid, whether it is
// still being confirmed, or that it did not go through and what to do, and the next step is in
// the same box. On a phone the course and the summary fill the first screens, so the outcome
// cannot wait below them. It takes the focus when it arrives: the browser keeps it in view and a
// screen reader reads it out. Renders nothing until there is an outcome to tell.
import { useStore } from '@nanostores/react';
import { useEffect, useRef, type ReactNode, type Ref } from 'react';
import { withBoundary } from '#lib/react/IslandBoundary.tsx';
import { $checkout, checkPayment, makePayment } from '../stores.ts';
import './CheckoutOutcome.css';

interface CheckoutOutcomeProps {
  courseId: string;
  courseTitle: string;
}

type Tone = 'success' | 'info' | 'error';

function CheckoutOutcome({ courseId, courseTitle }: CheckoutOutcomeProps) {
  const state = useStore($checkout);
  const box = useRef<HTMLDivElement>(null);
  const told =
    state.kind === 'paid' || state.kind === 'granted' || state.kind === 'pending' || state.kind === 'failed' || state.kind === 'unchecked';

  useEffect(() => {
    if (told) box.current?.focus();
  }, [told, state]);

  switch (state.kind) {
    case 'checking':
      return (
        <p className="checkout-outcome is-checking" role="status">
          <span className="form-spinner" aria-hidden="true" /> Checking your payment…
        </p>
      );
    case 'paid':
      return (
        <Box
          ref={box}
          role="status"
          tone="success"
          title="Payment received."
          lead={`You are enrolled in ${courseTitle}. We have e-mailed your receipt.`}
        >
          <p className="checkout-actions">
            <a className="btn" href="/dashboard">
              Go to My courses
            </a>
          </p>
        </Box>
      );
    case 'granted':
      // A scholarship that covers the whole fee: enrolled with nothing to pay, on to the course.
      return (
        <Box
          ref={box}
          role="status"
          tone="success"
          title="You are enrolled."
          lead={`${state.scholarship ? `Your scholarship, ${state.scholarship},` : 'Your scholarship'} covers the whole fee of ${courseTitle}: there is nothing to pay. We have e-mailed your receipt.`}
        >
          <p className="checkout-actions">
            <a className="btn" href={`/dashboard/courses/${encodeURIComponent(courseId)}`}>
              Go to the course
            </a>
          </p>
        </Box>
      );
    case 'pending':
    case 'unchecked':
      return (
        <Box
          ref={box}
          role="status"
          tone="info"
          title={state.kind === 'pending' ? 'Your payment is still being confirmed.' : 'We could not check your payment.'}
          lead={
            state.kind === 'pending'
              ? 'Bank transfers and USSD can take a few minutes. We will enrol you as soon as it is confirmed.'
              : state.message
          }
        >
          <p className="checkout-actions">
            <button type="button" className="btn btn-outline" onClick={() => void checkPayment(state.reference)}>
              Check again
            </button>
          </p>
        </Box>
      );
    case 'failed':
    case 'redirecting':
      // A retry keeps the failure in view, its button busy, until the provider's page opens.
      if (state.kind === 'redirecting' && !state.retry) return null;
      return (
        <Box ref={box} role="alert" tone="error" title="The payment did not go through." lead="You have not been charged for this course.">
          <p>
            Check the card's details and balance, or choose another card or your bank, then try again. If it keeps failing, your bank can
            tell you why it refused the payment.
          </p>
          <p className="checkout-actions">
            <button
              type="button"
              className="btn"
              onClick={() => void makePayment(courseId)}
              aria-busy={state.kind === 'redirecting' || undefined}
            >
              {state.kind === 'redirecting' && <span className="form-spinner" aria-hidden="true" />}
              Try again
            </button>
          </p>
        </Box>
      );
    default:
      return null;
  }
}

const ICONS: Record<Tone, ReactNode> = {
  success: <path d="M7 12.5l3.2 3.2L17 9" />,
  info: <path d="M12 7v5.5l3.5 2" />,
  error: <path d="M8.5 8.5l7 7m0-7l-7 7" />,
};

/** The outcome's box: an icon and a title in the tone's colour, then what to read and do. */
function Box({
  ref,
  role,
  tone,
  title,
  lead,
  children,
}: {
  ref: Ref<HTMLDivElement>;
  role: 'status' | 'alert';
  tone: Tone;
  title: string;
  lead: string;
  children: ReactNode;
}) {
  return (
    <div ref={ref} className={`checkout-outcome is-${tone}`} role={role} tabIndex={-1}>
      <svg className="checkout-outcome-icon" viewBox="0 0 24 24" width="28" height="28" aria-hidden="true">
        <circle cx="12" cy="12" r="10.5" />
        {ICONS[tone]}
      </svg>
      <div className="checkout-outcome-text">
        <p>
          <strong className="checkout-outcome-title">{title}</strong> {lead}
        </p>
        {children}
      </div>
    </div>
  );
}

export default withBoundary(CheckoutOutcome, 'CheckoutOutcome');
