// POST /api/v1/user/subscribe-newsletter (docs/product.md#api-reference).
import { Hono } from 'hono';
import type { ApiServices } from '#server/deps.ts';
import type { ApiEnv } from '#server/http/context.ts';
import { readJsonBody } from '#server/http/json-body.ts';
import { describeJsonRoute } from '#server/http/openapi.ts';
import { rateLimit } from '#server/http/rate-limit.ts';
import { NewsletterSchema } from '../schemas.ts';
import { subscribeToNewsletter } from './subscriptions.ts';

export const SUBSCRIBED_MESSAGE = 'Thank you for subscribing! Look out for our next newsletter.';

/** Mounted at /user. */
export function createNewsletterRoutes(services: ApiServices) {
  const describe = describeJsonRoute({
    tag: 'Newsletter',
    summary: 'Subscribe to the newsletter',
    examples: { body: { email: 'ngozi@example.com' } },
    description: 'Subscribing an address twice keeps one subscription and answers the same.',
    body: NewsletterSchema,
    success: { message: SUBSCRIBED_MESSAGE },
    rateLimited: true,
  });
  return new Hono<ApiEnv>().post('/subscribe-newsletter', describe, rateLimit(services, 'newsletter'), async (c) => {
    const { email } = await readJsonBody(c, NewsletterSchema);
    await subscribeToNewsletter(services.db, email);
    return c.json({ message: SUBSCRIBED_MESSAGE, data: null }, 200);
  });
}
