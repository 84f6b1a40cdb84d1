// A picture is checked and made the right size when it is chosen in the media library, before it
// is uploaded: a phone photo (4032 × 3024, 5 MB) is resized and re-encoded in the browser; one the
// site cannot use (too small, not a photo format) is refused there and then, saying why, and is never
// added, so it cannot hold up a later Publish. The local backend's gate (gate.ts) keeps its own
// checks (the same limits) for anything that comes another way.
import imageCompression from 'browser-image-compression';

/* global EDITOR_PICTURE_LIMITS */
/** The limits the gate and the build hold (content-rules.ts, put in by page.ts), and the size pictures are made to before upload. */
const RULES = EDITOR_PICTURE_LIMITS;
const TARGET = { maxSide: 2400, maxMB: 1 };
const TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'];

const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** One message at a time at the top of the page, over the media library; staff close it. */
function say(text, kind) {
  document.querySelector('.picture-note')?.remove();
  const note = document.createElement('div');
  note.className = `picture-note picture-note-${kind}`;
  note.setAttribute('role', kind === 'refused' ? 'alert' : 'status');
  const words = document.createElement('p');
  words.textContent = text;
  note.append(words);
  if (kind !== 'working') {
    const close = document.createElement('button');
    close.type = 'button';
    close.textContent = 'OK';
    close.addEventListener('click', () => note.remove());
    note.append(close);
  }
  document.body.append(note);
}

/** The picture to upload in place of `file`, or a reason to refuse it. */
async function prepare(file) {
  if (/\.(heic|heif)$/i.test(file.name) || /hei[cf]/.test(file.type))
    return { problem: `${file.name} is a HEIC photo, which web browsers cannot show. Share it from the phone as a JPEG and choose that.` };
  if (!TYPES.includes(file.type))
    return { problem: `${file.name} is not a JPEG, PNG, WebP or AVIF picture. Choose a photo in one of those formats.` };
  const bitmap = await createImageBitmap(file).catch(() => undefined);
  if (!bitmap) return { problem: `${file.name} could not be opened as a picture. It may be damaged: choose another.` };
  const { width, height } = bitmap;
  bitmap.close();
  if (width < RULES.minWidth)
    return { problem: `${file.name} is ${width} px wide: pictures must be at least ${RULES.minWidth} px wide. Choose a larger picture.` };
  if (Math.max(width, height) <= TARGET.maxSide && file.size <= TARGET.maxMB * 1024 * 1024) return { file };
  // JPEG stays JPEG; PNG, WebP and AVIF become WebP (keeps transparency, and browsers encode it).
  const fileType = file.type === 'image/jpeg' ? 'image/jpeg' : 'image/webp';
  const made = await imageCompression(file, {
    maxWidthOrHeight: TARGET.maxSide,
    maxSizeMB: TARGET.maxMB,
    fileType,
    initialQuality: 0.85,
    // In this page, not a worker: the library's worker would load its code from a CDN.
    useWebWorker: false,
  });
  const name = fileType === 'image/jpeg' ? file.name : file.name.replace(/\.[^.]+$/, '') + '.webp';
  const out = new File([made], name, { type: fileType });
  if (out.size > RULES.maxBytes)
    return { problem: `${file.name} could not be made smaller than ${mb(RULES.maxBytes)}. Choose another picture.` };
  const resized = await createImageBitmap(out);
  const note = `${file.name} was made smaller for the website: ${width} × ${height} px, ${mb(file.size)} → ${resized.width} × ${resized.height} px, ${mb(out.size)}.`;
  resized.close();
  return { file: out, note };
}

// Before Decap's own handler (on React's root, below the document) sees the choice: the event is
// held, the picture prepared, and the prepared one handed on in a new 'change' event.
document.addEventListener(
  'change',
  (event) => {
    const input = event.target;
    if (!(input instanceof HTMLInputElement) || input.type !== 'file' || !input.files?.length) return;
    if (input.dataset.prepared === 'yes') {
      delete input.dataset.prepared;
      return;
    }
    event.stopImmediatePropagation();
    const [chosen] = input.files;
    say(`Checking ${chosen.name}…`, 'working');
    prepare(chosen).then(
      ({ file, problem, note }) => {
        if (problem) {
          input.value = '';
          return say(`${problem} Nothing was added.`, 'refused');
        }
        if (note) say(note, 'resized');
        else document.querySelector('.picture-note')?.remove();
        const transfer = new DataTransfer();
        transfer.items.add(file);
        input.files = transfer.files;
        input.dataset.prepared = 'yes';
        input.dispatchEvent(new Event('change', { bubbles: true }));
      },
      () => say(`${chosen.name} could not be prepared for upload. Choose another picture.`, 'refused'),
    );
  },
  true,
);
