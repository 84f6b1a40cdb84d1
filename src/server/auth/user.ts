// The User object every answer about the signed-in student carries (UserSchema): never a hash, a
// token or a code.
import type { User } from '#lib/schemas/user.ts';
import { absoluteUrl } from '../http/public-url.ts';
import type { StudentRecord } from './sessions.ts';

/** `origin`: where a stored picture's path is served (apiOrigin). */
export function toUser(row: StudentRecord, origin: string): User {
  return {
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    phone_number: row.phoneNumber,
    home_address: row.homeAddress,
    image_url: row.imageUrl && absoluteUrl(origin, row.imageUrl),
    gender: row.gender,
    date_of_birth: row.dateOfBirth,
    state: row.state,
    country: row.country,
    is_verified: row.verifiedAt !== null,
    kyc_completed: row.kycCompletedAt !== null,
    created_at: row.createdAt.toISOString(),
  };
}
