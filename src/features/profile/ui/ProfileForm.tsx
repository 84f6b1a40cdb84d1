// 'Edit Your Profile' (docs/product.md#settings-page): the picture (upload, or click it to clear
// it), the names and e-mail read-only, the home address (required) and a Nigerian phone number.
// The picture is saved on its own, the moment it is uploaded or cleared, whatever the form below
// holds; the form saves the address and phone. Both put the saved user in the session, so the
// header's avatar and name change on every page, and the picture here follows the session too.
// Offline (docs/product.md#offline-study), the profile as this browser last had it, read-only, with
// a note saying so; it loads again when the connection is back.
import { useStore } from '@nanostores/react';
import { useEffect, useId, useState, type ChangeEvent } from 'react';
import { flushSync } from 'react-dom';
import { isNetworkError, NETWORK_MESSAGE } from '#lib/errors.ts';
import { submitWithSchema } from '#lib/forms/submit-with-schema.ts';
import { useAppForm } from '#lib/forms/use-app-form.ts';
import type { User } from '#lib/schemas/user.ts';
import { $session, initialsOf } from '#lib/session.ts';
import { toast } from '#lib/toast/store.ts';
import { ProfileFormSchema, type ProfileFormValues } from '../schemas.ts';
import { loadProfile } from '../signed-in-user.ts';
import { saveProfile } from '../stores.ts';

/** For the file input's accept attribute: the types ../upload.ts checks a picked file against. */
const IMAGE_ACCEPT = '.jpeg,.jpg,.png';
/**
 * The picture's code (the upload's checks, the signed upload, the picture's calls and their schemas),
 * fetched when a file is picked or the picture cleared: most visits do neither.
 */
const loadUploader = () => Promise.all([import('../upload.ts'), import('../picture.ts')]);
/** A lost connection before the picture's code came: said as any lost connection is. */
const sayOffline = () => toast.error(NETWORK_MESSAGE);

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
        {load.user && <ProfileFields key="offline" user={load.user} headingId={headingId} offline />}
      </>
    );
  return <ProfileFields key="ready" user={load.user} headingId={headingId} />;
}

const valuesOf = (user: User): ProfileFormValues => ({
  first_name: user.first_name,
  last_name: user.last_name,
  email: user.email,
  home_address: user.home_address ?? '',
  phone_number: user.phone_number ?? '',
});

function ProfileFields({ user: loaded, headingId, offline = false }: { user: User; headingId: string; offline?: boolean }) {
  // The session holds the newest user: this page's saves, and another tab's (the session follows it).
  const user = useStore($session)?.user ?? loaded;
  // What the form starts from: the profile as last loaded or saved.
  const [saved, setSaved] = useState(loaded);
  const form = useAppForm({
    defaultValues: valuesOf(saved),
    validators: { onSubmit: ProfileFormSchema },
    onSubmit: submitWithSchema(ProfileFormSchema, async ({ home_address, phone_number }) => {
      const next = await saveProfile({ home_address, phone_number });
      // The form then shows what was saved, as a reload would: the address trimmed, the phone in
      // the field's own format (an empty one keeps the saved number, so that number comes back).
      setSaved(next);
      form.reset(valuesOf(next));
    }),
  });

  return (
    <form.AppForm>
      <Avatar user={user} offline={offline} />
      <form.Form aria-labelledby={headingId} className="settings-form">
        {/* Offline, shown but not editable: nothing could be saved. */}
        <fieldset className="settings-fields" disabled={offline}>
          <div className="form-row">
            <form.AppField name="first_name">
              {(field) => <field.TextField label="First name" autoComplete="given-name" readOnly />}
            </form.AppField>
            <form.AppField name="last_name">
              {(field) => <field.TextField label="Last name" autoComplete="family-name" readOnly />}
            </form.AppField>
          </div>
          <form.AppField name="home_address" validators={{ onChange: ProfileFormSchema.entries.home_address }}>
            {(field) => (
              <field.TextField
                label="Home address"
                placeholder="Enter home address"
                autoComplete="street-address"
                maxLength={200}
                required
              />
            )}
          </form.AppField>
          <div className="form-row">
            <form.AppField name="phone_number" validators={{ onChange: ProfileFormSchema.entries.phone_number }}>
              {(field) => <field.PhoneField label="Phone number" />}
            </form.AppField>
            <form.AppField name="email">{(field) => <field.EmailField readOnly />}</form.AppField>
          </div>
          <form.SubmitButton>Save Changes</form.SubmitButton>
        </fieldset>
      </form.Form>
    </form.AppForm>
  );
}

