// An upload under way: a <progress> with the percent and the megabytes sent, Pause and Resume (one
// button, so focus stays on it), and a polite announcement at each tenth, on pause and on a dropped
// connection, not at every chunk.
import { useId } from 'react';
import { megabytes } from '../lesson-form.ts';
import type { UploadView } from './use-lesson-upload.ts';

const PHASE_WORDS = {
  sending: '',
  paused: 'Paused.',
  interrupted: 'The connection dropped: the upload goes on by itself when it is back, or press Resume.',
} as const;

export function UploadProgress({ view, onPause, onResume }: { view: UploadView; onPause: () => void; onResume: () => void }) {
  const id = useId();
  const percent = view.total ? Math.floor((view.sent / view.total) * 100) : 0;
  const sending = view.phase === 'sending';
  const announced = sending ? `Uploading ${view.name}: ${Math.floor(percent / 10) * 10}%` : `${view.name}: ${PHASE_WORDS[view.phase]}`;
  return (
    <div className="lesson-upload">
      <label htmlFor={id}>Uploading {view.name}</label>
      <progress id={id} max={view.total || 1} value={view.sent}>
        {percent}%
      </progress>
      <p className="lesson-upload-line">
        {percent}% · {megabytes(view.sent)} of {megabytes(view.total)}
        {!sending && <span className={view.phase === 'interrupted' ? 'staff-error' : undefined}> · {PHASE_WORDS[view.phase]}</span>}
      </p>
      <p className="visually-hidden" role="status">
        {announced}
      </p>
      <button type="button" className="btn btn-outline" onClick={sending ? onPause : onResume}>
        {sending ? 'Pause' : 'Resume'}
      </button>
    </div>
  );
}
