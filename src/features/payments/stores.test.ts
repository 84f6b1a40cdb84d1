// Checkout's state machine through its actions, with the API stubbed: where a student stands on
// arrival (signed out, enrolled, ready to pay), paying (off to the provider, or back to ready when it
// could not start), and coming back to have the payment checked (paid, pending, failed, or not
// checked), each outcome with its toast.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError } from '#lib/errors.ts';
import { $session } from '#lib/session.ts';
import { sampleUser } from '../../../tests/support/sample-user.ts';

const api = vi.hoisted(() => ({
  checkout: vi.fn(),
  quote: vi.fn(),
  verify: vi.fn(),
  enrolment: vi.fn(),
  testCharge: vi.fn(),
  completeTest: vi.fn(),
}));
vi.mock('./api.ts', () => ({ paymentsApi: api }));
const codeApi = vi.hoisted(() => ({ quote: vi.fn(), checkout: vi.fn() }));
vi.mock('./code-api.ts', () => ({ codeApi }));
const { $appliedCode, $checkout, $codeRefusal, applyCode, checkPayment, makePayment, openCheckout, OUTCOME_TOASTS, removeCode } =
  await import('./stores.ts');
const { $pendingToasts } = await import('#lib/toast/store.ts');
/** The toasts raised since the last call, as type and text. */
const toasts = () => {
  const raised = $pendingToasts.get().map(({ type, message }) => ({ type, message }));
  $pendingToasts.set([]);
  return raised;
};

const answer = <T>(data: T) => Promise.resolve({ message: 'ok', data });
const REFERENCE = 'ADR-ABCDEFGHJKLMNPQR';

