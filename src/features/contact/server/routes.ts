// POST /api/v1/user/contact and POST /api/v1/user/courses/request-tutor (docs/product.md#api-reference).
import { Hono } from 'hono';
import type { ApiServices } from '#server/deps.ts';
import type { ApiEnv } from '#server/http/context.ts';
import { readJsonBody } from '#server/http/json-body.ts';
import { describeJsonRoute } from '#server/http/openapi.ts';
import { rateLimit } from '#server/http/rate-limit.ts';
import { ContactSchema } from '../schemas.ts';
import { receiveContactMessage } from './messages.ts';

export const CONTACT_RECEIVED = 'Thank you for reaching out! We will get back to you shortly.';
export const TUTOR_REQUEST_RECEIVED = 'Your tutor request has been received. We will contact you shortly.';

/** Mounted at /user. */
export function createContactRoutes(services: ApiServices) {
  const routes = new Hono<ApiEnv>();

  const describe = (summary: string, message: string) =>
    describeJsonRoute({
      tag: 'Contact',
      summary,
      body: ContactSchema,
      success: { status: 201, message },
      rateLimited: true,
      examples: {
        body: {
          first_name: 'Ngozi',
          last_name: 'Okafor',
          email: 'ngozi@example.com',
          phone_number: '08031234567',
          message: 'Do you have evening classes for pattern drafting?',
        },
      },
    });

  routes.post('/contact', describe('Send a message to the staff', CONTACT_RECEIVED), rateLimit(services, 'contact'), async (c) => {
    const message = await readJsonBody(c, ContactSchema);
    await receiveContactMessage(services, 'contact', message);
    return c.json({ message: CONTACT_RECEIVED, data: null }, 201);
  });

  routes.post(
    '/courses/request-tutor',
    describe('Ask for a tutor', TUTOR_REQUEST_RECEIVED),
    rateLimit(services, 'tutor_request'),
    async (c) => {
      const message = await readJsonBody(c, ContactSchema);
      await receiveContactMessage(services, 'tutor_request', message);
      return c.json({ message: TUTOR_REQUEST_RECEIVED, data: null }, 201);
    },
  );

  return routes;
}
