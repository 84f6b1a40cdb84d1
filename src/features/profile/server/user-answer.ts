// The User a profile answer carries (docs/product.md#api-conventions, 'Links'): its picture's link
// absolute, on the origin this request's answers link to.
import type { Context } from 'hono';
import type { StudentRecord } from '#server/auth/sessions.ts';
import { toUser } from '#server/auth/user.ts';
import type { ApiServices } from '#server/deps.ts';
import { linkOrigin } from '#server/http/public-url.ts';

export const userAnswer = (services: Pick<ApiServices, 'env'>, c: Context, row: StudentRecord) => toUser(row, linkOrigin(services.env, c));
