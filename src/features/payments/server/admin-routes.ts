// The operator's door for `npm run admin -- enrolments`, behind the admin lock of
// src/server/auth/admin-guard.ts: loopback only, not through a proxy, with the server's secret.
import { Hono } from 'hono';
import type { ApiServices } from '#server/deps.ts';
import { ADMIN_FORBIDDEN, ADMIN_ONLY, requireAdmin } from '#server/auth/admin-guard.ts';
import type { ApiEnv } from '#server/http/context.ts';
import { describeJsonRoute } from '#server/http/openapi.ts';
import { enrolmentRows, EnrolmentRowsSchema } from './enrolment-report.ts';

const ENROLMENTS_LISTED = 'Enrolments listed.';

/** Mounted at /admin. */
export function createPaymentAdminRoutes(services: ApiServices) {
  return new Hono<ApiEnv>().get(
    '/enrolments',
    describeJsonRoute({
      tag: 'Admin',
      signature: 'adminSecret',
      summary: 'Every successful payment: who paid for which course, how much and when (internal: the admin command)',
      examples: {
        data: {
          rows: [
            {
              student: 'Ngozi Okafor',
              email: 'ngozi@example.com',
              course: 'Pattern Drafting Foundations',
              amount: '85000.00',
              reference: 'ADR-7K2M9QX4PL8N3WZT',
              date: '2026-11-20',
              needs_refund: 'no',
            },
          ],
        },
      },
      description: `${ADMIN_ONLY} Oldest first; the date is the day paid in Lagos.`,
      success: { message: ENROLMENTS_LISTED, data: EnrolmentRowsSchema },
      errors: { 403: ADMIN_FORBIDDEN },
    }),
    requireAdmin(services),
    async (c) => {
      const rows = await enrolmentRows(services.db);
      // Names and e-mail addresses: never kept by a cache.
      c.header('cache-control', 'no-store');
      return c.json({ message: ENROLMENTS_LISTED, data: { rows } }, 200);
    },
  );
}
