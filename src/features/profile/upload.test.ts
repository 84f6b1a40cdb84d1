import { afterEach, describe, expect, it, vi } from 'vitest';
import { fileTooLargeMessage, MAX_IMAGE_BYTES, WRONG_IMAGE_TYPE } from './upload-schemas.ts';
import { checkImage, PROGRESS_STARTED, PROGRESS_STORED, readAsDataUrl, sendingProgress } from './upload.ts';

describe('fileTooLargeMessage', () => {
  it('names the size in MB, rounded up', () => {
    expect(fileTooLargeMessage(MAX_IMAGE_BYTES + 1)).toBe('This file size of 6mb cannot be uploaded');
    expect(fileTooLargeMessage(6 * 1024 * 1024)).toBe('This file size of 6mb cannot be uploaded');
    expect(fileTooLargeMessage(6 * 1024 * 1024 + 1)).toBe('This file size of 7mb cannot be uploaded');
    expect(fileTooLargeMessage(12_345_678)).toBe('This file size of 12mb cannot be uploaded');
  });
});

describe('checkImage', () => {
  it('takes .jpeg, .jpg and .png of their type, up to 5 MB exactly', () => {
    expect(checkImage({ name: 'me.png', type: 'image/png', size: 10 })).toEqual({ ok: true, mimeType: 'image/png' });
    expect(checkImage({ name: 'ME.JPG', type: 'image/jpeg', size: MAX_IMAGE_BYTES })).toEqual({ ok: true, mimeType: 'image/jpeg' });
    expect(checkImage({ name: 'me.jpeg', type: '', size: 10 })).toEqual({ ok: true, mimeType: 'image/jpeg' });
  });
  it('refuses other types, a name that lies about its type, and files over 5 MB', () => {
    expect(checkImage({ name: 'me.gif', type: 'image/gif', size: 10 })).toEqual({ ok: false, message: WRONG_IMAGE_TYPE });
    expect(checkImage({ name: 'me.svg', type: 'image/svg+xml', size: 10 })).toEqual({ ok: false, message: WRONG_IMAGE_TYPE });
    expect(checkImage({ name: 'me.png', type: 'image/gif', size: 10 })).toEqual({ ok: false, message: WRONG_IMAGE_TYPE });
    expect(checkImage({ name: 'png', type: 'image/png', size: 10 })).toEqual({ ok: false, message: WRONG_IMAGE_TYPE });
    expect(checkImage({ name: 'big.png', type: 'image/png', size: MAX_IMAGE_BYTES + 1 })).toEqual({
      ok: false,
      message: 'This file size of 6mb cannot be uploaded',
    });
    expect(checkImage({ name: 'empty.png', type: 'image/png', size: 0 }).ok).toBe(false);
  });
});

describe('sendingProgress', () => {
  it('goes from the started marker (30) to the stored one (60) in the share sent', () => {
    expect(sendingProgress(0, 1000)).toBe(PROGRESS_STARTED);
    expect(sendingProgress(300, 1000)).toBe(39);
    expect(sendingProgress(500, 1000)).toBe(45);
    expect(sendingProgress(999, 1000)).toBe(59);
    expect(sendingProgress(1000, 1000)).toBe(PROGRESS_STORED);
  });
  it('never leaves 30 to 60', () => {
    expect(sendingProgress(5, 0)).toBe(30);
    expect(sendingProgress(-5, 1000)).toBe(30);
    expect(sendingProgress(2000, 1000)).toBe(60);
  });
});

describe('readAsDataUrl', () => {
  /** A FileReader that ends the way `outcome` says, as a browser's does. */
  function stubReader(outcome: 'text' | 'buffer' | 'error') {
    vi.stubGlobal(
      'FileReader',
      class {
        result: unknown = null;
        onload: (() => void) | null = null;
        onerror: (() => void) | null = null;
        readAsDataURL() {
          queueMicrotask(() => {
            if (outcome === 'error') return this.onerror?.();
            this.result = outcome === 'text' ? 'data:image/png;base64,AAAA' : new ArrayBuffer(4);
            this.onload?.();
          });
        }
      },
    );
  }
  afterEach(() => vi.unstubAllGlobals());

  it('gives the data: URL of a file read as text', async () => {
    stubReader('text');
    await expect(readAsDataUrl(new Blob(['x']))).resolves.toBe('data:image/png;base64,AAAA');
  });

  it("rejects with the product's messages when the read fails or gives no text", async () => {
    stubReader('error');
    await expect(readAsDataUrl(new Blob(['x']))).rejects.toThrow(/^Error reading file$/);
    stubReader('buffer');
    await expect(readAsDataUrl(new Blob(['x']))).rejects.toThrow(/^Failed to read file as data URL$/);
  });
});
