// One lesson on the lessons page: its place, title, kind, status (with the reason it failed), length
// and renditions; Move up and Move down, Rename, Replace file and Retire (confirmed). A new video being
// processed, or one that failed, is said under it: students keep the current one meanwhile.
import { useEffect, useRef, useState } from 'react';
import { formatBytes } from '#lib/format.ts';
import type { Lesson } from '#lib/schemas/lessons.ts';
import { duration, titleError } from '../lesson-form.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { LessonForm, type LessonFormValues } from './LessonForm.tsx';
import { Badge } from './parts.tsx';

export interface LessonActions {
  move: (lesson: Lesson, by: -1 | 1) => void;
  rename: (lesson: Lesson, title: string) => Promise<unknown>;
  replace: (lesson: Lesson, values: LessonFormValues) => Promise<unknown>;
  retire: (lesson: Lesson) => Promise<unknown>;
}

const renditionsLine = (lesson: Lesson) =>
  lesson.renditions.length ? lesson.renditions.map((r) => `${r.height}p ${formatBytes(r.size)}`).join(', ') : '—';

function RenameForm({ lesson, onSave, onDone }: { lesson: Lesson; onSave: (title: string) => Promise<unknown>; onDone: () => void }) {
  const [title, setTitle] = useState(lesson.title);
  const [message, setMessage] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.select(), []);
  const id = `rename-${lesson.id}`;
  return (
    <form
      className="lesson-rename"
      aria-label={`Rename ${lesson.title}`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const wrong = titleError(title);
        setMessage(wrong);
        if (!wrong) void onSave(title.trim()).then(onDone, () => undefined);
      }}
    >
      <label className="field-label" htmlFor={id}>
        New title
      </label>
      <input
        ref={input}
        id={id}
        className="field-control"
        maxLength={160}
        value={title}
        aria-invalid={Boolean(message)}
        aria-describedby={message ? `${id}-message` : undefined}
        onChange={(event) => setTitle(event.target.value)}
        onKeyDown={(event) => event.key === 'Escape' && onDone()}
      />
      <p className="field-message" id={`${id}-message`} aria-live="polite">
        {message}
      </p>
      <div className="staff-actions">
        <button type="submit" className="btn">
          Save title
        </button>
        <button type="button" className="btn btn-outline" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}

export function LessonItem({ lesson, first, last, actions }: { lesson: Lesson; first: boolean; last: boolean; actions: LessonActions }) {
  const [open, setOpen] = useState<'rename' | 'replace' | 'retire' | null>(null);
  const headingId = `lesson-${lesson.id}`;
  const named = (words: string) => (
    <>
      {words}
      <span className="visually-hidden"> {lesson.title}</span>
    </>
  );
  return (
    <li className="staff-card lesson-item" aria-labelledby={headingId}>
      <h2 id={headingId}>
        {lesson.position}. {lesson.title}
      </h2>
      <p className="lesson-status">
        <Badge value={lesson.status} />{' '}
        {lesson.status === 'failed' && <span className="staff-error">{lesson.reason} Replace the file to try again.</span>}
        {lesson.status === 'processing' && (
          <span className="staff-muted">Being made ready for slow connections; students do not see it yet.</span>
        )}
      </p>
      {lesson.replacement?.status === 'processing' && (
        <p className="staff-muted">A new video is being processed. Students keep the current one until it is ready.</p>
      )}
      {lesson.replacement?.status === 'failed' && (
        <p className="staff-error">The new video failed: {lesson.replacement.reason} Students keep the current one.</p>
      )}
      <dl className="staff-dl">
        <dt>Kind</dt>
        <dd>{lesson.kind === 'video' ? 'Video' : 'PDF'}</dd>
        <dt>Position</dt>
        <dd>{lesson.position}</dd>
        {lesson.kind === 'video' && (
          <>
            <dt>Length</dt>
            <dd>{lesson.duration === undefined ? '—' : duration(lesson.duration)}</dd>
            <dt>Renditions</dt>
            <dd>{renditionsLine(lesson)}</dd>
          </>
        )}
      </dl>
      <div className="staff-actions">
        <button type="button" className="btn btn-outline" id={`up-${lesson.id}`} disabled={first} onClick={() => actions.move(lesson, -1)}>
          {named('Move up')}
        </button>
        <button type="button" className="btn btn-outline" id={`down-${lesson.id}`} disabled={last} onClick={() => actions.move(lesson, 1)}>
          {named('Move down')}
        </button>
        <button
          type="button"
          className="btn btn-outline"
          aria-expanded={open === 'rename'}
          onClick={() => setOpen(open === 'rename' ? null : 'rename')}
        >
          {named('Rename')}
        </button>
        <button
          type="button"
          className="btn btn-outline"
          aria-expanded={open === 'replace'}
          onClick={() => setOpen(open === 'replace' ? null : 'replace')}
        >
          {named('Replace file')}
        </button>
        <button type="button" className="btn btn-outline" onClick={() => setOpen('retire')}>
          {named('Retire')}
        </button>
      </div>
      {open === 'rename' && <RenameForm lesson={lesson} onSave={(title) => actions.rename(lesson, title)} onDone={() => setOpen(null)} />}
      {open === 'replace' && (
        <section className="lesson-replace" aria-labelledby={`replace-${lesson.id}`}>
          <h3 id={`replace-${lesson.id}`}>Replace the file of {lesson.title}</h3>
          <p className="staff-muted">
            {lesson.kind === 'video'
              ? 'Students keep the current video until the new one is ready; if the new one fails, the current one stays.'
              : 'Students get the new PDF as soon as it is sent.'}
          </p>
          <LessonForm
            replacing={lesson.kind}
            labelledBy={`replace-${lesson.id}`}
            submitLabel="Send the new file"
            onSave={async (values) => {
              await actions.replace(lesson, values);
              setOpen(null);
            }}
            onCancel={() => setOpen(null)}
          />
        </section>
      )}
      <ConfirmDialog
        title={`Retire ${lesson.title}`}
        confirmLabel="Retire lesson"
        open={open === 'retire'}
        onClose={() => setOpen(null)}
        onConfirm={() => actions.retire(lesson)}
      >
        <p>It leaves the students' lesson list. Students keep the progress they made on it.</p>
      </ConfirmDialog>
    </li>
  );
}