/** The picture: pick a file to upload it, click the current one to clear it. */
function Avatar({ user, offline }: { user: User; offline: boolean }) {
  const inputId = useId();
  const noteId = useId();
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [preview, setPreview] = useState<string | null>(null);

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    // The same file may be picked again after a failure.
    input.value = '';
    if (!file || busy) return;
    let uploader: Awaited<ReturnType<typeof loadUploader>>;
    try {
      uploader = await loadUploader();
    } catch {
      sayOffline();
      return;
    }
    const [{ checkImage, readAsDataUrl, uploadImage }, { saveProfileImage }] = uploader;
    const check = checkImage(file);
    if (!check.ok) {
      toast.error(check.message);
      return;
    }
    setBusy(true);
    try {
      setPreview(await readAsDataUrl(file));
    } catch (error) {
      toast.error((error as Error).message);
      setBusy(false);
      return;
    }
    try {
      setProgress(0);
      // Each marker drawn as it comes (30 right before the bytes go), not merged into the next.
      const onProgress = (percent: number) => flushSync(() => setProgress(percent));
      await saveProfileImage(await uploadImage(file, check.mimeType, onProgress));
    } catch {
      // Toasted already: by the HTTP client, or as the storage upload's 'Something went wrong'.
    } finally {
      setBusy(false);
      setProgress(null);
      setPreview(null);
    }
  };

  /**
   * Clears the picture; the toast offers Undo. The button pressed is gone with the picture, so from
   * the keyboard (a click with no pointer position: detail 0) focus goes to Undo, and back to the
   * upload control once the toast closes with it.
   */
  const clear = async (byKeyboard: boolean) => {
    if (busy) return;
    setBusy(true);
    let picture: Awaited<ReturnType<typeof loadUploader>>[1];
    try {
      [, picture] = await loadUploader();
    } catch {
      sayOffline();
      setBusy(false);
      return;
    }
    try {
      await picture.removeProfileImage({ focusAction: byKeyboard, returnFocus: () => document.getElementById(inputId) });
    } catch {
      // Toasted by the HTTP client.
    } finally {
      setBusy(false);
    }
  };

  const shown = preview ?? user.image_url;
  return (
    <div className="settings-avatar">
      {user.image_url && !preview ? (
        <button
          type="button"
          className="settings-avatar-clear"
          aria-label="Remove profile picture"
          aria-describedby={noteId}
          disabled={busy || offline}
          onClick={(event) => void clear(event.detail === 0)}
        >
          <img src={user.image_url} alt="" width={96} height={96} />
        </button>
      ) : (
        <span className="settings-avatar-image" aria-hidden="true">
          {shown ? <img src={shown} alt="" width={96} height={96} /> : initialsOf(user)}
        </span>
      )}
      <div className="settings-avatar-actions">
        <input
          id={inputId}
          className="settings-file-input"
          type="file"
          accept={IMAGE_ACCEPT}
          aria-describedby={noteId}
          disabled={busy || offline}
          onChange={(event) => void pick(event)}
        />
        <label htmlFor={inputId} className="btn btn-outline settings-file-label">
          Upload profile picture
        </label>
        <p id={noteId}>A .jpeg, .jpg or .png image of at most 5mb.{user.image_url ? ' Click your picture to remove it.' : ''}</p>
        {progress !== null && (
          <p className="settings-progress">
            <progress max={100} value={progress} aria-label="Uploading profile picture" />
            <span>{progress}%</span>
          </p>
        )}
      </div>
    </div>
  );
}
