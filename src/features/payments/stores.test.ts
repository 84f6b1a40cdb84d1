// Checkout's state machine through its actions, with the API stubbed: where a student stands on
// arrival (signed out, enrolled, ready to pay), paying (off to the provider, or back to ready when it
// could not start), and coming back to have the payment checked (paid, pending, failed).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError } from '#lib/errors.ts';
import { $session } from '#lib/session.ts';
import { sampleUser } from '../../../tests/support/sample-user.ts';

const api = vi.hoisted(() => ({ checkout: vi.fn(), verify: vi.fn(), enrolment: vi.fn(), testCharge: vi.fn(), completeTest: vi.fn() }));
vi.mock('./api.ts', () => ({ paymentsApi: api }));
const { $checkout, checkPayment, makePayment, openCheckout } = await import('./stores.ts');

const answer = <T>(data: T) => Promise.resolve({ message: 'ok', data });
const REFERENCE = 'ADR-ABCDEFGHJKLMNPQR';

describe('the checkout store', () => {
  const assign = vi.fn();
  beforeEach(() => {
    vi.stubGlobal('location', { pathname: '/courses/c1/checkout', search: '', assign, replace: vi.fn() });
    $session.set({ token: 'token-1', user: sampleUser() });
    $checkout.set({ kind: 'loading' });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.clearAllMocks();
    $session.set(null);
  });

  it('asks a visitor to sign in, without calling the API', async () => {
    $session.set(null);
    await openCheckout('c1', null);
    expect($checkout.get()).toEqual({ kind: 'signed-out' });
    expect(api.enrolment).not.toHaveBeenCalled();
  });

  it('says so when the student is already enrolled, else offers to pay', async () => {
    api.enrolment.mockReturnValueOnce(answer({ enrolled: true }));
    await openCheckout('c1', null);
    expect($checkout.get()).toEqual({ kind: 'enrolled' });
    expect(api.enrolment).toHaveBeenCalledWith('c1');
    api.enrolment.mockReturnValueOnce(answer({ enrolled: false }));
    await openCheckout('c1', null);
    expect($checkout.get()).toEqual({ kind: 'ready' });
  });

  it('still offers to pay when the enrolment cannot be read (checkout itself refuses a second payment)', async () => {
    api.enrolment.mockReturnValueOnce(Promise.reject(new NetworkError(true)));
    await openCheckout('c1', null);
    expect($checkout.get()).toEqual({ kind: 'ready' });
  });

  it('sends the payer to the provider, and back to ready when the payment could not start', async () => {
    api.checkout.mockReturnValueOnce(answer({ reference: REFERENCE, authorization_url: '/payments/test?reference=x', amount: '70000.00' }));
    const paying = makePayment('c1');
    expect($checkout.get()).toEqual({ kind: 'redirecting' });
    await paying;
    expect(assign).toHaveBeenCalledWith('/payments/test?reference=x');

    api.checkout.mockReturnValueOnce(Promise.reject(new ApiError(503, 'Payments are unavailable right now.', {})));
    await makePayment('c1');
    expect($checkout.get()).toEqual({ kind: 'ready' });
    api.checkout.mockReturnValueOnce(Promise.reject(new ApiError(409, 'You are already enrolled in this course.', {})));
    await makePayment('c1');
    expect($checkout.get()).toEqual({ kind: 'enrolled' });
  });

  it('checks the payment it came back with: paid, still pending, or failed with the reason', async () => {
    api.verify.mockReturnValueOnce(answer({ status: 'success', course_id: 'c1' }));
    const checking = openCheckout('c1', REFERENCE);
    expect($checkout.get()).toEqual({ kind: 'checking' });
    await checking;
    expect($checkout.get()).toEqual({ kind: 'paid' });
    expect(api.enrolment).not.toHaveBeenCalled();

    api.verify.mockReturnValueOnce(answer({ status: 'pending', course_id: 'c1' }));
    await checkPayment(REFERENCE);
    expect($checkout.get()).toEqual({ kind: 'pending', reference: REFERENCE });
    api.verify.mockReturnValueOnce(answer({ status: 'failed', course_id: 'c1' }));
    await checkPayment(REFERENCE);
    expect($checkout.get()).toEqual({ kind: 'failed' });
    api.verify.mockReturnValueOnce(Promise.reject(new ApiError(404, 'Payment not found', {})));
    await checkPayment(REFERENCE);
    expect($checkout.get()).toEqual({ kind: 'failed', message: 'Payment not found' });
  });
});