describe('the checkout store', () => {
  const assign = vi.fn();
  beforeEach(() => {
    vi.stubGlobal('location', { pathname: '/courses/c1/checkout', search: '', assign, replace: vi.fn() });
    $session.set({ token: 'token-1', user: sampleUser() });
    $checkout.set({ kind: 'loading' });
    removeCode();
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

  it("keeps offering the page, not 'enrolled', when checkout refuses a course not for sale yet (its 409 is not the enrolled one)", async () => {
    api.checkout.mockReturnValueOnce(
      Promise.reject(new ApiError(409, 'This course is coming soon: enrolment opens once its first lesson is ready.', {})),
    );
    await makePayment('c1');
    expect($checkout.get()).toEqual({ kind: 'ready' });
  });

  it('checks the payment it came back with: paid, still pending, or failed, each with its toast', async () => {
    toasts();
    api.verify.mockReturnValueOnce(answer({ status: 'success', course_id: 'c1' }));
    const checking = openCheckout('c1', REFERENCE);
    expect($checkout.get()).toEqual({ kind: 'checking' });
    await checking;
    expect($checkout.get()).toEqual({ kind: 'paid' });
    expect(api.enrolment).not.toHaveBeenCalled();
    expect(toasts()).toEqual([{ type: 'success', message: OUTCOME_TOASTS.paid }]);

    api.verify.mockReturnValueOnce(answer({ status: 'pending', course_id: 'c1' }));
    await checkPayment(REFERENCE);
    expect($checkout.get()).toEqual({ kind: 'pending', reference: REFERENCE });
    expect(toasts()).toEqual([{ type: 'info', message: OUTCOME_TOASTS.pending }]);
    api.verify.mockReturnValueOnce(answer({ status: 'failed', course_id: 'c1' }));
    await checkPayment(REFERENCE);
    expect($checkout.get()).toEqual({ kind: 'failed' });
    expect(toasts()).toEqual([{ type: 'error', message: OUTCOME_TOASTS.failed }]);
  });

  it('tells a payment it could not check from one that failed, and toasts nothing more than the HTTP client did', async () => {
    toasts();
    api.verify.mockReturnValueOnce(Promise.reject(new ApiError(404, 'Payment not found', {})));
    await checkPayment(REFERENCE);
    expect($checkout.get()).toEqual({ kind: 'unchecked', reference: REFERENCE, message: 'Payment not found' });
    expect(toasts()).toEqual([]);
  });

  it('keeps a failed payment in view while trying again, and only then', async () => {
    api.checkout.mockReturnValue(answer({ reference: REFERENCE, authorization_url: '/payments/test?reference=x', amount: '70000.00' }));
    $checkout.set({ kind: 'failed' });
    const paying = makePayment('c1');
    expect($checkout.get()).toEqual({ kind: 'redirecting', retry: true });
    await paying;
    $checkout.set({ kind: 'ready' });
    const again = makePayment('c1');
    expect($checkout.get()).toEqual({ kind: 'redirecting' });
    await again;
  });

  describe('with a scholarship code', () => {
    const HALF = {
      price: '90000.00',
      discount: '45000.00',
      total: '45000.00',
      scholarship: { name: 'LSETF Fashion Skills 2027', partner: 'lsetf', partner_name: 'LSETF Fashion Skills Scholarship' },
    };
    const PAYMENT = { reference: REFERENCE, authorization_url: '/payments/test?reference=x', amount: '45000.00' };

    it('shows the quote of an applied code and pays its total by sending the code; removed, the full price again', async () => {
      codeApi.quote.mockReturnValueOnce(answer(HALF));
      await applyCode('c1', 'ABCDEFGHJK');
      expect(codeApi.quote).toHaveBeenCalledWith('c1', 'ABCDEFGHJK');
      expect($appliedCode.get()).toEqual({ code: 'ABCDEFGHJK', quote: HALF });
      codeApi.checkout.mockReturnValueOnce(answer(PAYMENT));
      await makePayment('c1');
      expect(codeApi.checkout).toHaveBeenCalledWith('c1', 'ABCDEFGHJK');
      expect(assign).toHaveBeenCalledWith('/payments/test?reference=x');

      removeCode();
      expect($appliedCode.get()).toBeNull();
      api.checkout.mockReturnValueOnce(answer(PAYMENT));
      await makePayment('c1');
      expect(api.checkout).toHaveBeenLastCalledWith('c1');
      expect(codeApi.checkout).toHaveBeenCalledTimes(1);
    });

    it('keeps the full price when the quote is refused, and lets the form show why', async () => {
      codeApi.quote.mockReturnValueOnce(answer(HALF));
      await applyCode('c1', 'ABCDEFGHJK');
      const refusal = new ApiError(400, 'This code has already been used', { code: ['This code has already been used'] });
      codeApi.quote.mockReturnValueOnce(Promise.reject(refusal));
      await expect(applyCode('c1', 'ZZZZZZZZZZ')).rejects.toBe(refusal);
      expect($appliedCode.get()).toBeNull();
    });

    it('enrols at once with a code that covers the whole fee: no provider, the outcome and its toast', async () => {
      toasts();
      codeApi.quote.mockReturnValueOnce(answer({ ...HALF, discount: '90000.00', total: '0.00' }));
      await applyCode('c1', 'ABCDEFGHJK');
      codeApi.checkout.mockReturnValueOnce(answer({ enrolled: true, course_id: 'c1' }));
      await makePayment('c1');
      expect(assign).not.toHaveBeenCalled();
      expect($checkout.get()).toEqual({ kind: 'granted', scholarship: 'LSETF Fashion Skills 2027' });
      expect(toasts()).toEqual([{ type: 'success', message: OUTCOME_TOASTS.granted }]);
    });

    it('goes back to the full price with the reason on the field when checkout refuses the code (its last seat went)', async () => {
      codeApi.quote.mockReturnValueOnce(answer(HALF));
      await applyCode('c1', 'ABCDEFGHJK');
      codeApi.checkout.mockReturnValueOnce(
        Promise.reject(new ApiError(400, 'This scholarship has no seats left', { code: ['This scholarship has no seats left'] })),
      );
      await makePayment('c1');
      expect(assign).not.toHaveBeenCalled();
      expect($checkout.get()).toEqual({ kind: 'ready' });
      expect($appliedCode.get()).toBeNull();
      expect($codeRefusal.get()).toBe('This scholarship has no seats left');
    });
  });
});
