// /dashboard/settings in Chromium (docs/product.md#settings-page): the tabs in the query string and
// on Back, the picture upload (checked in the browser first, then initiate, PUT, confirm, picture)
// reaching the header on another page, clearing it, the profile saved across a reload, the password
// changed and used, and axe on every tab on a 320 px phone and a desktop.
import { SESSION_KEY } from '#lib/session-key.ts';
import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, holdRequests, signIn, test, waitForIslands, type Student } from './fixtures.ts';

const main = (page: Page) => page.getByRole('main');
const toast = (page: Page, text: string | RegExp) => page.getByRole('status').or(page.getByRole('alert')).filter({ hasText: text });
const tab = (page: Page, name: string) => main(page).getByRole('tab', { name });
const panel = (page: Page) => main(page).getByRole('tabpanel');
const headerAvatar = (page: Page) => page.locator('[data-avatar]');

/** A valid 1x1 PNG (one opaque pixel). */
const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

async function openSettings(page: Page, student: Student, query = '') {
  await signIn(page, student);
  await page.goto(`/dashboard/settings${query}`);
  await waitForIslands(page);
}

async function profileLoaded(page: Page) {
  await expect(main(page).getByLabel('Email address')).not.toHaveValue('');
}

test.describe('settings page', () => {
  test('tabs live in the query string, follow the keyboard and the Back button', async ({ page, student }) => {
    await openSettings(page, student);
    await expect(tab(page, 'User Profile')).toHaveAttribute('aria-selected', 'true');
    await expect(panel(page).getByRole('heading', { name: 'Edit Your Profile' })).toBeVisible();
    await expect(page.locator('body')).toHaveClass(/bg-grey/);

    await tab(page, 'Change Password').click();
    await expect(page).toHaveURL(/\?tab=ChangePassword$/);
    await expect(panel(page).getByRole('heading', { name: 'Change Password' })).toBeVisible();
    await expect(panel(page)).toHaveCount(1);

    await tab(page, 'Change Password').press('End');
    await expect(tab(page, 'View notification')).toBeFocused();
    await expect(page).toHaveURL(/\?tab=ViewNotification$/);
    await expect(panel(page).getByRole('heading', { name: 'View notification' })).toBeVisible();
    await tab(page, 'View notification').press('Home');
    await expect(page).toHaveURL(/\?tab=UserProfile$/);
    await tab(page, 'User Profile').press('ArrowDown');
    await expect(page).toHaveURL(/\?tab=ChangePassword$/);
    await expect(tab(page, 'Change Password')).toBeFocused();

    await page.goBack();
    await expect(page).toHaveURL(/\?tab=UserProfile$/);
    await expect(tab(page, 'User Profile')).toHaveAttribute('aria-selected', 'true');
    await page.goBack();
    await expect(page).toHaveURL(/\?tab=ViewNotification$/);
    await expect(panel(page).getByRole('heading', { name: 'View notification' })).toBeVisible();

    await page.goto('/dashboard/settings?tab=ChangePassword');
    await expect(tab(page, 'Change Password')).toHaveAttribute('aria-selected', 'true');
    await page.goto('/dashboard/settings?tab=Nonsense');
    await expect(tab(page, 'User Profile')).toHaveAttribute('aria-selected', 'true');
  });

  test('on a laptop the tab list stands beside a wide panel, without the phone select', async ({ page, student }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    await openSettings(page, student);
    await profileLoaded(page);
    await expect(main(page).getByRole('tablist')).toBeVisible();
    await expect(main(page).getByLabel('Settings section')).toBeHidden();
    const tabs = (await main(page).getByRole('tablist').boundingBox())!;
    const shown = (await panel(page).boundingBox())!;
    expect(shown.x).toBeGreaterThan(tabs.x + tabs.width - 1);
    expect(shown.width).toBeGreaterThan(600);
  });

  test('on a small screen a labelled select replaces the tab list', async ({ page, student }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await openSettings(page, student);
    await expect(main(page).getByRole('tablist')).toBeHidden();
    await main(page).getByLabel('Settings section').selectOption({ label: 'Change Password' });
    await expect(page).toHaveURL(/\?tab=ChangePassword$/);
    await expect(panel(page).getByRole('heading', { name: 'Change Password' })).toBeVisible();
  });

  test('a PNG uploads with progress, shows in the header on another page, and clicking it clears it', async ({ page, student }) => {
    await openSettings(page, student);
    await profileLoaded(page);
    await expect(main(page).getByText('5mb')).toBeVisible();

    const stored = page.waitForResponse((response) => response.url().includes('/api/v1/uploads/') && response.request().method() === 'PUT');
    await main(page).getByLabel('Upload profile picture').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG_1X1 });
    expect((await stored).status()).toBe(200);
    const clear = main(page).getByRole('button', { name: 'Remove profile picture' });
    await expect(clear).toBeVisible();
    await expect(clear.locator('img')).toHaveAttribute('src', /\/media\/uploads\//);
    await expect(headerAvatar(page).locator('img')).toHaveAttribute('src', /\/media\/uploads\//);

    await page.goto('/dashboard');
    await expect(headerAvatar(page).locator('img')).toHaveAttribute('src', /\/media\/uploads\//);

    await page.goto('/dashboard/settings');
    await waitForIslands(page);
    await main(page).getByRole('button', { name: 'Remove profile picture' }).click();
    await expect(main(page).getByRole('button', { name: 'Remove profile picture' })).toHaveCount(0);
    await expect(headerAvatar(page).locator('img')).toHaveCount(0);
    await expect(headerAvatar(page)).toHaveText('AO');
  });

  test("the picture's code comes when a picture is picked, not with the page, and the upload then works", async ({ page, student }) => {
    // What the page's scripts hold, by address: the upload's call names the code that sends it.
    const scripts = new Map<string, Promise<string>>();
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script')
        scripts.set(
          response.url(),
          response.text().catch(() => ''),
        );
    });
    const holdingUpload = async () =>
      (await Promise.all([...scripts].map(async ([url, body]) => ((await body).includes('user/initiate-upload') ? url : null)))).filter(
        Boolean,
      );
    await openSettings(page, student);
    await profileLoaded(page);
    await page.waitForLoadState('networkidle');
    expect(await holdingUpload()).toEqual([]);

    const stored = page.waitForResponse((response) => response.url().includes('/api/v1/uploads/') && response.request().method() === 'PUT');
    await main(page).getByLabel('Upload profile picture').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG_1X1 });
    expect((await stored).status()).toBe(200);
    await expect(main(page).getByRole('button', { name: 'Remove profile picture' })).toBeVisible();
    expect(await holdingUpload()).toHaveLength(1);
  });

  test('the progress bar has a name and passes the markers in order: 30 when started, 60 when stored, then 100', async ({
    page,
    student,
  }) => {
    await openSettings(page, student);
    await profileLoaded(page);
    // Every value the bar takes, as it is drawn (docs/product.md: 30 and 60).
    await page.evaluate(() => {
      const seen: number[] = ((window as unknown as { progressSeen: number[] }).progressSeen = []);
      const note = (bar: Element) => {
        const value = Number(bar.getAttribute('value'));
        if (seen.at(-1) !== value) seen.push(value);
      };
      new MutationObserver((records) => {
        for (const record of records) {
          if (record.type === 'attributes' && record.target instanceof HTMLProgressElement) note(record.target);
          for (const node of record.addedNodes) if (node instanceof Element) node.querySelectorAll('progress').forEach(note);
        }
      }).observe(document.querySelector('main')!, { subtree: true, childList: true, attributes: true, attributeFilter: ['value'] });
    });
    // Hold the storage PUT so the bar can be seen.
    const { release } = await holdRequests(page, '**/api/v1/uploads/**');
    await main(page).getByLabel('Upload profile picture').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG_1X1 });
    const bar = main(page).getByRole('progressbar', { name: 'Uploading profile picture' });
    await expect(bar).toBeVisible();
    // Started, the bytes on their way: between the two markers until the file is stored.
    await expect.poll(async () => Number(await bar.getAttribute('value'))).toBeGreaterThanOrEqual(30);
    expect(Number(await bar.getAttribute('value'))).toBeLessThanOrEqual(60);
    release();
    await expect(bar).toHaveCount(0);
    await expect(main(page).getByRole('button', { name: 'Remove profile picture' })).toBeVisible();
    const seen = await page.evaluate(() => (window as unknown as { progressSeen: number[] }).progressSeen);
    expect(seen, 'the values the bar took').toEqual([...seen].sort((a, b) => a - b));
    expect(seen.filter((value) => [30, 60, 100].includes(value))).toEqual([30, 60, 100]);
  });

  test('offline, the profile as last loaded shows read-only with an offline note, and no error toast; back online it can be edited', async ({
    page,
    student,
  }) => {
    // The server cannot be reached (the page itself came from the phone's cache).
    await page.route('**/api/v1/user/student/profile', (route) => route.abort('internetdisconnected'));
    await openSettings(page, student);
    const note = main(page).getByRole('status').filter({ hasText: 'Offline' });
    await expect(note).toHaveText(
      'Offline: this is your profile as this phone last had it. You can change it when you are back online. Try again',
    );
    await expect(main(page).getByText('Your profile could not be loaded.')).toHaveCount(0);
    await expect(main(page).getByLabel('Email address')).toHaveValue(student.email);
    await expect(main(page).getByLabel('Home address')).toBeDisabled();
    await expect(main(page).getByRole('button', { name: 'Save Changes' })).toBeDisabled();
    await expect(main(page).getByLabel('Upload profile picture')).toBeDisabled();
    await page.waitForTimeout(500);
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: test.info().outputPath('settings-offline.png'), fullPage: true });

    await page.unroute('**/api/v1/user/student/profile');
    await page.evaluate(() => dispatchEvent(new Event('online')));
    await expect(note).toHaveCount(0);
    await expect(main(page).getByLabel('Home address')).toBeEnabled();
    await expect(main(page).getByLabel('Upload profile picture')).toBeEnabled();
  });

  test("a storage upload that fails says 'Something went wrong', keeps the old picture, and the next try works", async ({
    page,
    student,
  }) => {
    await openSettings(page, student);
    await profileLoaded(page);
    let refused = 0;
    await page.route('**/api/v1/uploads/**', async (route) => {
      if (refused++ === 0) return route.fulfill({ status: 500, body: 'storage down' });
      return route.continue();
    });
    const input = main(page).getByLabel('Upload profile picture');
    await input.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG_1X1 });
    await expect(toast(page, /^Something went wrong$/)).toBeVisible();
    await expect(main(page).getByRole('progressbar')).toHaveCount(0);
    await expect(main(page).getByRole('button', { name: 'Remove profile picture' })).toHaveCount(0);
    await expect(headerAvatar(page)).toHaveText('AO');

    await expect(input).toBeEnabled();
    await input.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG_1X1 });
    await expect(main(page).getByRole('button', { name: 'Remove profile picture' })).toBeVisible();
    await expect(headerAvatar(page).locator('img')).toHaveAttribute('src', /\/media\/uploads\//);
    expect(refused).toBe(2);
  });

  test("a file the browser cannot read says 'Error reading file' and sends nothing", async ({ page, student }) => {
    // As when the file was removed or its permissions changed after it was picked.
    await page.addInitScript(() => {
      FileReader.prototype.readAsDataURL = function (this: FileReader) {
        setTimeout(() => {
          this.onerror?.(new ProgressEvent('error') as ProgressEvent<FileReader>);
        });
      };
    });
    await openSettings(page, student);
    await profileLoaded(page);
    let initiated = 0;
    page.on('request', (request) => {
      if (request.url().includes('initiate-upload')) initiated++;
    });
    const input = main(page).getByLabel('Upload profile picture');
    await input.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG_1X1 });
    await expect(toast(page, /^Error reading file$/)).toBeVisible();
    await expect(input).toBeEnabled();
    expect(initiated).toBe(0);
  });

  test('a picture over 5 MB and a picture of another type are refused before any call', async ({ page, student }) => {
    await openSettings(page, student);
    await profileLoaded(page);
    let initiated = 0;
    page.on('request', (request) => {
      if (request.url().includes('initiate-upload')) initiated++;
    });
    const input = main(page).getByLabel('Upload profile picture');
    await input.setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: Buffer.alloc(5_242_881) });
    await expect(toast(page, 'This file size of 6mb cannot be uploaded')).toBeVisible();
    await input.setInputFiles({ name: 'dance.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
    await expect(toast(page, 'Only .jpeg, .jpg and .png images can be uploaded')).toBeVisible();
    await input.setInputFiles({
      name: 'logo.svg',
      mimeType: 'image/svg+xml',
      buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
    });
    await expect(toast(page, 'Only .jpeg, .jpg and .png images can be uploaded')).toHaveCount(2);
    expect(initiated).toBe(0);
    await expect(input).toHaveAttribute('accept', '.jpeg,.jpg,.png');
  });

  test('the profile saves the home address and phone, read-only names and e-mail, and keeps them after a reload', async ({
    page,
    student,
  }) => {
    await openSettings(page, student);
    await profileLoaded(page);
    await expect(main(page).getByLabel('First name')).toHaveValue('Ada');
    await expect(main(page).getByLabel('First name')).not.toBeEditable();
    await expect(main(page).getByLabel('Last name')).not.toBeEditable();
    await expect(main(page).getByLabel('Email address')).toHaveValue(student.email);
    await expect(main(page).getByLabel('Email address')).not.toBeEditable();

    const save = main(page).getByRole('button', { name: 'Save Changes' });
    await expect(save).toBeDisabled();
    const address = main(page).getByLabel('Home address');
    await address.focus();
    await address.blur();
    await expect(main(page).getByText('Home address is required')).toBeVisible();
    await address.fill('7 Awolowo Road, Ikoyi');
    await main(page).getByLabel('Phone number').fill('0803 123 4567');
    await expect(save).toBeEnabled();
    await save.click();
    await expect(toast(page, 'Your profile has been updated.')).toBeVisible();

    await page.reload();
    await waitForIslands(page);
    await expect(main(page).getByLabel('Home address')).toHaveValue('7 Awolowo Road, Ikoyi');
    await expect(main(page).getByLabel('Phone number')).toHaveValue('803 123 4567');
  });

  test('a student with no home address saves a picture on its own, and what the form holds stays as typed', async ({ page, student }) => {
    await openSettings(page, student);
    await profileLoaded(page);
    await expect(main(page).getByLabel('Home address')).toHaveValue('');
    // Half a form: an unfinished phone, no address. The picture does not wait for either.
    await main(page).getByLabel('Phone number').fill('0803');
    await main(page).getByLabel('Upload profile picture').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG_1X1 });
    const clear = main(page).getByRole('button', { name: 'Remove profile picture' });
    await expect(clear.locator('img')).toHaveAttribute('src', /\/media\/uploads\//);
    await expect(headerAvatar(page).locator('img')).toHaveAttribute('src', /\/media\/uploads\//);
    await expect(toast(page, 'Home address is required')).toHaveCount(0);
    await expect(main(page).getByLabel('Phone number')).toHaveValue('0803');
    await expect(main(page).getByLabel('Home address')).toHaveValue('');

    await page.reload();
    await waitForIslands(page);
    await expect(main(page).getByRole('button', { name: 'Remove profile picture' }).locator('img')).toHaveAttribute(
      'src',
      /\/media\/uploads\//,
    );
    await expect(main(page).getByLabel('Home address')).toHaveValue('');
  });

  test("the profile form's library comes when a person reaches for a field, not with the page; what is typed meanwhile, and Enter, are kept", async ({
    page,
    student,
  }) => {
    // The live form's code, held until released: a slow phone still fetching it as the student types.
    const liveForm = /\/_astro\/ProfileFields\.[\w-]+\.js$/;
    const { fetched, release } = await holdRequests(page, liveForm);
    await openSettings(page, student);
    await profileLoaded(page);
    await page.waitForLoadState('networkidle');
    expect(fetched, 'fetched with the page').toEqual([]);

    const address = main(page).getByLabel('Home address');
    await address.click();
    await page.keyboard.type('7 Awolowo Road, Ikoyi');
    await expect.poll(() => fetched.length).toBe(1);
    await page.keyboard.press('Enter');
    release();
    await expect(toast(page, 'Your profile has been updated.')).toBeVisible();
    await expect(address).toHaveValue('7 Awolowo Road, Ikoyi');
    await expect(address).toBeFocused();
    await page.reload();
    await waitForIslands(page);
    await expect(main(page).getByLabel('Home address')).toHaveValue('7 Awolowo Road, Ikoyi');
  });

  test('a field left before the live form came says its message once it has', async ({ page, student }) => {
    const { release } = await holdRequests(page, /\/_astro\/ProfileFields\.[\w-]+\.js$/);
    await openSettings(page, student);
    await profileLoaded(page);
    const address = main(page).getByLabel('Home address');
    await address.focus();
    await main(page).getByLabel('Phone number').focus();
    await page.keyboard.type('0803');
    release();
    await expect(main(page).getByText('Home address is required')).toBeVisible();
    await expect(main(page).getByLabel('Phone number')).toHaveValue('0803');
    await expect(main(page).getByLabel('Phone number')).toBeFocused();
    await expect(main(page).getByRole('button', { name: 'Save Changes' })).toBeDisabled();
  });

  test('a saved phone shows once, as the national number after the +234, after saving and after a reload', async ({ page, student }) => {
    await openSettings(page, student);
    await profileLoaded(page);
    const phone = main(page).getByLabel('Phone number');
    await main(page).getByLabel('Home address').fill('7 Awolowo Road, Ikoyi');
    await phone.fill('+234 809 555 1234');
    await main(page).getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'Your profile has been updated.')).toBeVisible();
    await expect(phone).toHaveValue('809 555 1234');
    await page.reload();
    await waitForIslands(page);
    await expect(phone).toHaveValue('809 555 1234');

    // Typed with the trunk 0, it comes back the same way; sent with Enter, the field keeps the focus.
    await phone.fill('08031234567');
    await main(page).getByRole('button', { name: 'Save Changes' }).click();
    await expect(phone).toHaveValue('803 123 4567');
    await phone.fill('0809 555 1234');
    await phone.press('Enter');
    await expect(phone).toHaveValue('809 555 1234');
    await expect(phone).toBeFocused();
  });

  test('clicking the picture clears it at once, and Undo in the toast brings the same picture back, after a reload too', async ({
    page,
    student,
  }) => {
    await openSettings(page, student);
    await profileLoaded(page);
    await main(page).getByLabel('Upload profile picture').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG_1X1 });
    const clear = main(page).getByRole('button', { name: 'Remove profile picture' });
    await expect(clear.locator('img')).toHaveAttribute('src', /\/media\/uploads\//);
    const picture = (await clear.locator('img').getAttribute('src'))!;

    await clear.click();
    const removed = toast(page, 'Your profile picture has been removed.');
    await expect(removed).toBeVisible();
    await expect(clear).toHaveCount(0);
    await expect(headerAvatar(page)).toHaveText('AO');
    await removed.getByRole('button', { name: 'Undo' }).click();
    await expect(clear.locator('img')).toHaveAttribute('src', picture);
    await expect(headerAvatar(page).locator('img')).toHaveAttribute('src', picture);
    await expect(removed).toHaveCount(0);

    await page.reload();
    await waitForIslands(page);
    await expect(clear.locator('img')).toHaveAttribute('src', picture);

    // Not undone, the removal holds at once: a reload while the toast is still up finds no picture.
    await clear.click();
    await expect(toast(page, 'Your profile picture has been removed.')).toBeVisible();
    await page.reload();
    await waitForIslands(page);
    await profileLoaded(page);
    await expect(clear).toHaveCount(0);
    await expect(headerAvatar(page)).toHaveText('AO');
  });

  test('from the keyboard, clearing the picture puts the focus on Undo, and Undo gives it back to the upload control', async ({
    page,
    student,
  }) => {
    await page.clock.install();
    await openSettings(page, student);
    await profileLoaded(page);
    await main(page).getByLabel('Upload profile picture').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG_1X1 });
    const clear = main(page).getByRole('button', { name: 'Remove profile picture' });
    await expect(clear.locator('img')).toHaveAttribute('src', /\/media\/uploads\//);
    const picture = (await clear.locator('img').getAttribute('src'))!;
    await clear.focus();
    await page.keyboard.press('Enter');
    const undo = toast(page, 'Your profile picture has been removed.').getByRole('button', { name: 'Undo' });
    await expect(undo).toBeFocused();
    await expectNoAxeViolations(page);
    // Held while it has the focus: still there after its 5 seconds.
    await page.clock.runFor(6000);
    await expect(undo).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(main(page).getByLabel('Upload profile picture')).toBeFocused();
    await expect(clear.locator('img')).toHaveAttribute('src', picture);
  });

  test('an Undo after another tab chose a new picture keeps that one, and says why', async ({ page, context, student }) => {
    await openSettings(page, student);
    await profileLoaded(page);
    const upload = (tab: Page) =>
      main(tab).getByLabel('Upload profile picture').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG_1X1 });
    const clear = (tab: Page) => main(tab).getByRole('button', { name: 'Remove profile picture' });
    await upload(page);
    await expect(clear(page).locator('img')).toHaveAttribute('src', /\/media\/uploads\//);
    const first = (await clear(page).locator('img').getAttribute('src'))!;
    await clear(page).click();
    const removed = toast(page, 'Your profile picture has been removed.');
    await expect(removed).toBeVisible();
    // Held while the pointer is on it, however long the other tab takes.
    await removed.getByRole('button', { name: 'Undo' }).hover();

    const other = await context.newPage();
    await other.goto('/dashboard/settings');
    await waitForIslands(other);
    await profileLoaded(other);
    await upload(other);
    await expect(clear(other).locator('img')).toHaveAttribute('src', /\/media\/uploads\//);
    const second = (await clear(other).locator('img').getAttribute('src'))!;
    expect(second).not.toBe(first);

    await page.bringToFront();
    await removed.getByRole('button', { name: 'Undo' }).click();
    await expect(toast(page, 'Your profile picture has been changed elsewhere. Reload the page to see it.')).toBeVisible();
    await page.reload();
    await waitForIslands(page);
    await expect(clear(page).locator('img')).toHaveAttribute('src', second);
  });

  test('changing the password ends the session, lands on login after about a second, and the new password works', async ({
    page,
    student,
  }) => {
    await openSettings(page, student, '?tab=ChangePassword');
    const form = panel(page);
    const save = form.getByRole('button', { name: 'Save Changes' });
    await expect(save).toBeDisabled();
    await expect(form.getByRole('link', { name: 'Forgot your Password? Reset here' })).toHaveAttribute('href', '/auth/reset-password');
    const hint = form.getByText('Minimum of 8 characters including one alphabet and one number.');
    await expect(hint).toBeVisible();

    const newPassword = 'Adire-Kente42';
    await form.getByLabel('Old Password').fill(student.password);
    await form.getByLabel('New Password', { exact: true }).fill(`  ${newPassword} `);
    await form.getByLabel('New Password', { exact: true }).blur();
    await expect(hint.locator('svg')).toBeVisible();
    await form.getByLabel('Confirm New Password').fill(newPassword);
    await expect(save).toBeEnabled();

    let body: unknown;
    await page.route('**/api/v1/user/auth/student/password', async (route) => {
      body = route.request().postDataJSON();
      await route.continue();
    });
    const answer = page.waitForResponse('**/api/v1/user/auth/student/password');
    await save.click();
    expect((await answer).status()).toBe(200);
    expect(body).toEqual({ currentPassword: student.password, password: newPassword });
    const answered = Date.now();
    await expect(save).toHaveAttribute('aria-busy', 'true');
    await page.waitForURL(/\/auth\/login$/);
    expect(Date.now() - answered).toBeGreaterThanOrEqual(900);
    expect(await page.evaluate((key) => localStorage.getItem(key), SESSION_KEY)).toBeNull();

    await waitForIslands(page);
    await expect(main(page).getByText('Your password has been changed. Log in with your new password.')).toBeVisible();
    await expect(main(page).getByLabel('Email address')).toHaveValue(student.email);
    await main(page).getByLabel('Password', { exact: true }).fill(newPassword);
    await main(page).getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/auth/login'));
    expect(await page.evaluate((key) => localStorage.getItem(key), SESSION_KEY)).not.toBeNull();
  });

  test('the password form comes only when a person reaches for it; what is typed before it is live stays and is checked', async ({
    page,
    student,
  }) => {
    // Its island's code held back, as on a slow phone.
    const island = /\/_astro\/ChangePasswordForm\.[\w-]+\.js$/;
    const { fetched, release } = await holdRequests(page, island);
    await openSettings(page, student, '?tab=ChangePassword');
    await page.waitForLoadState('networkidle');
    expect(fetched, 'fetched with the page').toEqual([]);

    const form = panel(page);
    await form.getByLabel('Old Password').click();
    await page.keyboard.type(student.password);
    await form.getByLabel('New Password', { exact: true }).focus();
    await page.keyboard.type('Adire-Kente42');
    await form.getByLabel('Confirm New Password').focus();
    await page.keyboard.type('Adire-Kente4');
    expect(fetched).toHaveLength(1);
    release();
    await expect(form.locator('form[data-ready]')).toHaveCount(1);
    await expect(form.getByLabel('Old Password')).toHaveValue(student.password);
    await expect(form.getByLabel('New Password', { exact: true })).toHaveValue('Adire-Kente42');
    await expect(form.getByLabel('Confirm New Password')).toHaveValue('Adire-Kente4');
    await expect(form.getByLabel('Confirm New Password')).toBeFocused();
    await expect(form.getByRole('button', { name: 'Save Changes' })).toBeDisabled();
    await page.keyboard.type('2');
    await expect(form.getByRole('button', { name: 'Save Changes' })).toBeEnabled();
  });

  for (const viewport of [
    { name: 'phone', width: 320, height: 640 },
    { name: 'desktop', width: 1280, height: 800 },
  ]) {
    test(`axe finds nothing on any tab (${viewport.name})`, async ({ page, student }) => {
      await page.setViewportSize(viewport);
      for (const name of ['UserProfile', 'ChangePassword', 'ViewNotification']) {
        await openSettings(page, student, `?tab=${name}`);
        if (name === 'UserProfile') await profileLoaded(page);
        await expect(main(page).getByRole('tabpanel')).toBeVisible();
        // The panel fades in: contrast is measured once it has.
        await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
        await expectNoAxeViolations(page);
      }
    });
  }
});
