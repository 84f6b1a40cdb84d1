// A student's whole journey through a client generated from the API document alone
// (openapi-typescript types, openapi-fetch calls), as a client author outside this repository would
// write it: no cast, no `any`, no suppressed error. tests/api/typed-client.test.ts generates the types
// from the live document, compiles this file with `tsc --strict` and walks it against the API.
import createClient from 'openapi-fetch';
import type { paths } from './generated/api.ts';

export interface JourneyHelpers {
  /** Where the API lives, e.g. 'http://localhost/api/v1'. */
  baseUrl: string;
  /** How requests reach the API (the test's in-process server). */
  fetch: (request: Request) => Promise<Response>;
  /** The newest 6-digit code mailed to `email`. */
  codeFor: (email: string) => string;
  /** The provider's signature of a webhook body (x-paystack-signature). */
  sign: (rawBody: string) => string;
  /** A small PNG to upload as the profile picture. */
  picture: Blob;
}

/** The value, or a failure that says which answer lacked it. */
function must<T>(value: T | undefined | null, what: string): T {
  if (value === undefined || value === null) throw new Error(`The journey expected ${what}`);
  return value;
}

function expectStatus(response: Response, status: number, what: string): void {
  if (response.status !== status) throw new Error(`${what}: expected ${status}, got ${response.status}`);
}

