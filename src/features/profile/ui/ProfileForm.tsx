// 'Edit Your Profile' (docs/product.md#settings-page): the picture (upload, or click it to clear
// it), the names and e-mail read-only, the home address (required) and a Nigerian phone number.
// The picture is saved on its own, the moment it is uploaded or cleared, whatever the form below
// holds; the form saves the address and phone. Both put the saved user in the session, so the
// header's avatar and name change on every page, and the picture here follows the session too.
// Offline (docs/product.md#offline-study), the profile as this browser last had it, read-only, with
// a note saying so; it loads again when the connection is back.
// Loaded with the page, the form is drawn filled without its form library (ProfilePreview.tsx); the
// live form (ProfileFields.tsx) comes when a person reaches for a field, and the picture's code
// when one is picked (Avatar.tsx).
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type ComponentType } from 'react';
import { flushSync } from 'react-dom';
import { isNetworkError, NETWORK_MESSAGE } from '#lib/errors.ts';
import type { TypedInPreview } from '#lib/forms/typed-in-preview.ts';
import type { User } from '#lib/schemas/user.ts';
import { $session } from '#lib/session.ts';
import { toast } from '#lib/toast/store.ts';
import { loadProfile } from '../signed-in-user.ts';
import { Avatar } from './Avatar.tsx';
import type { ProfileFields as LiveFields } from './ProfileFields.tsx';
import { ProfilePreview } from './ProfilePreview.tsx';

type Load =
  | { kind: 'loading' }
  | { kind: 'failed' }
  // The server could not be reached: the profile the session holds, if any.
  | { kind: 'offline'; user: User | null }
  | { kind: 'ready'; user: User };

export function ProfileForm({ headingId }: { headingId: string }) {
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  // Quiet: a lost connection is said on the page, not in a toast (a refusal is still toasted).
  const fetchProfile = () =>
    loadProfile({ quiet: true }).then(
      (user) => setLoad({ kind: 'ready', user }),
      (error: unknown) => setLoad(isNetworkError(error) ? { kind: 'offline', user: $session.get()?.user ?? null } : { kind: 'failed' }),
    );
  useEffect(() => {
    void fetchProfile();
    // Back online: the profile from the server, editable again.
    const again = () => void fetchProfile();
    addEventListener('online', again);
    return () => removeEventListener('online', again);
  }, []);
  const retry = () => {
    setLoad({ kind: 'loading' });
    void fetchProfile();
  };

  if (load.kind === 'loading') return <p role="status">Loading your profile…</p>;
  if (load.kind === 'failed')
    return (
      <p role="alert">
        Your profile could not be loaded.{' '}
        <button type="button" className="link-button" onClick={retry}>
          Try again
        </button>
      </p>
    );
  if (load.kind === 'offline')
    return (
      <>
        <div className="offline-status" role="status">
          <p>
            {load.user
              ? 'Offline: this is your profile as this phone last had it. You can change it when you are back online.'
              : 'Offline: your profile will show when you are back online.'}{' '}
            <button type="button" className="link-button" onClick={retry}>
              Try again
            </button>
          </p>
        </div>
        {load.user && <ProfileEditor key="offline" user={load.user} headingId={headingId} offline />}
      </>
    );
  return <ProfileEditor key="ready" user={load.user} headingId={headingId} />;
}

/** The picture and the form: the form drawn filled until a person reaches for it, then the live one. */
function ProfileEditor({ user: loaded, headingId, offline = false }: { user: User; headingId: string; offline?: boolean }) {
  // The session holds the newest user: this page's saves, and another tab's (the session follows it).
  const user = useStore($session)?.user ?? loaded;
  const [live, setLive] = useState<{ Fields: ComponentType<Parameters<typeof LiveFields>[0]>; typed: TypedInPreview } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const [left] = useState(() => new Set<string>());
  const fetching = useRef(false);

  const reach = () => {
    if (fetching.current || offline) return;
    fetching.current = true;
    import('./ProfileFields.tsx').then(
      ({ ProfileFields, readPreview }) => {
        const form = formRef.current;
        if (!form) return;
        // Read and swapped in one go: no key pressed in between is lost.
        const typed = readPreview(form, left);
        flushSync(() => setLive({ Fields: ProfileFields, typed }));
      },
      () => {
        // The phone went offline since the page loaded: said, and the next reach tries again.
        fetching.current = false;
        toast.error(NETWORK_MESSAGE);
      },
    );
  };

  return (
    <>
      <Avatar user={user} offline={offline} />
      {live ? (
        <live.Fields user={loaded} headingId={headingId} typed={live.typed} />
      ) : (
        <ProfilePreview user={loaded} headingId={headingId} offline={offline} formRef={formRef} left={left} onReach={reach} />
      )}
    </>
  );
}
