// The profile's picture (docs/product.md#settings-page): pick a file to upload it, click the
// current one to clear it. Saved on its own, the moment it is uploaded or cleared, whatever the form
// below holds. Its code (the checks, the signed upload, the picture's calls) comes when a file is
// picked or the picture cleared.
import { useId, useState, type ChangeEvent } from 'react';
import { flushSync } from 'react-dom';
import { NETWORK_MESSAGE } from '#lib/errors.ts';
import type { User } from '#lib/schemas/user.ts';
import { initialsOf } from '#lib/session.ts';
import { toast } from '#lib/toast/store.ts';

/** For the file input's accept attribute: the types ../upload.ts checks a picked file against. */
const IMAGE_ACCEPT = '.jpeg,.jpg,.png';
/**
 * The picture's code (the upload's checks, the signed upload, the picture's calls and their schemas),
 * fetched when a file is picked or the picture cleared: most visits do neither.
 */
const loadUploader = () => Promise.all([import('../upload.ts'), import('../picture.ts')]);
/** A lost connection before the picture's code came: said as any lost connection is. */
const sayOffline = () => toast.error(NETWORK_MESSAGE);

/** The picture: pick a file to upload it, click the current one to clear it. */
export function Avatar({ user, offline }: { user: User; offline: boolean }) {
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
