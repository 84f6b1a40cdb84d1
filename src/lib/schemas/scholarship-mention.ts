// What a student sees of a scholarship: on the checkout, the course page and My courses. A module
// of its own: My courses reads it on every dashboard, which should not fetch the rest of the
// scholarships' schemas (lib/schemas/scholarships.ts) with it.
import * as v from 'valibot';

export const ScholarshipMentionSchema = v.pipe(
  v.object({ name: v.string(), partner: v.string(), partner_name: v.string() }),
  v.metadata({ ref: 'ScholarshipMention' }),
);
export type ScholarshipMention = v.InferOutput<typeof ScholarshipMentionSchema>;
