// The built-in test provider's payment page (test mode, no PAYSTACK_SECRET_KEY): shows what is
// being paid and offers Pay and Decline, then sends the payer back to the checkout, as a real
// provider's page would.
import { useEffect, useState } from 'react';
import { formatNaira } from '#lib/format.ts';
import { go } from '#lib/navigation.ts';
import { withBoundary } from '#lib/react/IslandBoundary.tsx';
import { paymentsApi } from '../api.ts';

type State =
  | { kind: 'loading' }
  | { kind: 'missing' }
  | { kind: 'ready'; reference: string; amount: string; status: string }
  | { kind: 'sending'; reference: string; amount: string; outcome: 'pay' | 'decline' };

async function load(): Promise<State> {
  const reference = new URLSearchParams(location.search).get('reference');
  if (!reference) return { kind: 'missing' };
  try {
    const { data } = await paymentsApi.testCharge(reference);
    return { kind: 'ready', reference, amount: data.amount, status: data.status };
  } catch {
    return { kind: 'missing' };
  }
}

function TestPayment() {
  const [state, setState] = useState<State>({ kind: 'loading' });
  useEffect(() => {
    void load().then(setState);
  }, []);

  const complete = async (outcome: 'pay' | 'decline') => {
    if (state.kind !== 'ready') return;
    setState({ ...state, kind: 'sending', outcome });
    try {
      const { data } = await paymentsApi.completeTest(state.reference, outcome);
      go(data.callback_url, { replace: true });
    } catch {
      setState({ ...state, kind: 'ready' });
    }
  };

  if (state.kind === 'loading') return <p role="status">One moment…</p>;
  if (state.kind === 'missing') return <p role="alert">This test payment does not exist. Start again from the course's checkout.</p>;
  const sending = state.kind === 'sending' ? state.outcome : null;
  return (
    <div className="test-payment">
      <p className="test-amount">
        Amount: <strong>{formatNaira(state.amount)}</strong>
      </p>
      <p>Reference: {state.reference}</p>
      <p className="test-actions">
        <button
          type="button"
          className="btn"
          onClick={() => void complete('pay')}
          aria-busy={sending === 'pay' || undefined}
          disabled={!!sending}
        >
          Pay
        </button>
        <button
          type="button"
          className="btn btn-outline"
          onClick={() => void complete('decline')}
          aria-busy={sending === 'decline' || undefined}
          disabled={!!sending}
        >
          Decline
        </button>
      </p>
    </div>
  );
}

export default withBoundary(TestPayment, 'TestPayment');
