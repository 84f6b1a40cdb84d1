// Column shapes every domain's tables share.
import { timestamp } from 'drizzle-orm/pg-core';

/** Every timestamp is an instant (timestamptz), read as a JavaScript Date. */
export const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
