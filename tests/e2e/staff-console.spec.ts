// The staff console's pages (issue 32): each one works by keyboard, passes axe, fits a 390 px phone,
// is not indexed, and keeps to the staff session: a 401 goes to /staff/login, a 403 says so, 15
// minutes without a touch sign the member out, and the student's session is never used or touched.
import type { Page } from '@playwright/test';
import { enrol, expect, expectNoAxeViolations, signIn, test, waitForIslands } from './fixtures.ts';
import { expectNoHorizontalOverflow, invitedMember, signInStaff, type StaffSignedIn } from './staff-support.ts';

const PAGES = [
  '/staff',
  '/staff/students',
  '/staff/payments',
  '/staff/requests',
  '/staff/newsletter',
  '/staff/publish',
  '/staff/courses',
  '/staff/courses/lessons?id=pattern-drafting-foundations',
  '/staff/audit',
  '/staff/members',
];

const memberEmail = (role: string, id: string) => `${role}-${id}@adireacademy.test`.toLowerCase();

async function settle(page: Page) {
  await waitForIslands(page);
  await expect(page.getByRole('main').getByText('Loading…')).toHaveCount(0);
}

test.describe('every console page', () => {
  for (const width of [390, 1366]) {
    test(`passes axe, fits and is not indexed at ${width} px`, async ({ page, api, student, request }, testInfo) => {
      test.setTimeout(90_000);
      const admin = await invitedMember(api, memberEmail('admin', testInfo.testId), 'admin');
      // A student with a payment, so the student's and the payment's pages have something to show.
      await enrol(request, student);
      await signInStaff(page, admin);
      await page.setViewportSize({ width, height: 844 });
      const payments = await request.get('/api/v1/staff/payments?per_page=1', { headers: { authorization: `Bearer ${admin.token}` } });
      const reference = ((await payments.json()) as { data: { payments: { reference: string }[] } }).data.payments[0]!.reference;
      for (const path of [
        ...PAGES,
        `/staff/students/view?id=${student.user.id}`,
        `/staff/payments/view?reference=${reference}`,
        '/staff/login',
        '/staff/welcome?token=x',
      ]) {
        await page.goto(path);
        await settle(page);
        await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
        await expectNoHorizontalOverflow(page);
        await expectNoAxeViolations(page);
      }
    });
  }
});

test('the refund dialog opens, is sent and closes by keyboard', async ({ page, api, student, request }, testInfo) => {
  const admin = await invitedMember(api, memberEmail('admin', testInfo.testId), 'admin');
  await enrol(request, student);
  await signInStaff(page, admin);
  await page.goto(`/staff/students/view?id=${student.user.id}`);
  await settle(page);
  const paymentLink = page.getByRole('main').getByRole('row').filter({ hasText: 'success' }).getByRole('link');
  await paymentLink.focus();
  await page.keyboard.press('Enter');
  await settle(page);
  const refund = page.getByRole('button', { name: 'Refund' });
  await refund.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Refund this payment' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await refund.focus();
  await page.keyboard.press('Enter');
  await expect(dialog.getByLabel('Reason')).toBeFocused();
  await page.keyboard.type('Student asked within 7 days');
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Refund' })).toBeFocused();
  await expectNoAxeViolations(page);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('main').getByText('refunded', { exact: true })).toBeVisible();
});

test("an admin revokes an enrolment from the student's page by keyboard, with a reason", async ({
  page,
  api,
  student,
  request,
}, testInfo) => {
  const admin = await invitedMember(api, memberEmail('admin', testInfo.testId), 'admin');
  await enrol(request, student);
  await signInStaff(page, admin);
  await page.goto(`/staff/students/view?id=${student.user.id}`);
  await settle(page);
  const courses = page.getByRole('main').getByRole('region', { name: 'Courses' });
  const revoke = courses.getByRole('button', { name: /^Revoke / });
  await expect(revoke).toHaveCount(1);
  await revoke.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Revoke this enrolment' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Reason')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(revoke).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.type('The bank transfer was reversed');
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Revoke' })).toBeFocused();
  await expectNoAxeViolations(page);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('main').getByText('Not enrolled on any course.')).toBeVisible();
  // The server agrees: the student's own list no longer has the course.
  const mine = await request.get('/api/v1/user/student/courses', { headers: { authorization: `Bearer ${student.token}` } });
  expect(JSON.stringify(await mine.json())).not.toContain('pattern-drafting-foundations');
});

