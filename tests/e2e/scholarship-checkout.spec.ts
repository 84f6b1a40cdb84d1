// Scholarship codes at checkout (docs/product.md, 'Scholarships and discount codes'), the student's
// side: a student whose KYC is complete applies a 50 % code by keyboard alone, the summary shows the
// discount with the scholarship and the total, and the test provider is asked for half the price; a
// refused code says why on its field; a 100 % code enrols at once; a student without KYC is sent to
// complete it. The scholarships and their codes are made through the staff API, by an admin, on a
// course of their own so that no other test's prices change. axe with a code applied and refused.
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, signIn, test, waitForIslands, type Api, type Student } from './fixtures.ts';
import { invitedMember } from './staff-support.ts';

const COURSE = 'adire-indigo-resist-dyeing';
const TITLE = 'Adire and Indigo Resist Dyeing';
const CHECKOUT = `/courses/${COURSE}/checkout`;
const main = (page: Page) => page.getByRole('main');
const summary = (page: Page) => main(page).getByRole('region', { name: 'Summary' });
const line = (page: Page, name: string) => summary(page).locator(`dt:text-is("${name}") + dd`);

const DAY = 86_400_000;

/** A scholarship on the course, open since yesterday, and `count` of its codes, made by an admin through the staff API. */
async function scholarshipCodes(
  api: Api,
  request: APIRequestContext,
  testId: string,
  terms: { name: string; discount_percent: number },
  count = 2,
): Promise<string[]> {
  const admin = await invitedMember(api, `scholarship-admin-${testId}@adireacademy.ng`.toLowerCase(), 'admin');
  const headers = { authorization: `Bearer ${admin.token}` };
  const created = await request.post('/api/v1/staff/scholarships', {
    headers,
    data: {
      ...terms,
      partner: 'lsetf',
      course_ids: [COURSE],
      seats: 5,
      starts_at: new Date(Date.now() - DAY).toISOString(),
      ends_at: new Date(Date.now() + 30 * DAY).toISOString(),
      min_age: 18,
      max_age: 35,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = ((await created.json()) as { data: { id: string } }).data;
  const codes = await request.post(`/api/v1/staff/scholarships/${id}/codes`, { headers, data: { count } });
  expect(codes.status(), await codes.text()).toBe(201);
  return ((await codes.json()) as { data: { codes: string[] } }).data.codes;
}

/** The student's KYC, through the API as the KYC form sends it: 25, in Lagos. */
async function completeKyc(request: APIRequestContext, student: Student): Promise<Student> {
  const answer = await request.post('/api/v1/user/auth/student/kyc', {
    headers: { authorization: `Bearer ${student.token}` },
    data: { gender: 'female', date_of_birth: '2001-03-14', state: 'Lagos', country: 'Nigeria' },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  return { ...student, user: ((await answer.json()) as { data: Student['user'] }).data };
}

/** Presses Tab until the focus is on `target` (at most 80 times): how a keyboard user gets there. */
async function tabTo(page: Page, target: ReturnType<Page['locator']>) {
  for (let presses = 0; presses < 80; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('Tab never reached the control');
}

/** Opens 'Have a scholarship code?' and types `code`, by keyboard alone: the field has the focus. */
async function enterCode(page: Page, code: string) {
  await tabTo(page, main(page).getByRole('button', { name: 'Have a scholarship code?' }));
  await page.keyboard.press('Enter');
  const field = main(page).getByRole('textbox', { name: 'Have a scholarship code?' });
  await expect(field).toBeFocused();
  await page.keyboard.type(code);
  await page.keyboard.press('Enter');
  return field;
}

test('a student applies a 50 % code by keyboard, sees the discount and the total, and pays half on the test provider', async ({
  page,
  api,
  request,
  student,
}, testInfo) => {
  const [code] = await scholarshipCodes(api, request, testInfo.testId, { name: 'LSETF Fashion Skills 2027', discount_percent: 50 });
  await signIn(page, await completeKyc(request, student));
  await page.goto(CHECKOUT);
  await waitForIslands(page);
  await expect(line(page, 'Total')).toHaveText('₦120,000');

  // Typed as a partner's sheet may print it: lower case, with a dash.
  const field = await enterCode(page, `${code!.slice(0, 5).toLowerCase()}-${code!.slice(5)}`);
  await expect(line(page, 'Discount')).toHaveText('−₦60,000LSETF Fashion Skills 2027 (Lagos State Employment Trust Fund)');
  await expect(line(page, 'Total')).toHaveText('₦60,000');
  await expect(line(page, 'Price')).toHaveText('₦120,000');
  // The lines are a polite live region: the new discount and total are read out.
  await expect(summary(page).locator('dl')).toHaveAttribute('aria-live', 'polite');
  await expect(field).toHaveAttribute('aria-invalid', 'false');
  await expectNoAxeViolations(page);

  // Clearing the code goes back to the full price; applying it again brings the discount back.
  await field.focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Backspace');
  await expect(line(page, 'Discount')).toHaveText('');
  await expect(line(page, 'Total')).toHaveText('₦120,000');
  await page.keyboard.type(code!);
  await page.keyboard.press('Enter');
  await expect(line(page, 'Total')).toHaveText('₦60,000');

  await tabTo(page, main(page).getByRole('button', { name: 'Make Payment' }));
  await page.keyboard.press('Enter');
  await page.waitForURL('**/payments/test?reference=*');
  await waitForIslands(page);
  // The provider is asked for the total, not the price.
  await expect(main(page).getByText('Amount: ₦60,000.00')).toBeVisible();
  await tabTo(page, main(page).getByRole('button', { name: 'Pay', exact: true }));
  await page.keyboard.press('Enter');
  await page.waitForURL(`**${CHECKOUT}?reference=*`);
  await expect(main(page).getByText(`Payment received. You are enrolled in ${TITLE}.`)).toBeVisible();

  // My courses says which scholarship the enrolment was had with.
  await main(page).getByRole('link', { name: 'Go to My courses' }).click();
  await page.waitForURL('**/dashboard');
  const card = main(page).getByRole('list', { name: 'My courses' }).getByRole('listitem').filter({ hasText: TITLE });
  await expect(card.getByText('Scholarship: LSETF Fashion Skills 2027', { exact: true })).toBeVisible();
});

test('the course page names the scholarship open on it, in room kept for it: nothing moves', async ({ page, api, request }, testInfo) => {
  await scholarshipCodes(api, request, testInfo.testId, { name: 'LSETF Fashion Skills 2027', discount_percent: 50 }, 1);
  // The answer held until the page is laid out, to compare the page before and after the line.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**/api/v1/user/courses/${COURSE}/scholarship`, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`/courses/${COURSE}`);
  const line = page.locator('[data-course-scholarship]');
  await expect(line).toHaveText('');
  const outline = main(page).getByRole('heading', { name: 'Course outline' });
  // Measured at rest: after the main's entrance (a transform that moves the heading by itself) and in
  // every font the page declares (the line's bold one included; `document.fonts.ready` alone resolves
  // before a font the layout has not asked for yet starts loading).
  await page.evaluate(async () => {
    await Promise.all([...document.fonts].map((face) => face.load()));
    await Promise.all(document.getAnimations().map((animation) => animation.finished));
  });
  const before = await outline.boundingBox();
  release();
  // Other tests may open scholarships on this course too: each is an LSETF one.
  await expect(line).toHaveText(/^Scholarship: LSETF /);
  expect(await outline.boundingBox()).toEqual(before);
});

test('a refused code says why on its field, tied to it, and the price stays whole', async ({ page, api, request, student }, testInfo) => {
  const [code] = await scholarshipCodes(api, request, testInfo.testId, { name: 'LSETF Fashion Skills 2027', discount_percent: 50 }, 1);
  await signIn(page, await completeKyc(request, student));
  await page.goto(CHECKOUT);
  await waitForIslands(page);

  // A code of the right shape that no scholarship gave out.
  const unknown = code!.startsWith('Z') ? 'YYYYYYYYYY' : 'ZZZZZZZZZZ';
  const field = await enterCode(page, unknown);
  const reason = 'This code is not valid for this course';
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(new RegExp(reason));
  await expect(field).toBeFocused();
  await expect(line(page, 'Discount')).toHaveText('');
  await expect(line(page, 'Total')).toHaveText('₦120,000');
  await expectNoAxeViolations(page);

  // Typing again takes the message away; the good code then applies.
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(code!);
  await expect(field).toHaveAttribute('aria-invalid', 'false');
  await page.keyboard.press('Enter');
  await expect(line(page, 'Total')).toHaveText('₦60,000');
});

test('a 100 % code enrols at once, with nothing to pay, and leads to the course', async ({ page, api, request, student }, testInfo) => {
  const [code] = await scholarshipCodes(api, request, testInfo.testId, { name: 'LSETF Full Scholarship 2027', discount_percent: 100 }, 1);
  await signIn(page, await completeKyc(request, student));
  await page.goto(CHECKOUT);
  await waitForIslands(page);
  await enterCode(page, code!);
  await expect(line(page, 'Total')).toHaveText('₦0');
  await main(page).getByRole('button', { name: 'Make Payment' }).click();
  const outcome = main(page).getByRole('status').filter({ hasText: 'You are enrolled.' });
  await expect(outcome).toContainText('LSETF Full Scholarship 2027');
  await expect(outcome).toBeFocused();
  await expect(page).toHaveURL(new RegExp(`${CHECKOUT}$`));
  await outcome.getByRole('link', { name: 'Go to the course' }).click();
  await page.waitForURL(`**/dashboard/courses/${COURSE}`);
});

test('a student whose KYC is not complete is told so next to the code, with the way to complete it', async ({ page, student }) => {
  await signIn(page, student);
  await page.goto(CHECKOUT);
  await waitForIslands(page);
  await expect(main(page).getByRole('button', { name: 'Have a scholarship code?' })).toHaveCount(0);
  await expect(
    summary(page).getByText('Have a scholarship code? Complete your KYC first: a scholarship checks your age and state.'),
  ).toBeVisible();
  await summary(page).getByRole('link', { name: 'Complete your KYC' }).click();
  await page.waitForURL(`**/auth/signup/complete-kyc?next=${encodeURIComponent(CHECKOUT)}`);
});

test("the code's field that cannot be fetched says so, and Make Payment stays", async ({ page, request, student }) => {
  await signIn(page, await completeKyc(request, student));
  await page.goto(CHECKOUT);
  await waitForIslands(page);
  await page.route('**/_astro/ScholarshipCodeForm.*.js', (route) => route.abort('internetdisconnected'));
  await main(page).getByRole('button', { name: 'Have a scholarship code?' }).click();
  await expect(summary(page).getByRole('alert')).toHaveText(
    "The code's field could not be loaded. Check your connection, then reload the page.",
  );
  await expect(main(page).getByRole('button', { name: 'Make Payment' })).toBeVisible();
});
