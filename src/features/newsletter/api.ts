import { http } from '../../lib/http.ts';
import type { NewsletterInput } from './schemas.ts';

export const subscribeToNewsletter = (input: NewsletterInput) =>
  http.post<null>('user/subscribe-newsletter', input, { toastSuccess: true });
