// Checkout's state and actions: what the checkout page shows for this course, and the moves of a
// payment (start it and go to the provider; come back and check it). Islands render $checkout and
// call these. The outcome of a payment is also raised as a toast, so it is seen and heard however
// far down the page the student is.
import { atom } from 'nanostores';
import { COURSE_COMING_SOON } from '#lib/course-for-sale.ts';
import { isApiError, messageOf } from '#lib/errors.ts';
import { go } from '#lib/navigation.ts';
import { announceNotificationsChanged } from '#lib/notifications-changed.ts';
import { $session } from '#lib/session.ts';
import { toast } from '#lib/toast/store.ts';
import { paymentsApi } from './api.ts';
import type * as v from 'valibot';
import type { QuoteSchema } from '#lib/schemas/scholarships.ts';

export type CheckoutState =
  | { kind: 'loading' }
  | { kind: 'signed-out' }
  | { kind: 'ready' }
  /** `retry`: started again from a failed payment, whose words stay in view until the provider's page opens. */
  | { kind: 'redirecting'; retry?: boolean }
  | { kind: 'enrolled' }
  | { kind: 'checking' }
  | { kind: 'paid' }
  /** Enrolled by a scholarship that covers the whole fee: no payment was made. */
  | { kind: 'granted'; scholarship: string | null }
  | { kind: 'pending'; reference: string }
  | { kind: 'failed' }
  /** The payment's status could not be read (network, server): not the same as a payment that failed. */
  | { kind: 'unchecked'; reference: string; message: string };

/** The toasts of an outcome; the page says more, at its top (ui/CheckoutOutcome.tsx). */
export const OUTCOME_TOASTS = {
  paid: 'Payment received: you are enrolled.',
  pending: 'Your payment is still being confirmed.',
  failed: 'The payment did not go through. You have not been charged.',
  granted: 'Scholarship applied: you are enrolled.',
} as const;

type Quote = v.InferOutput<typeof QuoteSchema>;

/** A scholarship code the server has priced for this course: what Make Payment sends, and the summary's Discount and Total. */
export interface AppliedCode {
  code: string;
  quote: Quote;
}

/** The code applied to this checkout; null: the full price. */
export const $appliedCode = atom<AppliedCode | null>(null);

/**
 * Why checkout itself refused the applied code (its last seat went, it closed, since the quote):
 * the code field shows it as it shows a refused quote, and the summary is back at the full price.
 */
export const $codeRefusal = atom<string | null>(null);

/** The code's calls, fetched with its field (ui/ScholarshipCode.tsx): already here when a code is applied. */
const loadCodeApi = () => import('./code-api.ts').then((module) => module.codeApi);

/** Prices the code for this course; a refusal (400 with the reason on `code`) is thrown for the form to show. */
export async function applyCode(courseId: string, code: string) {
  removeCode();
  const { data } = await (await loadCodeApi()).quote(courseId, code);
  $appliedCode.set({ code, quote: data });
}

/** Back to the full price (the code removed, or its field changed after it was applied). */
export function removeCode() {
  $appliedCode.set(null);
  $codeRefusal.set(null);
}

export const $checkout = atom<CheckoutState>({ kind: 'loading' });

/** What the page finds on arrival: a payment to check (back from the provider), or where the student stands. */
export async function openCheckout(courseId: string, reference: string | null) {
  if (!$session.get()) return $checkout.set({ kind: 'signed-out' });
  if (reference) return checkPayment(reference);
  try {
    const { data } = await paymentsApi.enrolment(courseId);
    $checkout.set(data.enrolled ? { kind: 'enrolled' } : { kind: 'ready' });
  } catch {
    // It could not be read: checkout itself still says 409 when they are enrolled.
    $checkout.set({ kind: 'ready' });
  }
}

export async function makePayment(courseId: string) {
  $checkout.set($checkout.get().kind === 'failed' ? { kind: 'redirecting', retry: true } : { kind: 'redirecting' });
  const applied = $appliedCode.get();
  try {
    const { data } = applied ? await (await loadCodeApi()).checkout(courseId, applied.code) : await paymentsApi.checkout(courseId);
    if ('enrolled' in data) return granted(applied?.quote.scholarship?.name ?? null);
    go(data.authorization_url);
  } catch (error) {
    // 409 is 'already enrolled', or a course not for sale yet (its message is shown as a toast, as any refusal's).
    if (isApiError(error) && error.status === 409 && error.message !== COURSE_COMING_SOON) return $checkout.set({ kind: 'enrolled' });
    const refusal = isApiError(error) && error.status === 400 ? error.fieldErrors.code?.find(Boolean) : undefined;
    if (applied && refusal) {
      $appliedCode.set(null);
      $codeRefusal.set(refusal);
    }
    $checkout.set({ kind: 'ready' });
  }
}

/** A 100 % scholarship: enrolled at once, told as a payment's success is, and the bell has a new notification. */
function granted(scholarship: string | null) {
  $appliedCode.set(null);
  $checkout.set({ kind: 'granted', scholarship });
  toast.success(OUTCOME_TOASTS.granted);
  announceNotificationsChanged();
}

export async function checkPayment(reference: string) {
  $checkout.set({ kind: 'checking' });
  try {
    const { data } = await paymentsApi.verify(reference);
    if (data.status === 'success') {
      $checkout.set({ kind: 'paid' });
      toast.success(OUTCOME_TOASTS.paid);
    } else if (data.status === 'pending') {
      $checkout.set({ kind: 'pending', reference });
      toast.info(OUTCOME_TOASTS.pending);
    } else {
      $checkout.set({ kind: 'failed' });
      toast.error(OUTCOME_TOASTS.failed);
    }
    // The server wrote the outcome's notification: the bell shows it on this page, not the next.
    announceNotificationsChanged();
  } catch (error) {
    // The HTTP client has toasted the reason already.
    $checkout.set({ kind: 'unchecked', reference, message: messageOf(error) });
  }
}
