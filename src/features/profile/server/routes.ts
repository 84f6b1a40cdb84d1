// The signed-in student's profile (docs/product.md#endpoints, 'Accounts'): read it, change
// the home address, phone and picture (the id of one of their stored uploads: ./upload-routes.ts), and
// change the password, after which every session of the account ends. The picture also has a route
// of its own, which needs no home address (./profile-image-routes.ts).
import { and, eq, isNull } from 'drizzle-orm';
import { Hono } from 'hono';
import { UserSchema } from '#lib/schemas/user.ts';
import { passwordChanged } from '#server/auth/password-changed.ts';
import { tryPassword } from '#server/auth/password-tries.ts';
import { hashPassword, refuseCommonPassword, verifyPassword } from '#server/auth/passwords.ts';
import { requireStudent, type StudentEnv } from '#server/auth/require-student.ts';
import { students } from '#server/db/schema.ts';
import type { ApiServices } from '#server/deps.ts';
import { ApiError } from '#server/http/api-error.ts';
import { clientAddress } from '#server/http/client-address.ts';
import type { ApiEnv } from '#server/http/context.ts';
import { readJsonBody } from '#server/http/json-body.ts';
import { describeJsonRoute } from '#server/http/openapi.ts';
import { rateLimit, type RateLimitPolicy } from '#server/http/rate-limit.ts';
import { ChangePasswordSchema, ProfileUpdateSchema } from '../schemas.ts';
import { createProfileImageRoutes } from './profile-image-routes.ts';
import { chosenImageUrl } from './profile-image.ts';
import { userAnswer } from './user-answer.ts';
import { EXAMPLE_PASSWORD, EXAMPLE_USER } from '#server/http/openapi-examples.ts';

const MESSAGES = {
  passwordChanged: 'Your password has been changed. Please log in again.',
  profile: 'Your profile.',
  profileSaved: 'Your profile has been updated.',
  wrongCurrentPassword: 'Current password is incorrect',
} as const;

/** Per client address: a student changes a password now and then, not dozens of times. */
const CHANGE_PASSWORD_LIMIT: RateLimitPolicy = { limit: 20, windowMs: 10 * 60_000 };

/** Mounted at /user. */
export function createProfileRoutes(services: ApiServices) {
  const { db } = services;
  const signedIn = new Hono<StudentEnv>();
  const guard = requireStudent(services);

  signedIn.get(
    '/student/profile',
    describeJsonRoute({
      tag: 'Profile',
      summary: 'The signed-in student',
      examples: { data: EXAMPLE_USER },
      success: { message: MESSAGES.profile, data: UserSchema },
      auth: true,
    }),
    guard,
    (c) => c.json({ message: MESSAGES.profile, data: userAnswer(services, c, c.var.student) }, 200),
  );

  signedIn.put(
    '/student/profile',
    describeJsonRoute({
      tag: 'Profile',
      summary: 'Update the home address and phone number (names and e-mail cannot change)',
      examples: {
        body: { home_address: '12 Adeola Odeku Street, Victoria Island, Lagos', phone_number: '08031234567' },
        data: EXAMPLE_USER,
      },
      description:
        '`profile_image_file_id`: the id of a stored upload of the student (PUT user/uploaded-file/{file_id}) sets the picture; null clears it; absent keeps it. Any other id is 400 "Upload not found".',
      body: ProfileUpdateSchema,
      success: { message: MESSAGES.profileSaved, data: UserSchema },
      auth: true,
    }),
    guard,
    async (c) => {
      const input = await readJsonBody(c, ProfileUpdateSchema);
      const imageUrl = await chosenImageUrl(services, input.profile_image_file_id, c.var.student.id, 'profile_image_file_id');
      const [row] = await db
        .update(students)
        .set({
          ...(imageUrl !== undefined ? { imageUrl } : {}),
          homeAddress: input.home_address,
          // An empty phone is left out of the payload: it keeps the number already saved.
          ...(input.phone_number ? { phoneNumber: input.phone_number } : {}),
          updatedAt: services.clock(),
        })
        .where(eq(students.id, c.var.student.id))
        .returning();
      return c.json({ message: MESSAGES.profileSaved, data: userAnswer(services, c, row!) }, 200);
    },
  );

  signedIn.patch(
    '/auth/student/password',
    describeJsonRoute({
      tag: 'Profile',
      summary: 'Change the password; every session of the account ends',
      examples: { body: { currentPassword: EXAMPLE_PASSWORD, password: 'Adire-Abeokuta9' } },
      body: ChangePasswordSchema,
      success: { message: MESSAGES.passwordChanged },
      auth: true,
      rateLimited: true,
    }),
    rateLimit(services, 'change_password', CHANGE_PASSWORD_LIMIT),
    guard,
    async (c) => {
      const { currentPassword, password } = await readJsonBody(c, ChangePasswordSchema);
      const student = c.var.student;
      const client = clientAddress(c, services.env);
      // Counted with sign-in's wrong passwords (#server/auth/password-tries.ts): a stolen session
      // does not make the password guessable.
      if (!(await tryPassword(db, student.email, client, services.clock(), () => verifyPassword(student.passwordHash, currentPassword))))
        throw new ApiError(400, MESSAGES.wrongCurrentPassword, { fieldErrors: { currentPassword: [MESSAGES.wrongCurrentPassword] } });
      refuseCommonPassword(password);
      const now = services.clock();
      await db
        .update(students)
        .set({ passwordHash: await hashPassword(password), updatedAt: now })
        .where(and(eq(students.id, student.id), isNull(students.deactivatedAt)));
      await passwordChanged(services, student, 'settings', now);
      return c.json({ message: MESSAGES.passwordChanged, data: null }, 200);
    },
  );

  return new Hono<ApiEnv>().route('/', signedIn).route('/', createProfileImageRoutes(services));
}
