// A catalogue answer is the same for every client while the catalogue is the same, so each is made,
// serialised and tagged (its ETag) once per catalogue view, then sent from memory: JSON.stringify and
// SHA-1 of a course's details cost about 11 µs an answer here, a third of the route's own time.
// `prepare` adds what else is made once per answer (the routes' header records, complete-answer.ts).
// Keys name what shapes an answer (route, course, paging, link origin, search). A search can be any
// text, so the cache is bounded: when full it starts again, and an answer no longer held is made again.
import { createHash } from 'node:crypto';

export interface CachedAnswer {
  /** The JSON body, as sent. */
  text: string;
  /** A strong tag of exactly these bytes, quoted. */
  etag: string;
}

const MAX_ANSWERS = 256;

export function tagAnswer(body: unknown): CachedAnswer {
  const text = JSON.stringify(body);
  return { text, etag: `"${createHash('sha1').update(text).digest('base64url')}"` };
}

interface AnswerCacheOptions<A extends CachedAnswer> {
  /** The answer as it is kept: the tagged text with whatever else is made once for it. */
  prepare: (answer: CachedAnswer) => A;
  limit?: number;
}

/** `answerFor(key, make)`: the answer held under `key`, else `make()`'s, serialised, tagged, prepared and kept. */
export function createAnswerCache<A extends CachedAnswer>({ prepare, limit = MAX_ANSWERS }: AnswerCacheOptions<A>) {
  const answers = new Map<string, A>();
  return function answerFor(key: string, make: () => unknown): A {
    let answer = answers.get(key);
    if (!answer) {
      if (answers.size >= limit) answers.clear();
      answer = prepare(tagAnswer(make()));
      answers.set(key, answer);
    }
    return answer;
  };
}