test("a course's enrolments download as CSV from the payments page's course filter", async ({ page, api, student, request }, testInfo) => {
  const member = await invitedMember(api, memberEmail('staff', testInfo.testId), 'staff');
  await enrol(request, student);
  await signInStaff(page, member);
  await page.goto('/staff/payments');
  await settle(page);
  const main = page.getByRole('main');
  await expect(main.getByRole('button', { name: 'Download enrolments (CSV)' })).toHaveCount(0);
  await main.getByLabel('Course').selectOption('pattern-drafting-foundations');
  await settle(page);
  const download = page.waitForEvent('download');
  await main.getByRole('button', { name: 'Download enrolments (CSV)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('enrolments-pattern-drafting-foundations.csv');
  const { readFile } = await import('node:fs/promises');
  const csv = await readFile(await file.path(), 'utf8');
  expect(csv.split('\r\n')[0]).toBe('student,email,phone,course,source,amount,enrolled_at,progress');
  expect(csv).toContain(student.user.email);
});

test('a staff member (not admin) reads the permission message on an admin page, and sees no admin links', async ({
  page,
  api,
}, testInfo) => {
  const member = await invitedMember(api, memberEmail('staff', testInfo.testId), 'staff');
  await signInStaff(page, member);
  await page.goto('/staff/audit');
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('You do not have permission to do this.');
  await expect(page.getByRole('navigation', { name: 'Staff console' }).getByRole('link', { name: 'Audit log' })).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'Staff console' }).getByRole('link', { name: 'Students' })).toBeVisible();
});

test('without a staff session, or with one the server ended, the console goes to /staff/login and comes back', async ({
  page,
  api,
}, testInfo) => {
  const admin = await invitedMember(api, memberEmail('admin', testInfo.testId), 'admin');
  await page.goto('/staff/requests');
  await expect(page).toHaveURL(/\/staff\/login\?next=%2Fstaff%2Frequests$/);
  // A token the server no longer knows: the first call's 401 ends it here too.
  await signInStaff(page, { ...admin, token: 'x'.repeat(43) } satisfies StaffSignedIn);
  await page.goto('/staff/students');
  await expect(page).toHaveURL(/\/staff\/login\?why=ended&next=%2Fstaff%2Fstudents/);
  await expect(page.getByRole('main').getByRole('status').first()).toHaveText('Your staff session ended. Sign in again to go on.');
  expect(await page.evaluate(() => localStorage.getItem('adire.staff-session'))).toBeNull();
});

test("a student's session is never a staff one, and the console leaves it alone", async ({ page, student }) => {
  await signIn(page, student);
  await page.goto('/staff');
  await expect(page).toHaveURL(/\/staff\/login/);
  expect(await page.evaluate(() => localStorage.getItem('adire.session'))).toContain(student.token);
});

test('15 minutes without a touch sign the member out', async ({ page, api, request }, testInfo) => {
  const admin = await invitedMember(api, memberEmail('admin', testInfo.testId), 'admin');
  await page.clock.install();
  await signInStaff(page, admin);
  await page.goto('/staff/students');
  await settle(page);
  await page.clock.fastForward('14:00');
  await expect(page).toHaveURL(/\/staff\/students/);
  await page.clock.fastForward('01:05');
  await expect(page).toHaveURL(/\/staff\/login\?why=idle/);
  await expect(page.getByRole('main').getByRole('status').first()).toHaveText('You were signed out after 15 minutes without activity.');
  // The server ended the session too: the old token is refused.
  const me = await request.get('/api/v1/staff/me', { headers: { authorization: `Bearer ${admin.token}` } });
  expect(me.status()).toBe(401);
});
