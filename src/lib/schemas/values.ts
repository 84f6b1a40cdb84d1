// Values answers hand out, as every feature's answer schemas write them: kept apart from fields.ts
// (the forms' rules and the phone numbering plan) so an island that only reads answers carries neither.
import * as v from 'valibot';

/** A URL an answer hands out: always absolute (docs/product.md, API conventions). */
export const LinkSchema = v.pipe(v.string(), v.metadata({ format: 'uri' }));

/** Naira with two decimals, as the API writes amounts: '150000.00'. */
export const NairaSchema = v.pipe(v.string(), v.metadata({ pattern: '^\\d+\\.\\d{2}$', description: 'Naira with two decimals.' }));

/** An instant as answers write it: ISO 8601 in UTC, '2026-11-25T09:30:00.000Z'. */
export const InstantSchema = v.pipe(v.string(), v.metadata({ format: 'date-time' }));
