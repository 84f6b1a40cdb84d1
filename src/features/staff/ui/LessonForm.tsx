// Adding a lesson (title, kind, position, its file, a video's captions) or replacing a lesson's file
// (the file, the captions): each field says its own message; the files go over tus with progress,
// Pause and Resume, then the lesson is saved. A refusal (a file that is not what it claims) is said in
// the form, and everything typed and chosen stays, to correct and send again.
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { messageOf } from '#lib/errors.ts';
import { FieldShell } from '#lib/forms/FieldShell.tsx';
import { captionsFileError, LESSON_FORM_MESSAGES, lessonFileError, positionOf, titleError, type LessonKind } from '../lesson-form.ts';
import { UploadProgress } from './UploadProgress.tsx';
import { useLessonUpload } from './use-lesson-upload.ts';

export interface LessonFormValues {
  title: string;
  kind: LessonKind;
  position?: number;
  upload?: string;
  captions_upload?: string;
}

type FieldName = 'title' | 'position' | 'file' | 'captions';

const ACCEPT = { video: 'video/*,.mp4,.m4v,.mov,.webm,.mkv', pdf: 'application/pdf,.pdf' } as const;

interface LessonFormProps {
  /** Replacing: the lesson's kind is fixed, and a new file or captions are enough. */
  replacing?: LessonKind;
  labelledBy: string;
  submitLabel: string;
  onSave: (values: LessonFormValues) => Promise<unknown>;
  onCancel?: () => void;
}

/** A field of the form in the kit's frame: label, control, hint, and the message under it. */
function Field(props: { label: string; hint?: string; message?: string | undefined; children: (ids: ControlIds) => ReactNode }) {
  const base = useId();
  const ids = {
    id: `${base}-input`,
    describedBy: [props.hint && `${base}-hint`, props.message && `${base}-message`].filter(Boolean).join(' '),
  };
  return (
    <FieldShell
      label={props.label}
      inputId={ids.id}
      messageId={`${base}-message`}
      hintId={`${base}-hint`}
      message={props.message}
      status={props.message ? 'error' : 'none'}
      hint={props.hint}
    >
      {props.children(ids)}
    </FieldShell>
  );
}
interface ControlIds {
  id: string;
  describedBy: string;
}
const control = (ids: ControlIds, message: string | undefined) => ({
  id: ids.id,
  className: 'field-control',
  'aria-invalid': Boolean(message),
  'aria-describedby': ids.describedBy || undefined,
});

export function LessonForm({ replacing, labelledBy, submitLabel, onSave, onCancel }: LessonFormProps) {
  const [title, setTitle] = useState('');
  const [kind, setKind] = useState<LessonKind>(replacing ?? 'video');
  const [position, setPosition] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [captions, setCaptions] = useState<File | null>(null);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [checked, setChecked] = useState(0);
  const form = useRef<HTMLFormElement>(null);
  const upload = useLessonUpload();

  // After a check that found something, focus goes to the first field that says why.
  useEffect(() => {
    if (checked) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [checked]);

  function check(): Partial<Record<FieldName, string>> {
    const found: Partial<Record<FieldName, string>> = {};
    if (!replacing) {
      const titleMessage = titleError(title);
      if (titleMessage) found.title = titleMessage;
      const place = positionOf(position);
      if ('error' in place) found.position = place.error;
    }
    const fileMessage = replacing && !file ? null : lessonFileError(file, kind);
    if (fileMessage) found.file = fileMessage;
    const captionsMessage = kind === 'video' ? captionsFileError(captions) : null;
    if (captionsMessage) found.captions = captionsMessage;
    if (replacing && !file && !captions) found.file = LESSON_FORM_MESSAGES.nothing;
    return found;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const found = check();
    setErrors(found);
    setRefusal(null);
    if (Object.keys(found).length) return setChecked((n) => n + 1);
    setBusy(true);
    try {
      const sent = file ? await upload.send(file) : undefined;
      const sentCaptions = captions && kind === 'video' ? await upload.send(captions) : undefined;
      const place = positionOf(position);
      await onSave({
        title: title.trim(),
        kind,
        ...('position' in place && place.position !== undefined ? { position: place.position } : {}),
        ...(sent ? { upload: sent } : {}),
        ...(sentCaptions ? { captions_upload: sentCaptions } : {}),
      });
      form.current?.reset();
      setTitle('');
      setPosition('');
      setFile(null);
      setCaptions(null);
    } catch (error) {
      setRefusal(messageOf(error));
    } finally {
      setBusy(false);
    }
  }

  const fileLabel = replacing ? 'New file' : 'File';
  return (
    <form ref={form} className="lesson-form" aria-labelledby={labelledBy} noValidate onSubmit={(event) => void submit(event)}>
      {!replacing && (
        <>
          <Field label="Title" message={errors.title}>
            {(ids) => (
              <input {...control(ids, errors.title)} type="text" maxLength={160} value={title} onChange={(e) => setTitle(e.target.value)} />
            )}
          </Field>
          <fieldset className="lesson-kind">
            <legend className="field-label">Kind</legend>
            {(['video', 'pdf'] as const).map((choice) => (
              <label key={choice}>
                <input type="radio" name="kind" value={choice} checked={kind === choice} onChange={() => setKind(choice)} />
                {choice === 'video' ? 'Video' : 'PDF'}
              </label>
            ))}
          </fieldset>
          <Field label="Position (optional)" hint="Empty: after the other lessons." message={errors.position}>
            {(ids) => (
              <input
                {...control(ids, errors.position)}
                type="number"
                inputMode="numeric"
                min={1}
                value={position}
                onChange={(e) => setPosition(e.target.value)}
              />
            )}
          </Field>
        </>
      )}
      <Field
        label={fileLabel}
        hint={kind === 'video' ? 'A video up to 4 GB. Students get it once it is made ready for slow connections.' : 'A PDF up to 4 GB.'}
        message={errors.file}
      >
        {(ids) => (
          <input {...control(ids, errors.file)} type="file" accept={ACCEPT[kind]} onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
        )}
      </Field>
      {kind === 'video' && (
        <Field label={replacing ? 'New captions (optional)' : 'Captions (optional)'} hint="A WebVTT file (.vtt)." message={errors.captions}>
          {(ids) => (
            <input
              {...control(ids, errors.captions)}
              type="file"
              accept=".vtt,text/vtt"
              onChange={(e) => setCaptions(e.target.files?.[0] ?? null)}
            />
          )}
        </Field>
      )}
      {upload.view && <UploadProgress view={upload.view} onPause={upload.pause} onResume={upload.resume} />}
      {refusal && (
        <p className="staff-error" role="alert">
          {refusal}
        </p>
      )}
      <div className="staff-actions">
        <button type="submit" className="btn" aria-disabled={busy || undefined} aria-busy={busy || undefined}>
          {submitLabel}
        </button>
        {onCancel && (
          <button type="button" className="btn btn-outline" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
