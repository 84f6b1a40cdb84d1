// A 'Remove' for what is saved on the phone that asks first (docs/product.md#offline-study):
// removing is not undone, and saving again needs a connection and data, which offline the student
// does not have. The question takes the button's place, with focus on Cancel, the safe answer;
// Cancel puts focus back on the button, so one mis-tap or a stray Enter removes nothing. Shown only
// where something is saved, so the pages fetch it then (lazily), not with the page.
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import './ConfirmRemove.css';

/** What 'Remove' asks: saving again takes data, and offline a connection the student does not have. */
const removeQuestion = (what: string, online: boolean) =>
  `Remove ${what} from this phone? ${online ? 'Saving it again uses data.' : 'You are offline: saving it again needs a connection.'}`;

interface ConfirmRemoveProps {
  /** The button's text (its name may carry a visually hidden part, such as the material's title). */
  children: ReactNode;
  /** The button's whole name when its text alone does not say what it removes ('Remove from phone: Title'). */
  label?: string;
  /** What goes ('this course', '‘Title’'); the question adds what bringing it back takes. */
  what: string;
  /** Whether the phone has a connection, to save it again. */
  online: boolean;
  onRemove: () => void;
}

export default function ConfirmRemove({ children, label, what, online, onRemove }: ConfirmRemoveProps) {
  const question = removeQuestion(what, online);
  const [asking, setAsking] = useState(false);
  const questionId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const focusButton = useRef(false);
  useEffect(() => {
    if (asking) cancel.current?.focus();
    else if (focusButton.current) {
      focusButton.current = false;
      button.current?.focus();
    }
  }, [asking]);

  if (!asking)
    return (
      <button ref={button} type="button" className="btn btn-outline" onClick={() => setAsking(true)} aria-label={label}>
        {children}
      </button>
    );
  return (
    <div className="confirm-remove" role="group" aria-labelledby={questionId}>
      <p id={questionId}>{question}</p>
      <button
        ref={cancel}
        type="button"
        className="btn btn-outline"
        onClick={() => {
          focusButton.current = true;
          setAsking(false);
        }}
      >
        Cancel
      </button>
      <button
        type="button"
        className="btn"
        onClick={() => {
          setAsking(false);
          onRemove();
        }}
      >
        Yes, remove
      </button>
    </div>
  );
}
