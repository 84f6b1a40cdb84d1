// The signed-in student as every answer about an account carries it, and as the browser keeps it
// in the session store. It never holds a password hash, a token or a code.
import * as v from 'valibot';
import { InstantSchema, LinkSchema } from './values.ts';

const nullableText = v.nullable(v.string());

export const UserSchema = v.pipe(
  v.object({
    id: v.string(),
    first_name: v.string(),
    last_name: v.string(),
    email: v.string(),
    /** The national form, '0' + 10 digits. */
    phone_number: nullableText,
    home_address: nullableText,
    image_url: v.nullable(LinkSchema),
    gender: v.nullable(v.picklist(['male', 'female', 'other'])),
    /** YYYY-MM-DD. */
    date_of_birth: v.nullable(v.pipe(v.string(), v.metadata({ format: 'date' }))),
    state: nullableText,
    country: nullableText,
    is_verified: v.boolean(),
    kyc_completed: v.boolean(),
    /** ISO-8601. */
    created_at: InstantSchema,
  }),
  v.metadata({ ref: 'User' }),
);

export type User = v.InferOutput<typeof UserSchema>;

/** What sign-in (and a verified code) answers with: a bearer token and the user it belongs to. */
export const SignedInSchema = v.pipe(v.object({ token: v.string(), user: UserSchema }), v.metadata({ ref: 'SignedIn' }));
export type SignedIn = v.InferOutput<typeof SignedInSchema>;
