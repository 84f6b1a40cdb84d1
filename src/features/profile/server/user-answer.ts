// The User a profile answer carries (docs/product.md#api-conventions, 'Links'): its picture's link
// absolute, on the API's origin (with the embedded storage, the API process serves it).
import type { Context } from 'hono';
import type { StudentRecord } from '#server/auth/sessions.ts';
import { toUser } from '#server/auth/user.ts';
import type { ApiServices } from '#server/deps.ts';
import { apiOrigin } from '#server/http/public-url.ts';

export const userAnswer = (services: Pick<ApiServices, 'env'>, c: Context, row: StudentRecord) => toUser(row, apiOrigin(services.env, c));