/** Walks the journey; answers the calls made, as 'METHOD /path'. */
export async function walkStudentJourney(helpers: JourneyHelpers): Promise<string[]> {
  const calls: string[] = [];
  const client = createClient<paths>({ baseUrl: helpers.baseUrl, fetch: helpers.fetch });
  client.use({
    onRequest({ request }) {
      calls.push(`${request.method} ${new URL(request.url).pathname}`);
      return undefined;
    },
  });
  const email = `journey.${Date.now()}@example.com`;
  const password = 'Indigo-Lagos7';

  const health = await client.GET('/health');
  expectStatus(health.response, 200, 'health');

  // Sign up, the code from the mail, KYC.
  const signedUp = await client.POST('/user/auth/student/signup', {
    body: { first_name: 'Ngozi', last_name: 'Okafor', email, password, phone_number: '08031234567' },
  });
  expectStatus(signedUp.response, 201, 'sign-up');
  const verified = await client.POST('/user/auth/student/verify-account', { body: { email, otp: helpers.codeFor(email) } });
  let token = must(verified.data, 'a verified sign-in').data.token;
  let auth = { Authorization: `Bearer ${token}` };
  const kyc = await client.POST('/user/auth/student/kyc', {
    headers: auth,
    body: { gender: 'female', date_of_birth: '2001-04-17', state: 'Lagos', country: 'Nigeria' },
  });
  if (!must(kyc.data, 'the KYC answer').data.kyc_completed) throw new Error('KYC is not completed');

  // The catalogue: two pages, a search, a course, its ETag and 304, related courses.
  const firstPage = must((await client.GET('/user/courses', { params: { query: { page: 1, per_page: 5 } } })).data, 'page 1').data;
  const secondPage = must((await client.GET('/user/courses', { params: { query: { page: 2, per_page: 5 } } })).data, 'page 2').data;
  if (firstPage.total_pages < 2 || secondPage.courses.length === 0) throw new Error('The catalogue has one page');
  const searched = must(
    (await client.GET('/user/courses', { params: { query: { search: firstPage.courses[0]!.title } } })).data,
    'a search',
  );
  if (searched.data.total_count < 1) throw new Error('The search found nothing');
  const [first, second] = [must(firstPage.courses[0], 'a course'), must(firstPage.courses[1], 'a second course')];
  const course = await client.GET('/user/courses/{id}', { params: { path: { id: first.course_id } } });
  const etag = must(course.response.headers.get('etag'), 'an ETag');
  const again = await client.GET('/user/courses/{id}', { params: { path: { id: first.course_id }, header: { 'If-None-Match': etag } } });
  expectStatus(again.response, 304, 'the same course with its ETag');
  await client.GET('/user/courses/{id}/related-courses', { params: { path: { id: first.course_id }, query: { per_page: 3 } } });

  // Pay for one course with the test provider's Pay, and verify.
  const path = { id: first.course_id };
  const before = must((await client.GET('/user/courses/{id}/enrolment', { headers: auth, params: { path } })).data, 'enrolment');
  if (before.data.enrolled) throw new Error('Enrolled before paying');
  const checkout = must((await client.POST('/user/courses/{id}/checkout', { headers: auth, params: { path } })).data, 'a checkout').data;
  // Only a scholarship code that pays the whole price enrols without a payment; none was sent.
  if ('enrolled' in checkout) throw new Error('Enrolled without paying');
  if (checkout.provider !== 'test') throw new Error(`The journey pays with the test provider, not ${checkout.provider}`);
  const reference = { reference: checkout.reference };
  await client.GET('/user/test-payments/{reference}', { headers: auth, params: { path: reference } });
  await client.POST('/user/test-payments/{reference}', { headers: auth, params: { path: reference }, body: { outcome: 'pay' } });
  const paid = must((await client.GET('/user/payments/{reference}/verify', { headers: auth, params: { path: reference } })).data, 'verify');
  if (paid.data.status !== 'success') throw new Error(`The payment is ${paid.data.status}`);
  const after = must((await client.GET('/user/courses/{id}/enrolment', { headers: auth, params: { path } })).data, 'enrolment');
  if (!after.data.enrolled) throw new Error('Not enrolled after paying');

  // A second course, settled by the provider's signed event.
  const secondCheckout = must(
    (await client.POST('/user/courses/{id}/checkout', { headers: auth, params: { path: { id: second.course_id } } })).data,
    'a second checkout',
  ).data;
  if ('enrolled' in secondCheckout) throw new Error('Enrolled without paying for the second course');
  const event = {
    event: 'charge.success',
    data: {
      reference: secondCheckout.reference,
      amount: Math.round(Number(secondCheckout.amount) * 100),
      currency: secondCheckout.currency,
      status: 'success',
    },
  };
  const rawEvent = JSON.stringify(event);
  const settled = await client.POST('/user/payments/webhook', {
    body: event,
    bodySerializer: () => rawEvent,
    headers: { 'x-paystack-signature': helpers.sign(rawEvent) },
  });
  expectStatus(settled.response, 200, 'the signed event');
  await client.GET('/user/payments/{reference}/verify', { headers: auth, params: { path: { reference: secondCheckout.reference } } });

  // My courses, a material file, ticks.
  const mine = must((await client.GET('/user/student/courses', { headers: auth })).data, 'my courses').data;
  if (mine.length !== 2) throw new Error(`${mine.length} courses in My courses, not 2`);
  const materials = must((await client.GET('/user/student/courses/{id}', { headers: auth, params: { path } })).data, 'materials').data;
  const [material, nextMaterial] = [must(materials.materials[0], 'a material'), must(materials.materials[1], 'a second material')];
  const link = new URL(material.url);
  const file = await client.GET('/user/materials/{courseId}/{materialId}', {
    params: {
      path: { courseId: first.course_id, materialId: material.id },
      query: {
        expires: link.searchParams.get('expires') ?? '',
        student: link.searchParams.get('student') ?? '',
        session: link.searchParams.get('session') ?? '',
        sig: link.searchParams.get('sig') ?? '',
      },
    },
    parseAs: 'arrayBuffer',
  });
  if (must(file.data, 'the material file').byteLength === 0) throw new Error('The material file is empty');
  const tick = (materialId: string, completed: boolean) =>
    client.PUT('/user/student/courses/{id}/materials/{material_id}', {
      headers: auth,
      params: { path: { id: first.course_id, material_id: materialId } },
      body: { completed },
    });
  await tick(material.id, true);
  const progress = must((await tick(nextMaterial.id, true)).data, 'progress').data.progress;
  const untick = must((await tick(nextMaterial.id, false)).data, 'progress').data.progress;
  if (!(untick < progress)) throw new Error('Unticking did not lower the progress');

  // Notifications.
  const notifications = must((await client.GET('/user/student/notifications', { headers: auth })).data, 'notifications').data;
  const newest = must(notifications.notifications[0], 'a notification');
  const marked = must(
    (await client.PATCH('/user/student/notifications/{id}', { headers: auth, params: { path: { id: newest.id } }, body: { read: true } }))
      .data,
    'a marked notification',
  ).data;
  const reread = must((await client.GET('/user/student/notifications', { headers: auth })).data, 'notifications').data;
  if (reread.unread_count !== marked.unread_count || reread.unread_count >= notifications.unread_count)
    throw new Error('Marking a notification read did not lower the unread count');

  // Profile and picture.
  await client.PUT('/user/student/profile', {
    headers: auth,
    body: { home_address: '12 Adeola Odeku Street, Victoria Island, Lagos', phone_number: '08031234567' },
  });
  const upload = must(
    (
      await client.POST('/user/initiate-upload', {
        headers: auth,
        body: { file_name: 'me.png', mime_type: 'image/png', file_size: helpers.picture.size, file_type: 'user_image' },
      })
    ).data,
    'an upload',
  ).data;
  const putUrl = new URL(upload.file_url);
  calls.push(`PUT ${putUrl.pathname}`);
  const stored = await helpers.fetch(
    new Request(putUrl, { method: 'PUT', headers: { 'content-type': upload.mime_type }, body: helpers.picture }),
  );
  expectStatus(stored, 200, 'the picture bytes');
  const confirmed = must(
    (
      await client.PUT('/user/uploaded-file/{file_id}', {
        headers: auth,
        params: { path: { file_id: upload.file_id } },
        body: { file_key: upload.file_key, file_url: upload.file_url },
      })
    ).data,
    'a confirmed upload',
  ).data;
  await client.PUT('/user/student/profile', {
    headers: auth,
    body: { home_address: '12 Adeola Odeku Street, Victoria Island, Lagos', profile_image_file_id: confirmed.file_id },
  });
  const profile = must((await client.GET('/user/student/profile', { headers: auth })).data, 'the profile').data;
  if (!profile.image_url) throw new Error('The profile has no picture');

  // A new password ends the session; sign in with it, then out.
  await client.PATCH('/user/auth/student/password', { headers: auth, body: { currentPassword: password, password: 'Adire-Abeokuta9' } });
  const ended = await client.GET('/user/student/profile', { headers: auth });
  expectStatus(ended.response, 401, 'the old session after a password change');
  const signedIn = await client.POST('/user/auth/student/login', { body: { email, password: 'Adire-Abeokuta9' } });
  token = must(signedIn.data, 'a sign-in with the new password').data.token;
  auth = { Authorization: `Bearer ${token}` };
  await client.GET('/user/student/courses', { headers: auth });
  await client.POST('/user/auth/student/logout', { headers: auth });
  const out = await client.GET('/user/student/profile', { headers: auth });
  expectStatus(out.response, 401, 'the session after logout');
  return calls;
}
