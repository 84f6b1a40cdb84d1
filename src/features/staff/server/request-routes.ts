// The console's requests inbox and the newsletter's subscribers (docs/product.md, 'Staff operations').
import { Hono } from 'hono';
import type { ApiServices } from '#server/deps.ts';
import { readJsonBody } from '#server/http/json-body.ts';
import { describeJsonRoute } from '#server/http/openapi.ts';
import { validateInput } from '#server/http/validate.ts';
import { RequestAnswerSchema, RequestReplySchema, RequestsPageSchema, RequestsQuerySchema, RequestStatusBodySchema } from '../schemas.ts';
import { auditActor } from './audit.ts';
import { newsletterCsv } from './downloads.ts';
import { EXAMPLE_REQUEST } from './examples.ts';
import { csvAnswer } from './payment-routes.ts';
import { NO_SUCH_REQUEST, REPLY_NOT_SENT, replyToRequest, requestsPage, setRequestStatus } from './requests.ts';
import { requireStaff, type StaffEnv } from './require-staff.ts';

/** Mounted at /staff. */
export function createStaffRequestRoutes(services: ApiServices) {
  const { db } = services;
  const staff = requireStaff(services);
  return new Hono<StaffEnv>()
    .get(
      '/requests',
      describeJsonRoute({
        tag: 'Staff',
        staff: 'staff',
        summary: 'Contact messages and tutor requests, newest first, with their replies; by kind and status',
        examples: { data: { requests: [EXAMPLE_REQUEST], total_pages: 1, total_count: 1 } },
        query: RequestsQuerySchema,
        success: { message: 'OK', data: RequestsPageSchema },
      }),
      staff,
      async (c) => c.json({ message: 'OK', data: await requestsPage(db, validateInput(RequestsQuerySchema, c.req.query())) }, 200),
    )
    .post(
      '/requests/:id/reply',
      describeJsonRoute({
        tag: 'Staff',
        staff: 'staff',
        summary: 'Reply to a request: mailed to the requester (Reply-To the staff address), kept in its replies, status answered',
        description: `503 \`${REPLY_NOT_SENT}\` when the mail could not go out: nothing is kept.`,
        examples: { body: { message: EXAMPLE_REQUEST.replies[0].body }, data: EXAMPLE_REQUEST },
        body: RequestReplySchema,
        success: { message: 'The reply is sent.', data: RequestAnswerSchema },
        errors: { 404: NO_SUCH_REQUEST },
      }),
      staff,
      async (c) => {
        const { message } = await readJsonBody(c, RequestReplySchema);
        const data = await replyToRequest(services, c.req.param('id'), message, auditActor(c, services));
        return c.json({ message: 'The reply is sent.', data }, 200);
      },
    )
    .patch(
      '/requests/:id',
      describeJsonRoute({
        tag: 'Staff',
        staff: 'staff',
        summary: "Set a request's status: open, answered or closed",
        examples: { body: { status: 'closed' }, data: { ...EXAMPLE_REQUEST, status: 'closed' } },
        body: RequestStatusBodySchema,
        success: { message: 'The request is updated.', data: RequestAnswerSchema },
        errors: { 404: NO_SUCH_REQUEST },
      }),
      staff,
      async (c) => {
        const { status } = await readJsonBody(c, RequestStatusBodySchema);
        const data = await setRequestStatus(db, c.req.param('id'), status, auditActor(c, services));
        return c.json({ message: 'The request is updated.', data }, 200);
      },
    )
    .get(
      '/newsletter.csv',
      describeJsonRoute({
        tag: 'Staff',
        staff: 'staff',
        summary: "The newsletter's subscribers as CSV: email, subscribed_at",
        binary: { types: ['text/csv'] },
      }),
      staff,
      async (c) => {
        void c;
        return csvAnswer(await newsletterCsv(db), 'newsletter.csv');
      },
    );
}
