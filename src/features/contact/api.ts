// The contact feature's calls (docs/product.md#api-reference). Both take the output of
// ContactSchema (national phone, trimmed text), expect an answer with a message and no data, and show
// the server's message as a success toast.
import { http, NoDataSchema } from '#lib/http.ts';
import type { ContactMessage } from './schemas.ts';

const CONTACT_PATH = 'user/contact';
const REQUEST_TUTOR_PATH = 'user/courses/request-tutor';

export const sendContactMessage = (message: ContactMessage) => http.post(CONTACT_PATH, message, { data: NoDataSchema, toastSuccess: true });

export const requestTutor = (message: ContactMessage) => http.post(REQUEST_TUTOR_PATH, message, { data: NoDataSchema, toastSuccess: true });
