// A lesson file sent to the API over tus (docs/product.md#lessons): tus-js-client, loaded only when
// staff send a file, so no other page carries it. The file is read in 8 MB slices as it is sent,
// never whole (up to 4 GB). A dropped request is retried with growing delays; offline, the upload
// waits and goes on by itself when the browser is back online, or when staff press Resume. The
// upload's address is kept in localStorage under the file's fingerprint (name, type, size, date):
// the same file chosen again after a reload or a crash resumes where the server stopped.
import type { DetailedError, Upload } from 'tus-js-client';
import { API_BASE } from '#lib/api-base.ts';
import { $staffSession, leaveForLogin } from './session.ts';

const CHUNK_BYTES = 8 * 1024 * 1024;
/** Milliseconds before each new try of a failed request; after the last, the upload waits for Resume. */
const RETRY_DELAYS = [0, 1_000, 3_000, 5_000, 10_000, 20_000];

export interface UploadEvents {
  onProgress: (sent: number, total: number) => void;
  /** Stopped by the network (offline, or every retry failed): Resume, or coming back online, goes on. */
  onInterrupted: () => void;
  /** Going on again after an interruption. */
  onResumed: () => void;
}

export interface RunningUpload {
  /** The upload's address once every byte is on the server; rejects with the server's reason when it refuses the file. */
  done: Promise<string>;
  pause: () => void;
  resume: () => void;
}

/** The server's words for a refusal: its JSON message, or the tus server's text. */
function refusalOf(error: DetailedError): string {
  const body = error.originalResponse?.getBody() ?? '';
  try {
    const parsed = JSON.parse(body) as { message?: unknown };
    if (typeof parsed.message === 'string') return parsed.message;
  } catch {
    // Not JSON: the tus server answers in plain text.
  }
  return body.trim() || 'The server refused the file.';
}

export async function sendLessonFile(file: File, events: UploadEvents): Promise<RunningUpload> {
  const tus = await import('tus-js-client');
  let finish!: (location: string) => void;
  let refuse!: (error: Error) => void;
  const done = new Promise<string>((resolve, reject) => ((finish = resolve), (refuse = reject)));
  /** Running, paused by staff, or stopped by the network: Resume (or coming back online) goes on only from the last two. */
  let state: 'running' | 'paused' | 'interrupted' = 'running';
  const upload: Upload = new tus.Upload(file, {
    endpoint: new URL(`${API_BASE}staff/uploads`, location.href).href,
    chunkSize: CHUNK_BYTES,
    retryDelays: RETRY_DELAYS,
    metadata: { filename: file.name, filetype: file.type || 'application/octet-stream' },
    storeFingerprintForResuming: true,
    removeFingerprintOnSuccess: true,
    onBeforeRequest: (request) => {
      const token = $staffSession.get()?.token;
      if (token) request.setHeader('authorization', `Bearer ${token}`);
    },
    onProgress: (sent, total) => events.onProgress(sent, total),
    onSuccess: () => finish(upload.url!),
    onError: (error) => {
      const status = (error as DetailedError).originalResponse?.getStatus() ?? 0;
      if (status === 401) return leaveForLogin('ended');
      // A refusal (the file too large, a bad request) will not change on a retry; the network might.
      if (status >= 400 && status < 500 && status !== 409 && status !== 423) return refuse(new Error(refusalOf(error as DetailedError)));
      state = 'interrupted';
      events.onInterrupted();
    },
  });
  const goOn = () => {
    if (state === 'running') return;
    state = 'running';
    events.onResumed();
    upload.start();
  };
  const online = () => state === 'interrupted' && goOn();
  addEventListener('online', online);
  void done.then(
    () => removeEventListener('online', online),
    () => removeEventListener('online', online),
  );
  const [previous] = await upload.findPreviousUploads();
  if (previous) upload.resumeFromPreviousUpload(previous);
  upload.start();
  return {
    done,
    pause: () => {
      if (state !== 'running') return;
      state = 'paused';
      void upload.abort();
    },
    resume: goOn,
  };
}
