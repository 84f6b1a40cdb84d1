// The scholarship form (create and edit): what its fields hold (text, as typed; dates as
// 'YYYY-MM-DD'; the courses and states as lists) and how that becomes the call's body. Each field is
// checked by the call's own schema (#features/scholarships/schemas.ts), after the text is read as a
// number or a Lagos day, so the form and the route refuse the same values with the same words.
import * as v from 'valibot';
import { NIGERIAN_STATES } from '#lib/schemas/nigeria.ts';
import { CreateScholarshipSchema, EditScholarshipSchema, MakeCodesSchema, type Scholarship } from '#lib/schemas/scholarships.ts';

const api = CreateScholarshipSchema.pipe[0].entries;

/** A whole number typed in a text box; empty is not a number, so the schema's own message says what is wanted. */
const typedNumber = <S extends v.GenericSchema<number>>(schema: S) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.transform((text) => (text === '' ? Number.NaN : Number(text))),
    schema,
  );
/** An optional number: empty means none. */
const typedOptional = <S extends v.GenericSchema<number | null | undefined>>(schema: S) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.transform((text): number | null | undefined => (text === '' ? null : Number(text))),
    schema,
  );

export const ScholarshipFieldSchemas = {
  name: api.name,
  partner: api.partner,
  course_ids: api.course_ids,
  discount_percent: typedNumber(api.discount_percent),
  seats: typedNumber(api.seats),
  starts_at: api.starts_at,
  ends_at: api.ends_at,
  min_age: typedOptional(api.min_age),
  max_age: typedOptional(api.max_age),
  states: api.states,
};

/**
 * The whole form: each field as above, then the call's own schema over the result, whose checks
 * across fields (closing after opening, both ages or neither, in order) say their words under the
 * field they name.
 */
export const ScholarshipFormSchema = v.pipe(
  v.strictObject(ScholarshipFieldSchemas),
  // Only the type changes: the ages are always there (null when empty), which the call's input allows.
  v.transform((terms): v.InferInput<typeof CreateScholarshipSchema> => terms),
  CreateScholarshipSchema,
);
export type ScholarshipFormValues = v.InferInput<typeof ScholarshipFormSchema>;

/**
 * The closing day's message: its own format, and after the opening day (the same day is fine: open
 * from its start to its end). The edit call's schema takes any of the fields alone, so it checks
 * these two by the same rule and words as the route.
 */
export function closingDayError(opens: string, closes: string): string | undefined {
  const result = v.safeParse(EditScholarshipSchema, opens ? { starts_at: opens, ends_at: closes } : { ends_at: closes });
  return result.issues ? v.flatten<typeof EditScholarshipSchema>(result.issues).nested?.ends_at?.[0] : undefined;
}

const LAGOS_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos', year: 'numeric', month: '2-digit', day: '2-digit' });
const LAGOS_WORDS = new Intl.DateTimeFormat('en-NG', { timeZone: 'Africa/Lagos', day: 'numeric', month: 'long', year: 'numeric' });
/** The Lagos day of an instant, 'YYYY-MM-DD', as the date field holds it. */
const lagosDay = (iso: string) => LAGOS_DAY.format(new Date(iso));
/** The Lagos day of an instant in words: '1 December 2026'. The console may be opened anywhere. */
export const lagosDate = (iso: string) => LAGOS_WORDS.format(new Date(iso));

export const emptyScholarship = (): ScholarshipFormValues => ({
  name: '',
  partner: '',
  course_ids: [],
  discount_percent: '',
  seats: '',
  starts_at: '',
  ends_at: '',
  min_age: '',
  max_age: '',
  states: [],
});

/** The form filled with a scholarship's terms, to edit them. */
export const scholarshipValues = (scholarship: Scholarship): ScholarshipFormValues => ({
  name: scholarship.name,
  partner: scholarship.partner,
  course_ids: scholarship.course_ids,
  discount_percent: String(scholarship.discount_percent),
  seats: String(scholarship.seats),
  starts_at: lagosDay(scholarship.starts_at),
  ends_at: lagosDay(scholarship.ends_at),
  min_age: scholarship.min_age === null ? '' : String(scholarship.min_age),
  max_age: scholarship.max_age === null ? '' : String(scholarship.max_age),
  states: NIGERIAN_STATES.filter((state) => scholarship.states.includes(state)),
});

/** Make codes: how many, typed in a text box, checked by the call's own schema. */
export const CodesFormSchema = v.strictObject({ count: typedNumber(MakeCodesSchema.entries.count) });
