// What the learning routes read that the browser never builds with a schema of its own: a tick's
// body (the course page sends what it queued on the phone: src/features/learning/offline/tick-queue.ts)
// and a signed material link's query. Kept apart from ../schemas.ts, which the pages load: the
// bundler keeps a schema built at a module's top level even when nothing in the browser reads it.
import * as v from 'valibot';
import { isRealIsoDate } from '#lib/forms/local-date.ts';

export const TICK_TIME_INVALID = 'at must be an ISO-8601 date and time with its offset, such as 2026-11-26T09:30:00.000Z';

/**
 * The instant a tick's `at` names. isoTimestamp takes an offset of hours alone ('+01'), which ISO-8601
 * allows and Date.parse does not read: it is read as '+01:00'. NaN for anything else Date cannot read.
 */
export const tickInstant = (at: string): Date => new Date(Date.parse(at.replace(/([+-]\d{2})$/, '$1:00')));

/** When the student ticked or unticked, as the device's clock said: an instant from 1900 on, with Z or an offset. */
const TickTimeSchema = v.pipe(
  v.string(TICK_TIME_INVALID),
  v.isoTimestamp(TICK_TIME_INVALID),
  // isoTimestamp takes 30 February, which Date rolls over into March.
  v.check((at) => isRealIsoDate(at.slice(0, 10)), TICK_TIME_INVALID),
  // Whatever else isoTimestamp takes, the route must be able to read: never a 500 later.
  v.check((at) => !Number.isNaN(tickInstant(at).getTime()), TICK_TIME_INVALID),
  v.metadata({
    description:
      "When the student ticked or unticked (ISO-8601 with Z or an offset), e.g. on a phone that was offline; absent: the time the server receives it. A time ahead of the server's clock counts as the server's now (device clocks drift).",
  }),
);

export const MaterialProgressInputSchema = v.strictObject({
  completed: v.boolean('completed must be true or false'),
  at: v.optional(TickTimeSchema),
});

/** The query of a signed material link; every field is checked by the signature, not here. */
export const SignedLinkQuerySchema = v.object({
  expires: v.optional(v.string(), ''),
  student: v.optional(v.string(), ''),
  /** The session that asked for the link: the link ends with it (logout, password change, deactivation). */
  session: v.optional(v.string(), ''),
  sig: v.optional(v.string(), ''),
});
