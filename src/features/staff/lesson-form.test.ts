// What the lessons page says of a chosen file before sending it (docs/product.md#lessons).
import { describe, expect, it } from 'vitest';
import { captionsFileError, duration, LESSON_FORM_MESSAGES, lessonFileError, positionOf } from './lesson-form.ts';

const file = (name: string, type: string, size = 1000) => ({ name, type, size }) as File;

describe('the lesson form', () => {
  it('takes a video or a PDF by type or name, and refuses the other, an empty file and one over 4 GB', () => {
    expect(lessonFileError(file('cut.mp4', 'video/mp4'), 'video')).toBeNull();
    expect(lessonFileError(file('cut.MKV', ''), 'video')).toBeNull();
    expect(lessonFileError(file('notes.pdf', 'application/pdf'), 'video')).toBe(LESSON_FORM_MESSAGES.notVideo);
    expect(lessonFileError(file('cut.mp4', 'video/mp4'), 'pdf')).toBe(LESSON_FORM_MESSAGES.notPdf);
    expect(lessonFileError(file('notes.pdf', ''), 'pdf')).toBeNull();
    expect(lessonFileError(file('cut.mp4', 'video/mp4', 0), 'video')).toBe(LESSON_FORM_MESSAGES.empty);
    expect(lessonFileError(file('cut.mp4', 'video/mp4', 4 * 1024 ** 3), 'video')).toBeNull();
    expect(lessonFileError(file('cut.mp4', 'video/mp4', 4 * 1024 ** 3 + 1), 'video')).toBe(LESSON_FORM_MESSAGES.tooBig);
    expect(lessonFileError(null, 'pdf')).toBe(LESSON_FORM_MESSAGES.noFile);
  });

  it('takes WebVTT captions only, and none at all', () => {
    expect(captionsFileError(null)).toBeNull();
    expect(captionsFileError(file('en.vtt', ''))).toBeNull();
    expect(captionsFileError(file('en.srt', 'application/x-subrip'))).toBe(LESSON_FORM_MESSAGES.notCaptions);
  });

  it('reads an empty position as after the others, and says what is wrong with another', () => {
    expect(positionOf('')).toEqual({});
    expect(positionOf('3')).toEqual({ position: 3 });
    expect(positionOf('0')).toEqual({ error: 'Position must be a whole number from 1' });
    expect(positionOf('1.5')).toEqual({ error: 'Position must be a whole number from 1' });
  });

  it("writes a video's length as minutes and seconds, with hours when it has them", () => {
    expect(duration(2)).toBe('0:02');
    expect(duration(612)).toBe('10:12');
    expect(duration(3723)).toBe('1:02:03');
  });
});
