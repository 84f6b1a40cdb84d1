// PUT user/student/profile/image: the picture on its own. A student sets or removes it whatever
// else the profile holds (the profile update needs a home address, which a student who skipped it
// at sign-up has not given yet), and the answer names the picture it replaced, so a removal can be
// undone by sending that id back. The removed upload stays stored for a day after the change
// (./prune-uploads.ts), which is what an Undo needs.
import { and, eq, isNull } from 'drizzle-orm';
import { Hono } from 'hono';
import { requireStudent, SESSION_ENDED, type StudentEnv } from '#server/auth/require-student.ts';
import { students } from '#server/db/schema.ts';
import type { ApiServices } from '#server/deps.ts';
import { ApiError } from '#server/http/api-error.ts';
import type { ApiEnv } from '#server/http/context.ts';
import { readJsonBody } from '#server/http/json-body.ts';
import { EXAMPLE_USER } from '#server/http/openapi-examples.ts';
import { describeJsonRoute } from '#server/http/openapi.ts';
import { ProfileImageChangeSchema, ProfileImageUpdateSchema, UPLOAD_NOT_FOUND } from '../upload-schemas.ts';
import { chosenImageUrl, imageFileIdOf } from './profile-image.ts';
import { userAnswer } from './user-answer.ts';

export const PROFILE_IMAGE_MESSAGES = {
  saved: 'Your profile picture has been saved.',
  removed: 'Your profile picture has been removed.',
  changedMeanwhile: 'Your profile picture has been changed elsewhere. Reload the page to see it.',
} as const;

/** Compare-and-set tries: another change landing between the read and the write is rare, and then the next try sees it. */
const TRIES = 3;

const EXAMPLE_FILE_ID = '5c9e1a7b-2d4f-4b6a-9c8e-1f2a3b4c5d6e';

/** Mounted at /user, beside the profile's other routes. */
export function createProfileImageRoutes(services: ApiServices) {
  const { db } = services;
  const signedIn = new Hono<StudentEnv>();

  signedIn.put(
    '/student/profile/image',
    describeJsonRoute({
      tag: 'Profile',
      summary: 'Set or remove the profile picture, whatever else the profile holds',
      examples: {
        body: { file_id: null },
        message: PROFILE_IMAGE_MESSAGES.removed,
        data: { user: EXAMPLE_USER, previous_file_id: EXAMPLE_FILE_ID },
      },
      description: `\`file_id\`: the id of a stored upload of the student (PUT user/uploaded-file/{file_id}) becomes the picture; null removes it. No home address is needed, unlike PUT user/student/profile. The answer's \`previous_file_id\` is the picture this call replaced or removed: a removal is undone with \`{"file_id": previous_file_id, "replaces": null}\`, which restores it only while the student still has no picture. A removed or replaced picture stays available for this for a day. \`file_id\` of anything but the student's own stored upload: 400 "${UPLOAD_NOT_FOUND}".`,
      body: ProfileImageUpdateSchema,
      success: {
        description: `"${PROFILE_IMAGE_MESSAGES.saved}" or "${PROFILE_IMAGE_MESSAGES.removed}"`,
        data: ProfileImageChangeSchema,
      },
      auth: true,
      errors: { 409: `${PROFILE_IMAGE_MESSAGES.changedMeanwhile} (\`replaces\` is not the picture any more; nothing changed)` },
    }),
    requireStudent(services),
    async (c) => {
      const input = await readJsonBody(c, ProfileImageUpdateSchema);
      const studentId = c.var.student.id;
      const imageUrl = (await chosenImageUrl(services, input.file_id, studentId, 'file_id')) ?? null;
      for (let attempt = 0; attempt < TRIES; attempt++) {
        const [current] = await db.select({ imageUrl: students.imageUrl }).from(students).where(eq(students.id, studentId));
        if (!current) throw new ApiError(401, SESSION_ENDED);
        const previousFileId = await imageFileIdOf(services, current.imageUrl, studentId);
        // null: no picture at all (not merely none this call can name).
        const stillAsSeen = input.replaces === null ? current.imageUrl === null : input.replaces === previousFileId;
        if (input.replaces !== undefined && !stillAsSeen) throw new ApiError(409, PROFILE_IMAGE_MESSAGES.changedMeanwhile);
        // Written only if the picture is still the one just read: what previous_file_id names is then
        // exactly what this call replaced, even with another tab changing it at the same moment.
        const [row] = await db
          .update(students)
          .set({ imageUrl, updatedAt: services.clock() })
          .where(
            and(
              eq(students.id, studentId),
              current.imageUrl === null ? isNull(students.imageUrl) : eq(students.imageUrl, current.imageUrl),
            ),
          )
          .returning();
        if (!row) continue;
        const message = imageUrl === null ? PROFILE_IMAGE_MESSAGES.removed : PROFILE_IMAGE_MESSAGES.saved;
        return c.json({ message, data: { user: userAnswer(services, c, row), previous_file_id: previousFileId } }, 200);
      }
      throw new ApiError(409, PROFILE_IMAGE_MESSAGES.changedMeanwhile);
    },
  );

  return new Hono<ApiEnv>().route('/', signedIn);
}
