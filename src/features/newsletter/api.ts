// The newsletter's one call: the answer carries the server's message and no data, shown as a toast.
import { http, NoDataSchema } from '#lib/http.ts';
import type { NewsletterInput } from './schemas.ts';

export const subscribeToNewsletter = (input: NewsletterInput) =>
  http.post('user/subscribe-newsletter', input, { data: NoDataSchema, toastSuccess: true });
