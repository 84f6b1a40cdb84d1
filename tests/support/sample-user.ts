// A signed-in student for the unit tests of the stores and the HTTP client: a user the API's
// UserSchema accepts, one place to change when that schema does. And the password every test
// student signs up with, in the API tests and the browser tests alike.
import type { User } from '#lib/schemas/user.ts';

export const sampleUser = (overrides: Partial<User> = {}): User => ({
  id: 'u1',
  first_name: 'Ada',
  last_name: 'Obi',
  email: 'ada@example.com',
  phone_number: null,
  home_address: null,
  image_url: null,
  gender: null,
  date_of_birth: null,
  state: null,
  country: null,
  is_verified: true,
  kyc_completed: false,
  created_at: '2026-11-23T09:00:00.000Z',
  ...overrides,
});

/** Strong enough for the sign-up rules (length, not a common password). */
export const STUDENT_PASSWORD = 'Indigo-Lagos7';
