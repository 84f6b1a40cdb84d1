// Partner scholarships and their discount codes (docs/product.md, 'Scholarships and discount codes'):
// what the staff console sends and the staff routes accept, what checkout sends, and what every call
// answers. One schema each, imported by the forms and by the routes; in lib because three features
// share them (staff, payments, learning) and features do not import each other.
import * as v from 'valibot';
import { NIGERIAN_STATES } from './nigeria.ts';
import { PAGE_TOTALS } from './paging.ts';
import { ScholarshipMentionSchema } from './scholarship-mention.ts';
import { InstantSchema, NairaSchema } from './values.ts';

// The refusals of quote and checkout, on `code`: exactly these texts.
export const CODE_NOT_VALID = 'This code is not valid for this course';
export const CODE_USED = 'This code has already been used';
export const NO_SEATS_LEFT = 'This scholarship has no seats left';
export const SCHOLARSHIP_CLOSED = 'This scholarship is closed';
export const agesRefusal = (min: number, max: number) => `This scholarship is for ages ${min} to ${max}`;
/** 'Lagos', 'Lagos and Ogun', 'Lagos, Ogun and Oyo'. */
export const statesRefusal = (states: readonly string[]) =>
  `This scholarship is for students in ${states.length > 1 ? `${states.slice(0, -1).join(', ')} and ${states.at(-1)}` : (states[0] ?? '')}`;
/** Age and state come from KYC, so a code needs it complete (the page links to the KYC form). */
export const KYC_REQUIRED = 'Complete your KYC (profile details) before using a scholarship code';
/** Staff: a scholarship's terms are fixed once a student has taken a seat on them. */
export const SCHOLARSHIP_IN_USE = 'This scholarship can no longer be edited: a seat has been taken';
export const SCHOLARSHIP_NOT_FOUND = 'Scholarship not found';
export const PARTNER_UNKNOWN = 'Choose a partner: one of the project pages';
export const courseUnknown = (id: string) => `Course ${id} does not exist`;

/**
 * Codes: 10 characters from 32 that cannot be misread (no 0/O, no 1/I), drawn from a CSPRNG: 50 bits.
 * A student may type them in any case, with spaces or dashes; they are compared upper-case and bare.
 */
export const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const CODE_LENGTH = 10;
const CODE_PATTERN = /^[A-HJ-NP-Z2-9]{10}$/;
/** 'abcde fghjk' and 'ABCDE-FGHJK' are the same code: upper case, no spaces or dashes. */
const normaliseCode = (code: string) => code.replace(/[\s-]/g, '').toUpperCase();
/** A code as a student enters it; one that cannot be a code is refused like an unknown one. */
const CodeSchema = v.pipe(
  v.string(CODE_NOT_VALID),
  v.maxLength(40, CODE_NOT_VALID),
  v.transform(normaliseCode),
  v.regex(CODE_PATTERN, CODE_NOT_VALID),
);

// Inputs.

const COURSE_ID_PATTERN = /^[a-z0-9][a-z0-9-]{0,99}$/;
const MIN_AGE = 14;
const MAX_AGE = 100;
const MAX_SEATS = 100_000;
const MAX_CODES = 500;
const DATE_FORMAT = (name: string) => `${name} must be a date (2027-01-31) or a date and time (2027-01-31T09:00:00Z)`;
const LAGOS_OFFSET = '+01:00';

/** Whether `day` (2027-02-28) is a day of the calendar: not 2027-02-30, nor anything that is no date. */
function dayExists(day: string): boolean {
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(day);
}

/**
 * A date from the console's date field means that day in Lagos: the start of it for `starts_at`, the
 * end of it for `ends_at`. A full ISO date and time (with its zone) is taken as given.
 */
