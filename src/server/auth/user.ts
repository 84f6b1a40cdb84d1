// The User object every answer about the signed-in student carries (UserSchema): never a hash, a
// token or a code.
import type { User } from '#lib/schemas/user.ts';
import type { StudentRecord } from './sessions.ts';

export function toUser(row: StudentRecord): User {
  return {
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    phone_number: row.phoneNumber,
    home_address: row.homeAddress,
    image_url: row.imageUrl,
    gender: row.gender,
    date_of_birth: row.dateOfBirth,
    state: row.state,
    country: row.country,
    is_verified: row.verifiedAt !== null,
    kyc_completed: row.kycCompletedAt !== null,
    created_at: row.createdAt.toISOString(),
  };
}
