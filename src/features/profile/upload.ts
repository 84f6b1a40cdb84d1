// The profile picture upload (docs/product.md#limits-and-timings, API 'Uploads'): the file is
// checked here first (type, at most 5 MB), then initiate-upload gives a signed URL (progress 30),
// the bytes go there by XMLHttpRequest so their progress is known (from 30 to 60 as they go; 60
// once stored), and the upload is confirmed (100). Saving it on the profile is the caller's next step.
import { doneProgress, startProgress } from '#lib/loading-bar.ts';
import { toast } from '#lib/toast/store.ts';
import * as uploadApi from './upload-api.ts';
import { fileTooLargeMessage, MAX_IMAGE_BYTES, WRONG_IMAGE_TYPE } from './upload-schemas.ts';

const IMAGE_TYPES: Record<string, 'image/jpeg' | 'image/png'> = { jpeg: 'image/jpeg', jpg: 'image/jpeg', png: 'image/png' };

const UPLOAD_FAILED = 'Something went wrong';
const READ_FAILED = 'Failed to read file as data URL';
const READ_ERROR = 'Error reading file';

/** docs/product.md#limits-and-timings: 'Upload progress markers'. */
export const PROGRESS_STARTED = 30;
export const PROGRESS_STORED = 60;
const PROGRESS_DONE = 100;

export type PickedImage = { ok: true; mimeType: 'image/jpeg' | 'image/png' } | { ok: false; message: string };

/** Whether a picked file may be uploaded: a .jpeg, .jpg or .png of that type, not empty, at most 5 MB. */
export function checkImage(file: { name: string; type: string; size: number }): PickedImage {
  const dot = file.name.lastIndexOf('.');
  const extension = dot < 0 ? '' : file.name.slice(dot + 1).toLowerCase();
  const mimeType = IMAGE_TYPES[extension];
  if (!mimeType || (file.type && file.type !== mimeType)) return { ok: false, message: WRONG_IMAGE_TYPE };
  if (file.size > MAX_IMAGE_BYTES) return { ok: false, message: fileTooLargeMessage(file.size) };
  if (file.size < 1) return { ok: false, message: 'The file is empty' };
  return { ok: true, mimeType };
}

/**
 * What the progress bar shows while the bytes go: from the 'started' marker (30) to the 'stored'
 * one (60) in the share sent, whole numbers, never outside them. The markers stay SPEC's: 30 when
 * the upload is started, 60 when the file is stored.
 */
export function sendingProgress(loaded: number, total: number): number {
  if (!(total > 0)) return PROGRESS_STARTED;
  const share = Math.min(1, Math.max(0, loaded / total));
  return PROGRESS_STARTED + Math.floor(share * (PROGRESS_STORED - PROGRESS_STARTED));
}

/** The picked file as a data: URL, to show it while it uploads. Rejects with the message to show. */
export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => (typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error(READ_FAILED)));
    reader.onerror = () => reject(new Error(READ_ERROR));
    reader.readAsDataURL(file);
  });
}

class StorageUploadError extends Error {
  override name = 'StorageUploadError';
  readonly status: number;
  constructor(status: number) {
    super(UPLOAD_FAILED);
    this.status = status;
  }
}

/** PUTs the bytes to the signed URL, reporting progress as they go. */
function putFile(url: string, file: Blob, mimeType: string, onProgress: (percent: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    xhr.setRequestHeader('content-type', mimeType);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(sendingProgress(event.loaded, event.total));
    };
    xhr.onload = () => (xhr.status >= 200 && xhr.status < 300 ? resolve() : reject(new StorageUploadError(xhr.status)));
    xhr.onerror = () => reject(new StorageUploadError(0));
    xhr.onabort = () => reject(new StorageUploadError(0));
    xhr.ontimeout = () => reject(new StorageUploadError(0));
    // docs/architecture.md, 'Server timeouts': a 5 MiB picture takes about 105 s on slow 3G.
    xhr.timeout = 120_000;
    xhr.send(file);
  });
}

/**
 * Initiates, sends and confirms an upload; resolves with the stored file's id. The API's refusals
 * are toasted by the HTTP client; a failed storage PUT is toasted here ('Something went wrong').
 */
export async function uploadImage(
  file: File,
  mimeType: 'image/jpeg' | 'image/png',
  onProgress: (percent: number) => void,
): Promise<string> {
  const { data: upload } = await uploadApi.initiateUpload({
    file_name: file.name,
    mime_type: mimeType,
    file_size: file.size,
    file_type: 'user_image',
  });
  onProgress(PROGRESS_STARTED);
  startProgress();
  try {
    await putFile(upload.file_url, file, upload.mime_type, onProgress);
    onProgress(PROGRESS_STORED);
  } catch (error) {
    toast.error(UPLOAD_FAILED);
    throw error;
  } finally {
    doneProgress();
  }
  const { data: record } = await uploadApi.confirmUpload(upload.file_id, { file_key: upload.file_key, file_url: upload.file_url });
  onProgress(PROGRESS_DONE);
  return record.file_id;
}