const instantField = (name: string, endOfDay: boolean) =>
  v.pipe(
    v.string(DATE_FORMAT(name)),
    v.trim(),
    v.transform((value) =>
      /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T${endOfDay ? '23:59:59.999' : '00:00:00.000'}${LAGOS_OFFSET}` : value,
    ),
    v.isoTimestamp(DATE_FORMAT(name)),
    // The pattern lets 2027-02-30 through, which Date would move to 2 March: the day must exist. Valibot
    // runs this check after a failed isoTimestamp too (a half-typed date in the form), so it must not throw.
    v.check((value) => dayExists(value.slice(0, 10)), DATE_FORMAT(name)),
    v.transform((value) => new Date(value).toISOString()),
    // The document says what is sent (a date or a date and time), not the date-time it becomes.
    v.metadata({ format: undefined, description: 'A date (2027-01-31: that day in Lagos) or an ISO 8601 date and time with its zone.' }),
  );

const wholeNumber = (name: string, min: number, max: number) =>
  v.pipe(
    v.number(`${name} must be a whole number from ${min} to ${max}`),
    v.integer(`${name} must be a whole number from ${min} to ${max}`),
    v.minValue(min, `${name} must be a whole number from ${min} to ${max}`),
    v.maxValue(max, `${name} must be a whole number from ${min} to ${max}`),
  );

const scholarshipFields = {
  name: v.pipe(
    v.string('Name is required'),
    v.trim(),
    v.nonEmpty('Name is required'),
    v.maxLength(120, 'Name must be at most 120 characters'),
  ),
  /** A project page's slug (content/projects): 'lsetf', 'british-council', ... */
  partner: v.pipe(v.string(PARTNER_UNKNOWN), v.trim(), v.regex(/^[a-z0-9][a-z0-9-]{0,79}$/, PARTNER_UNKNOWN)),
  course_ids: v.pipe(
    v.array(
      v.pipe(v.string('Choose courses of the catalogue'), v.trim(), v.regex(COURSE_ID_PATTERN, 'Choose courses of the catalogue')),
      'Choose courses of the catalogue',
    ),
    v.minLength(1, 'Choose at least one course'),
    v.maxLength(100, 'At most 100 courses'),
    v.transform((ids) => [...new Set(ids)]),
  ),
  discount_percent: wholeNumber('Discount', 1, 100),
  seats: wholeNumber('Seats', 1, MAX_SEATS),
  starts_at: instantField('The opening date', false),
  ends_at: instantField('The closing date', true),
  min_age: v.optional(v.nullable(wholeNumber('The youngest age', MIN_AGE, MAX_AGE))),
  max_age: v.optional(v.nullable(wholeNumber('The oldest age', MIN_AGE, MAX_AGE))),
  /** Empty or absent: every state. */
  states: v.optional(
    v.pipe(
      v.array(v.picklist(NIGERIAN_STATES, 'Choose states as the KYC form lists them'), 'Choose states as the KYC form lists them'),
      v.maxLength(NIGERIAN_STATES.length, 'Too many states'),
      v.transform((states) => [...new Set(states)]),
    ),
  ),
};

type Terms = {
  starts_at?: string;
  ends_at?: string;
  min_age?: number | null;
  max_age?: number | null;
};
const ENDS_AFTER_START = 'The closing date must be after the opening date';
const AGES_TOGETHER = 'Give both the youngest and the oldest age, or neither';
const AGES_ORDER = 'The youngest age must be at most the oldest';
const agesTogether = (input: Terms) => (input.min_age == null) === (input.max_age == null);
const agesInOrder = (input: Terms) => input.min_age == null || input.max_age == null || input.min_age <= input.max_age;

/** POST staff/scholarships. */
export const CreateScholarshipSchema = v.pipe(
  v.strictObject(scholarshipFields),
  v.forward(
    v.check((input) => input.ends_at > input.starts_at, ENDS_AFTER_START),
    ['ends_at'],
  ),
  v.forward(
    v.check((input) => agesTogether(input), AGES_TOGETHER),
    ['max_age'],
  ),
  v.forward(
    v.check((input) => agesInOrder(input), AGES_ORDER),
    ['min_age'],
  ),
);
export type CreateScholarship = v.InferOutput<typeof CreateScholarshipSchema>;

/**
 * PATCH staff/scholarships/{id}: any of the fields, while no seat is taken. The server checks the
 * dates and ages again against what the scholarship already has.
 */
export const EditScholarshipSchema = v.pipe(
  v.partial(v.strictObject(scholarshipFields)),
  v.check((input) => Object.keys(input).length > 0, 'Nothing to change'),
  v.forward(
    v.check((input) => !input.starts_at || !input.ends_at || input.ends_at > input.starts_at, ENDS_AFTER_START),
    ['ends_at'],
  ),
  v.forward(
    v.check((input) => agesInOrder(input), AGES_ORDER),
    ['min_age'],
  ),
);
export type EditScholarship = v.InferOutput<typeof EditScholarshipSchema>;

/** POST staff/scholarships/{id}/codes. */
export const MakeCodesSchema = v.strictObject({ count: wholeNumber('count', 1, MAX_CODES) });

/** GET user/courses/{id}/quote?code= (no code: the full price). */
export const QuoteQuerySchema = v.object({ code: v.optional(v.union([v.literal(''), CodeSchema], CODE_NOT_VALID)) });
/** POST user/courses/{id}/checkout: no body, `{}`, or `{code}`. */
export const CheckoutBodySchema = v.strictObject({ code: v.optional(CodeSchema) });

// Answers.

const SCHOLARSHIP_STATUSES = ['scheduled', 'open', 'closed'] as const;

export const ScholarshipSchema = v.pipe(
  v.object({
    id: v.string(),
    name: v.string(),
    partner: v.string(),
    /** The project page's title for the partner: 'LSETF Fashion Skills Scholarship'. */
    partner_name: v.string(),
    course_ids: v.array(v.string()),
    discount_percent: v.number(),
    seats: v.number(),
    /** Seats held by enrolments (a refunded payment gives its seat back). */
    seats_taken: v.number(),
    /** Codes made so far, used or not. */
    codes_issued: v.number(),
    starts_at: InstantSchema,
    ends_at: InstantSchema,
    min_age: v.nullable(v.number()),
    max_age: v.nullable(v.number()),
    /** Empty: students in every state. */
    states: v.array(v.string()),
    /** 'scheduled' before starts_at, 'open' in its window, 'closed' after ends_at or once closed early. */
    status: v.picklist(SCHOLARSHIP_STATUSES),
    closed_at: v.nullable(InstantSchema),
    created_at: InstantSchema,
  }),
  v.metadata({ ref: 'Scholarship' }),
);
export type Scholarship = v.InferOutput<typeof ScholarshipSchema>;
export const ScholarshipsPageSchema = v.object({ scholarships: v.array(ScholarshipSchema), ...PAGE_TOTALS });
export const CodesSchema = v.object({ codes: v.array(v.string()) });

export type { ScholarshipMention } from './scholarship-mention.ts';

export const QuoteSchema = v.pipe(
  v.object({
    /** Naira with two decimals: the course's price, what the code takes off, and what is to pay. */
    price: NairaSchema,
    discount: NairaSchema,
    total: NairaSchema,
    scholarship: v.nullable(ScholarshipMentionSchema),
  }),
  v.metadata({ ref: 'Quote' }),
);

/** Checkout with a 100 % code: enrolled at once, no payment. */
export const EnrolledByScholarshipSchema = v.pipe(
  v.object({ enrolled: v.literal(true), course_id: v.string() }),
  v.metadata({ ref: 'EnrolledByScholarship' }),
);

/** GET user/courses/{id}/scholarship: the open scholarship with seats left on the course, or null. */
export const CourseScholarshipSchema = v.pipe(
  v.object({
    scholarship: v.nullable(ScholarshipMentionSchema),
    /** False while the course has nothing to study yet: quote and checkout refuse it, the page says 'Coming soon'. */
    for_sale: v.boolean(),
  }),
  v.metadata({ ref: 'CourseScholarship' }),
);
