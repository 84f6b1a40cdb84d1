// The contact feature's calls (API.md: Newsletter, contact, tutor requests). Both take the output of
// ContactSchema (national phone, trimmed text) and show the server's answer as a success toast.
import { http } from '../../lib/http.ts';
import type { ContactMessage } from './schemas.ts';

export const CONTACT_PATH = 'user/contact';
export const REQUEST_TUTOR_PATH = 'user/courses/request-tutor';

export const sendContactMessage = (message: ContactMessage) => http.post<null>(CONTACT_PATH, message, { toastSuccess: true });

export const requestTutor = (message: ContactMessage) => http.post<null>(REQUEST_TUTOR_PATH, message, { toastSuccess: true });
