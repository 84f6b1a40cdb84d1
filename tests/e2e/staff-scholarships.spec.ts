// The console's scholarship pages (issue 33): an admin sets a scholarship up, makes its codes and
// sees them once (a reload does not bring them back), downloads them as CSV, edits the terms and
// closes it early; a wrong value is said under its field; a member of staff reads but cannot create.
// Every page works by keyboard and passes axe at 390 and 1366 px.
import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test, waitForIslands } from './fixtures.ts';
import { expectNoHorizontalOverflow, invitedMember, signInStaff, type StaffSignedIn } from './staff-support.ts';

const CODE = /^[A-HJ-NP-Z2-9]{10}$/;
const memberEmail = (role: string, id: string) => `${role}-${id}@adireacademy.test`.toLowerCase();

/** A Lagos day, 'YYYY-MM-DD', `days` from today. */
const lagosDay = (days: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos' }).format(new Date(Date.now() + days * 86_400_000));

async function settle(page: Page) {
  await waitForIslands(page);
  await expect(page.getByRole('main').getByText('Loading…')).toHaveCount(0);
}

/** A scholarship made through the API by `admin`, for the pages that show one. */
async function scholarshipBy(request: APIRequestContext, admin: StaffSignedIn, name = 'LSETF Fashion Skills 2027') {
  const answer = await request.post('/api/v1/staff/scholarships', {
    headers: { authorization: `Bearer ${admin.token}` },
    data: {
      name,
      partner: 'lsetf',
      course_ids: ['pattern-drafting-foundations'],
      discount_percent: 50,
      seats: 25,
      starts_at: lagosDay(0),
      ends_at: lagosDay(60),
      min_age: 18,
      max_age: 35,
      states: ['Lagos'],
    },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  return ((await answer.json()) as { data: { id: string } }).data.id;
}

test('an admin sets a scholarship up, makes codes seen once, downloads them, edits the terms and closes it early', async ({
  page,
  api,
}, testInfo) => {
  test.setTimeout(90_000);
  // A page whose island renders differently on the server and in the browser fails to hydrate.
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  const admin = await invitedMember(api, memberEmail('admin', testInfo.testId), 'admin');
  await signInStaff(page, admin);
  await page.goto('/staff/scholarships');
  await settle(page);
  const main = page.getByRole('main');
  await main.getByRole('button', { name: 'New scholarship' }).click();
  const form = main.getByRole('form', { name: 'New scholarship' });
  await form.getByLabel('Name').fill('Women in Fashion 2027');
  await form.getByLabel('Partner').selectOption('ishk');
  await form.getByRole('group', { name: 'Courses' }).getByLabel('Pattern Drafting Foundations').check();
  await form.getByLabel('Discount (%)').fill('0');
  await form.getByLabel('Seats').fill('10');
  await form.getByLabel('Seats').press('Tab');
  // A wrong value is said under its own field, and the form cannot be sent.
  await expect(form.getByText('Discount must be a whole number from 1 to 100')).toBeVisible();
  await expect(form.getByLabel('Discount (%)')).toHaveAttribute('aria-invalid', 'true');
  await form.getByLabel('Discount (%)').fill('100');
  await form.getByLabel('Opens on').fill(lagosDay(10));
  await form.getByLabel('Closes on').fill(lagosDay(5));
  // Tab moves between the date's own parts: leaving the field is what shows its message.
  await form.getByLabel('Closes on').blur();
  await expect(form.getByText('The closing date must be after the opening date')).toBeVisible();
  await expect(form.getByRole('button', { name: 'Create scholarship' })).toBeDisabled();
  await expectNoAxeViolations(page);
  await form.getByLabel('Opens on').fill(lagosDay(0));
  // The browser's date field orders day and month its own way: the day chosen is said in words.
  const opening = new Intl.DateTimeFormat('en-NG', { dateStyle: 'full', timeZone: 'UTC' }).format(new Date(`${lagosDay(0)}T00:00:00Z`));
  await expect(form.getByText(`${opening}: from the start of this day, Lagos time.`)).toBeVisible();
  await form.getByLabel('Closes on').fill(lagosDay(30));
  await form.getByRole('group', { name: 'States (optional)' }).getByLabel('Lagos').check();
  await expect(form.getByText('The closing date must be after the opening date')).toHaveCount(0);
  await form.getByRole('button', { name: 'Create scholarship' }).click();

  // Its page: the terms, no seat taken, and no code yet.
  await page.waitForURL(/\/staff\/scholarships\/view\?id=/);
  await settle(page);
  await expect(main.getByText('Women in Fashion 2027')).toBeVisible();
  const terms = main.getByRole('region', { name: 'Terms' });
  await expect(terms.getByText('0 of 10')).toBeVisible();
  await expect(terms.getByText('Lagos', { exact: true })).toBeVisible();
  await expect(main.getByText('0 made so far.')).toBeVisible();

  await main.getByLabel('How many codes (1 to 500)').fill('5');
  await main.getByRole('button', { name: 'Make codes' }).click();
  const codes = main.getByRole('list', { name: 'New codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(5);
  const shown = await codes.allInnerTexts();
  for (const code of shown) expect(code).toMatch(CODE);
  await expect(main.getByText('They are shown only now and will not be shown again.')).toBeVisible();
  await expect(main.getByText('5 made so far.')).toBeVisible();
  await expectNoAxeViolations(page);

  const download = page.waitForEvent('download');
  await main.getByRole('button', { name: 'Download CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^codes-ishk-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = (await readFile(await file.path(), 'utf8')).split('\r\n');
  expect(csv[0]).toBe('code,scholarship,partner');
  expect(csv.slice(1, 6).map((row) => row.split(',')[0])).toEqual(shown);

  // Shown once: a reload has only the count.
  await page.reload();
  await settle(page);
  await expect(main.getByText('5 made so far.')).toBeVisible();
  await expect(main.getByRole('list', { name: 'New codes' })).toHaveCount(0);
  for (const code of shown) await expect(main.getByText(code)).toHaveCount(0);

  // Edit the terms (no seat is taken yet).
  await main.getByRole('button', { name: 'Edit' }).click();
  const edit = main.getByRole('form', { name: 'Edit the terms' });
  await expect(edit.getByLabel('Name')).toHaveValue('Women in Fashion 2027');
  await expect(edit.getByLabel('Opens on')).toHaveValue(lagosDay(0));
  await edit.getByLabel('Seats').fill('40');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(terms.getByText('0 of 40')).toBeVisible();

  // Close it early, through the dialog, by keyboard.
  await main.getByRole('button', { name: 'Close early' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Close this scholarship early' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await main.getByRole('button', { name: 'Close early' }).click();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Close scholarship' }).click();
  await expect(dialog).toBeHidden();
  await expect(main.getByText('closed', { exact: true })).toBeVisible();
  await expect(main.getByRole('button', { name: 'Close early' })).toHaveCount(0);
  await expect(main.getByRole('button', { name: 'Make codes' })).toHaveCount(0);

  // The list shows it with its seats and status.
  await page.goto('/staff/scholarships');
  await settle(page);
  const row = main.getByRole('row').filter({ hasText: 'Women in Fashion 2027' });
  await expect(row.getByText('0 of 40')).toBeVisible();
  await expect(row.getByText('closed', { exact: true })).toBeVisible();
  expect(pageErrors).toEqual([]);
});

test('a member of staff reads the scholarships but cannot create, edit, close or make codes', async ({ page, api, request }, testInfo) => {
  const admin = await invitedMember(api, memberEmail('admin', testInfo.testId), 'admin');
  const member = await invitedMember(api, memberEmail('staff', testInfo.testId), 'staff');
  const id = await scholarshipBy(request, admin, `Read only ${testInfo.testId}`);
  await signInStaff(page, member);
  await page.goto('/staff/scholarships');
  await settle(page);
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: `Read only ${testInfo.testId}` })).toBeVisible();
  await expect(main.getByRole('button', { name: 'New scholarship' })).toHaveCount(0);
  await page.goto(`/staff/scholarships/view?id=${id}`);
  await settle(page);
  await expect(main.getByRole('button', { name: 'Download beneficiaries CSV' })).toBeVisible();
  for (const name of ['Edit', 'Close early', 'Make codes']) await expect(main.getByRole('button', { name })).toHaveCount(0);
});

test('a seat taken shows on the summary, the payment, the student and the scholarship, whose terms can no longer be edited', async ({
  page,
  api,
  request,
  student,
}, testInfo) => {
  const admin = await invitedMember(api, memberEmail('admin', testInfo.testId), 'admin');
  const name = `Half fees ${testInfo.testId}`;
  const id = await scholarshipBy(request, admin, name);
  const staffHeaders = { authorization: `Bearer ${admin.token}` };
  const made = await request.post(`/api/v1/staff/scholarships/${id}/codes`, { headers: staffHeaders, data: { count: 1 } });
  const [code] = ((await made.json()) as { data: { codes: string[] } }).data.codes;
  // The student pays half with the code: KYC first (age and state come from it).
  const headers = { authorization: `Bearer ${student.token}` };
  const kyc = await request.post('/api/v1/user/auth/student/kyc', {
    headers,
    data: { gender: 'female', date_of_birth: '2001-03-14', state: 'Lagos', country: 'Nigeria' },
  });
  expect(kyc.status(), await kyc.text()).toBe(200);
  const checkout = await request.post('/api/v1/user/courses/pattern-drafting-foundations/checkout', { headers, data: { code } });
  expect(checkout.status(), await checkout.text()).toBe(201);
  const { reference } = ((await checkout.json()) as { data: { reference: string } }).data;
  await request.post(`/api/v1/user/test-payments/${reference}`, { headers, data: { outcome: 'pay' } });
  const verify = await request.get(`/api/v1/user/payments/${reference}/verify`, { headers });
  expect(((await verify.json()) as { data: { status: string } }).data.status).toBe('success');

  await signInStaff(page, admin);
  const main = page.getByRole('main');
  await page.goto('/staff');
  await settle(page);
  await expect(
    main.getByRole('list', { name: 'Open scholarships: seats taken' }).getByRole('link', { name: `1 of 25 ${name}` }),
  ).toBeVisible();

  await page.goto(`/staff/payments/view?reference=${reference}`);
  await settle(page);
  await expect(main.getByRole('link', { name })).toHaveAttribute('href', `/staff/scholarships/view?id=${id}`);

  await page.goto(`/staff/students/view?id=${student.user.id}`);
  await settle(page);
  await expect(main.getByRole('row').filter({ hasText: 'Pattern Drafting Foundations' }).getByRole('link', { name })).toBeVisible();

  await main.getByRole('row').filter({ hasText: 'Pattern Drafting Foundations' }).getByRole('link', { name }).click();
  await settle(page);
  await expect(main.getByRole('region', { name: 'Terms' }).getByText('1 of 25')).toBeVisible();
  await expect(main.getByText('The terms can no longer be edited: a student has taken a seat on them.')).toBeVisible();
  await expect(main.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await expect(main.getByRole('button', { name: 'Close early' })).toBeVisible();
});

test.describe('the scholarship pages', () => {
  for (const width of [390, 1366]) {
    test(`pass axe and fit at ${width} px`, async ({ page, api, request }, testInfo) => {
      const admin = await invitedMember(api, memberEmail('admin', testInfo.testId), 'admin');
      const id = await scholarshipBy(request, admin);
      await signInStaff(page, admin);
      await page.setViewportSize({ width, height: 844 });
      for (const path of ['/staff/scholarships', `/staff/scholarships/view?id=${id}`]) {
        await page.goto(path);
        await settle(page);
        await expect(page.getByRole('navigation', { name: 'Staff console' }).getByRole('link', { name: 'Scholarships' })).toHaveAttribute(
          'aria-current',
          'page',
        );
        await expectNoHorizontalOverflow(page);
        await expectNoAxeViolations(page);
      }
      await page.goto('/staff/scholarships');
      await settle(page);
      await page.getByRole('button', { name: 'New scholarship' }).click();
      await page.getByLabel('Discount (%)').fill('101');
      await page.getByLabel('Discount (%)').press('Tab');
      await expect(page.getByText('Discount must be a whole number from 1 to 100')).toBeVisible();
      await expectNoHorizontalOverflow(page);
      await expectNoAxeViolations(page);
    });
  }
});
