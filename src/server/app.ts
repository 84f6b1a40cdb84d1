// The API: one Hono app mounted under /api/v1, used as it is by the server and by the tests. Each
// feature brings its own sub-app (src/features/<name>/server/routes.ts); this file only mounts them
// and sets what holds for every route: request ids, CORS, the error envelope, 404 and 405.
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { createAdminRoutes } from '#features/accounts/server/admin-routes.ts';
import { createPasswordResetRoutes } from '#features/accounts/server/password-reset-routes.ts';
import { createAccountRoutes } from '#features/accounts/server/routes.ts';
import { createContactRoutes } from '#features/contact/server/routes.ts';
import { createCourseRoutes } from '#features/courses/server/routes.ts';
import { createMaterialFileRoutes } from '#features/learning/server/material-file-routes.ts';
import { createLearningRoutes } from '#features/learning/server/routes.ts';
import { createLessonRoutes } from '#features/lessons/server/lesson-routes.ts';
import { createLessonUploadRoutes } from '#features/lessons/server/upload-routes.ts';
import { createPaymentAdminRoutes } from '#features/payments/server/admin-routes.ts';
import { createPaymentRoutes } from '#features/payments/server/routes.ts';
import { createTestPaymentRoutes } from '#features/payments/server/test-payment-routes.ts';
import { createNewsletterRoutes } from '#features/newsletter/server/routes.ts';
import { createNotificationRoutes } from '#features/notifications/server/routes.ts';
import { createStorageUploadRoutes } from '#features/profile/server/storage-upload-routes.ts';
import { createProfileRoutes } from '#features/profile/server/routes.ts';
import { createUploadRoutes } from '#features/profile/server/upload-routes.ts';
import { createStaffAdminRoutes } from '#features/staff/server/admin-routes.ts';
import { auditActor, recordAudit } from '#features/staff/server/audit.ts';
import { requireStaff, type StaffEnv } from '#features/staff/server/require-staff.ts';
import { createStaffRoutes } from '#features/staff/server/routes.ts';
import { API_BASE } from './api-base.ts';
import { withDefaults, type ApiDeps } from './deps.ts';
import type { ApiEnv } from './http/context.ts';
import { corsForOrigins } from './http/cors.ts';
import { handleApiError } from './http/error-handler.ts';
import { memoryRateLimit, rateLimit, type RateLimitPolicy } from './http/rate-limit.ts';
import { describeJsonRoute, describeOpenApiDocument, openApiDocument } from './http/openapi.ts';
import { refuseControlCharacters } from './http/path-characters.ts';
import { assignRequestId } from './http/request-id.ts';
import { answerUnmatched } from './http/unmatched.ts';
import { isTestProvider } from './payments/test-provider.ts';

export type { ApiDeps } from './deps.ts';

export { API_BASE } from './api-base.ts';

const HealthSchema = v.strictObject({ status: v.literal('ok') });

/** Per client address, for the health check and the document: a monitor every second fits, a flood does not. */
const SERVICE_IP_LIMIT: RateLimitPolicy = { limit: 1000, windowMs: 10 * 60_000 };

/** `observe`: a middleware that sees every API request first (main.ts: the metrics' counts and timings). */
export function createApp(deps: ApiDeps, options: { observe?: MiddlewareHandler<ApiEnv> } = {}) {
  const services = withDefaults(deps);
  const api = new Hono<ApiEnv>().basePath(API_BASE);

  if (options.observe) api.use(options.observe);
  api.use(assignRequestId());
  api.use(refuseControlCharacters());
  if (services.env.CORS_ORIGINS.length > 0) api.use(corsForOrigins(services.env.CORS_ORIGINS));

  // Load balancers poll this: it answers 200 only when the database answers too (503 otherwise).
  api.get(
    '/health',
    describeJsonRoute({
      tag: 'Service',
      summary: 'Is the API up?',
      examples: { data: { status: 'ok' } },
      description: 'Answers 200 only when the database answers too (503 otherwise): for load balancers and monitors.',
      success: { message: 'OK', data: HealthSchema },
      rateLimited: true,
    }),
    rateLimit(services, 'health', SERVICE_IP_LIMIT),
    async (c) => {
      await services.db.execute(sql`select 1`);
      return c.json({ message: 'OK', data: { status: 'ok' } });
    },
  );

  api.route('/user', createNewsletterRoutes(services));
  api.route('/user', createContactRoutes(services));
  api.route('/user', createAccountRoutes(services));
  api.route('/user', createPasswordResetRoutes(services));
  api.route('/user', createProfileRoutes(services));
  api.route('/user', createCourseRoutes(services));
  api.route('/user', createPaymentRoutes(services));
  // The test provider's payment page only while it runs: with Paystack its paths do not exist (404).
  if (isTestProvider(services.payments)) api.route('/user', createTestPaymentRoutes(services, services.payments));
  api.route('/user', createUploadRoutes(services));
  // The embedded storage's signed upload URLs (raw bytes, not JSON); its images are served by main.ts's handler.
  api.route('/uploads', createStorageUploadRoutes(services));
  api.route('/user', createMaterialFileRoutes(services));
  api.route('/user', createLearningRoutes(services));
  api.route('/user', createNotificationRoutes(services));
  // The staff console's calls: staff sessions only, never a student's (src/features/staff/server/routes.ts).
  api.route('/staff', createStaffRoutes(services));
  // A course's lessons and their resumable uploads (tus), behind the staff session too.
  const staffAccess = {
    guard: requireStaff(services),
    actorOf: (c: Context) => auditActor(c as Context<StaffEnv>, services),
    record: recordAudit,
  };
  api.route('/staff', createLessonUploadRoutes(services, staffAccess));
  api.route('/staff', createLessonRoutes(services, staffAccess));
  api.route('/admin', createAdminRoutes(services));
  api.route('/admin', createPaymentAdminRoutes(services));
  api.route('/admin', createStaffAdminRoutes(services));
  api.get(
    '/openapi.json',
    describeOpenApiDocument,
    memoryRateLimit(services, SERVICE_IP_LIMIT),
    openApiDocument(api, API_BASE, services.env.PUBLIC_SITE_URL),
  );

  api.notFound(answerUnmatched(() => api.routes));
  api.onError(handleApiError(services.log));
  return api;
}

export type ApiApp = ReturnType<typeof createApp>;
