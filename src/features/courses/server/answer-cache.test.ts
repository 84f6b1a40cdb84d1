// Catalogue answers made once and sent from memory: the same text and tag as making them afresh,
// one make (and one prepare) per key, and a bounded cache that starts again when full.
import { createHash } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { createAnswerCache, tagAnswer, type CachedAnswer } from './answer-cache.ts';

const body = { message: 'Course details', data: { courseDetails: { id: 'course-01', title: 'Adire' } } };

describe('tagAnswer', () => {
  it('serialises the body and tags exactly its bytes, as the route did per request', () => {
    const answer = tagAnswer(body);
    expect(answer.text).toBe(JSON.stringify(body));
    expect(answer.etag).toBe(`"${createHash('sha1').update(JSON.stringify(body)).digest('base64url')}"`);
  });

  it('gives another body another tag', () => {
    expect(tagAnswer({ ...body, message: 'Courses' }).etag).not.toBe(tagAnswer(body).etag);
  });
});

describe('createAnswerCache', () => {
  it('makes an answer once per key and hands the same one out after', () => {
    const prepare = vi.fn((answer: CachedAnswer) => ({ ...answer, length: answer.text.length }));
    const answerFor = createAnswerCache({ prepare });
    const make = vi.fn(() => body);
    const first = answerFor('details\ncourse-01', make);
    expect(first).toEqual({ ...tagAnswer(body), length: JSON.stringify(body).length });
    expect(answerFor('details\ncourse-01', make)).toBe(first);
    expect(make).toHaveBeenCalledTimes(1);
    expect(prepare).toHaveBeenCalledTimes(1);
    answerFor('details\ncourse-02', make);
    expect(make).toHaveBeenCalledTimes(2);
    expect(prepare).toHaveBeenCalledTimes(2);
  });

  it('starts again when full, and makes a dropped answer again', () => {
    const answerFor = createAnswerCache({ prepare: (answer) => answer, limit: 2 });
    const make = vi.fn(() => body);
    answerFor('a', make);
    answerFor('b', make);
    answerFor('c', make);
    expect(make).toHaveBeenCalledTimes(3);
    answerFor('c', make);
    expect(make).toHaveBeenCalledTimes(3);
    expect(answerFor('a', make)).toEqual(tagAnswer(body));
    expect(make).toHaveBeenCalledTimes(4);
  });
});
