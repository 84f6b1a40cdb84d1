// Checkout's state and actions: what the checkout page shows for this course, and the moves of a
// payment (start it and go to the provider; come back and check it). Islands render $checkout and
// call these.
import { atom } from 'nanostores';
import { isApiError, messageOf } from '#lib/errors.ts';
import { go } from '#lib/navigation.ts';
import { $session } from '#lib/session.ts';
import { paymentsApi } from './api.ts';

export type CheckoutState =
  | { kind: 'loading' }
  | { kind: 'signed-out' }
  | { kind: 'ready' }
  | { kind: 'redirecting' }
  | { kind: 'enrolled' }
  | { kind: 'checking' }
  | { kind: 'paid' }
  | { kind: 'pending'; reference: string }
  | { kind: 'failed'; message?: string };

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
  $checkout.set({ kind: 'redirecting' });
  try {
    const { data } = await paymentsApi.checkout(courseId);
    go(data.authorization_url);
  } catch (error) {
    if (isApiError(error) && error.status === 409) return $checkout.set({ kind: 'enrolled' });
    $checkout.set({ kind: 'ready' });
  }
}

export async function checkPayment(reference: string) {
  $checkout.set({ kind: 'checking' });
  try {
    const { data } = await paymentsApi.verify(reference);
    if (data.status === 'success') $checkout.set({ kind: 'paid' });
    else if (data.status === 'pending') $checkout.set({ kind: 'pending', reference });
    else $checkout.set({ kind: 'failed' });
  } catch (error) {
    $checkout.set({ kind: 'failed', message: messageOf(error) });
  }
}
