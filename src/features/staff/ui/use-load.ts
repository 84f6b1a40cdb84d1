// A page's data: loaded when its inputs change, with a way to load it again after a change.
// The HTTP client has already toasted a failure; the page says it too, in place.
import { useCallback, useEffect, useState } from 'react';
import { messageOf } from '#lib/errors.ts';

export interface Loaded<T> {
  data: T | null;
  error: string | null;
  busy: boolean;
  reload: () => void;
}

export function useLoad<T>(load: () => Promise<T>, deps: readonly unknown[]): Loaded<T> {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(true);
  const [round, setRound] = useState(0);
  // The caller names what the load depends on, as for useEffect.
  const stable = useCallback(load, deps);
  useEffect(() => {
    let live = true;
    setBusy(true);
    stable()
      .then(
        (value) => live && (setData(value), setError(null)),
        (failure: unknown) => live && setError(messageOf(failure)),
      )
      .finally(() => live && setBusy(false));
    return () => {
      live = false;
    };
  }, [stable, round]);
  return { data, error, busy, reload: useCallback(() => setRound((n) => n + 1), []) };
}

/** The page's query parameter, read once after hydrating. */
export const queryParam = (name: string) => (typeof location === 'undefined' ? '' : (new URLSearchParams(location.search).get(name) ?? ''));
