// The header's bell (docs/product.md 'Header and footer'): a signed-in student sees the unread count
// in the badge and in the bell's name, read again when the window regains focus and on each page; a
// visitor's pages never ask for it. The two notifications are made through the real API: an enrolment
// (checkout, the test provider's Pay, verify) and a password change. axe with the badge shown.
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, signIn, test, waitForIslands, type Api, type Student, type StudentSession } from './fixtures.ts';

const COURSE = 'pattern-drafting-foundations';
const NEW_PASSWORD = 'Adire-Indigo-92';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const bell = (page: Page) => page.getByRole('banner').locator('[data-bell]');

/** An enrolment and a password change; the change ends every session, so this signs in again. */
async function twoNotifications(request: APIRequestContext, api: Api, student: Student): Promise<StudentSession> {
  const checkout = await request.post(`/api/v1/user/courses/${COURSE}/checkout`, { headers: bearer(student.token) });
  expect(checkout.status(), await checkout.text()).toBe(201);
  const { reference } = ((await checkout.json()) as { data: { reference: string } }).data;
  expect(
    (await request.post(`/api/v1/user/test-payments/${reference}`, { headers: bearer(student.token), data: { outcome: 'pay' } })).status(),
  ).toBe(200);
  const verified = await request.get(`/api/v1/user/payments/${reference}/verify`, { headers: bearer(student.token) });
  expect(((await verified.json()) as { data: { status: string } }).data.status).toBe('success');

  const changed = await request.patch('/api/v1/user/auth/student/password', {
    headers: bearer(student.token),
    data: { currentPassword: student.password, password: NEW_PASSWORD },
  });
  expect(changed.status(), await changed.text()).toBe(200);
  const login = await api.post<StudentSession>('user/auth/student/login', { email: student.email, password: NEW_PASSWORD });
  expect(login.status, JSON.stringify(login.body)).toBe(200);
  return login.body.data!;
}

test('on a phone the closed header shows the unread count on the menu button', async ({ page, request, api, student }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const session = await twoNotifications(request, api, student);
  await signIn(page, session);
  await page.goto('/');
  const banner = page.getByRole('banner');
  // The bell itself is inside the closed menu here.
  await expect(bell(page)).toBeHidden();
  const menu = banner.locator('[data-menu-toggle]');
  await expect(menu).toHaveAccessibleName('Menu, 2 unread notifications');
  await expect(menu.locator('[data-menu-count]')).toHaveText('2');
  await expect(menu.locator('[data-menu-count]')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath('phone-header-unread.png') });
  // Opening the menu shows the bell with the same count.
  await menu.click();
  await expect(bell(page)).toHaveAccessibleName('Notifications, 2 unread');
});

test('the bell shows the unread count, and counts again on focus and on the next page', async ({ page, request, api, student }) => {
  const session = await twoNotifications(request, api, student);
  await signIn(page, session);
  await page.goto('/');
  await expect(bell(page)).toHaveAccessibleName('Notifications, 2 unread');
  await expect(bell(page).locator('[data-bell-count]')).toHaveText('2');
  await expect(bell(page).locator('[data-bell-count]')).toBeVisible();
  await expectNoAxeViolations(page);

  // Read one elsewhere (another tab, the API): the count follows when the window regains focus.
  const listed = await request.get('/api/v1/user/student/notifications', { headers: bearer(session.token) });
  const { notifications, unread_count } = (
    (await listed.json()) as { data: { notifications: { id: string; title: string }[]; unread_count: number } }
  ).data;
  expect(unread_count).toBe(2);
  expect(notifications.map((notification) => notification.title)).toEqual([
    'Your password was changed',
    'You are enrolled in Pattern Drafting Foundations',
  ]);
  const marked = await request.patch(`/api/v1/user/student/notifications/${notifications[0]!.id}`, {
    headers: bearer(session.token),
    data: { read: true },
  });
  expect(marked.status()).toBe(200);
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect(bell(page).locator('[data-bell-count]')).toHaveText('1');
  await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');

  await page.goto('/about');
  await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');
  await expect(bell(page).locator('[data-bell-count]')).toHaveText('1');

  // The last one read: no badge, and the bell is simply 'Notifications'.
  await request.patch(`/api/v1/user/student/notifications/${notifications[1]!.id}`, {
    headers: bearer(session.token),
    data: { read: true },
  });
  await page.evaluate(() => window.dispatchEvent(new Event('adire:notifications')));
  await expect(bell(page)).toHaveAccessibleName('Notifications');
  await expect(bell(page).locator('[data-bell-count]')).toBeHidden();
});

test('read on the settings page: newest first, marked read by mouse and by keyboard, the bell counting down at once', async ({
  page,
  request,
  api,
  student,
}) => {
  const session = await twoNotifications(request, api, student);
  await signIn(page, session);
  await page.goto('/dashboard/settings?tab=ViewNotification');
  await waitForIslands(page, { scrolledTo: true });
  const list = page.getByRole('main').getByRole('list', { name: 'Notifications' });
  const items = list.getByRole('listitem');
  await expect(items).toHaveCount(2);
  await expect(items.nth(0).getByRole('heading')).toHaveText(/Unread.*Your password was changed/);
  await expect(items.nth(1).getByRole('heading')).toHaveText(/Unread.*You are enrolled in Pattern Drafting Foundations/);
  await expect(page.getByRole('main').getByText('2 unread')).toBeVisible();
  await expect(bell(page)).toHaveAccessibleName('Notifications, 2 unread');

  // By mouse: the item loses its mark and its button, focus stays on its title, the bell says 1.
  await list.getByRole('button', { name: /^Mark as read\s?: Your password was changed$/ }).click();
  await expect(items.nth(0).getByRole('heading')).toHaveText('Your password was changed');
  await expect(items.nth(0).getByRole('button')).toHaveCount(0);
  await expect(items.nth(0).getByRole('heading')).toBeFocused();
  await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');
  await expect(bell(page).locator('[data-bell-count]')).toHaveText('1');

  // Saved: after a reload the first is still read.
  await page.reload();
  await waitForIslands(page, { scrolledTo: true });
  await expect(items.nth(0).getByRole('heading')).toHaveText('Your password was changed');
  await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');

  // By keyboard: the last one read, the badge gone.
  await list.getByRole('button', { name: /^Mark as read\s?: You are enrolled/ }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main').getByText('All caught up.')).toBeVisible();
  await expect(bell(page)).toHaveAccessibleName('Notifications');
  await expect(bell(page).locator('[data-bell-count]')).toBeHidden();
  await expectNoAxeViolations(page);
});

test("a visitor's page never asks for notifications", async ({ page }) => {
  const asked: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/notifications')) asked.push(request.url());
  });
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  expect(asked).toEqual([]);
  await expect(bell(page)).toBeHidden();
});
