// axe on every auth page and the dashboard, in each state a person meets (empty, messages shown,
// sending), on a 320 px phone and on a desktop: WCAG 2.2 AA, 0 violations.
import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, fillDateOfBirth, holdAnswers, leaveFields, signIn, test, waitForIslands } from './fixtures.ts';

const main = (page: Page) => page.getByRole('main');

async function expectSending(page: Page, button: string) {
  await main(page).getByRole('button', { name: button }).click();
  await expect(main(page).getByRole('button', { name: button })).toHaveAttribute('aria-busy', 'true');
  await expectNoAxeViolations(page);
}

const REFUSED = { status: 400, json: { message: 'Invalid or expired code', errors: { otp: ['Invalid or expired code'] } } };

for (const viewport of [
  { name: 'phone', width: 320, height: 640 },
  { name: 'desktop', width: 1280, height: 900 },
]) {
  test.describe(`auth pages on a ${viewport.name}`, () => {
    // Three or four axe runs and a dozen fields each: on a host three times slower than this one,
    // 30 s was not enough (KYC took 23 s here).
    test.describe.configure({ timeout: 60_000 });
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('login: empty, messages, sending', async ({ page }) => {
      await page.goto('/auth/login');
      await waitForIslands(page);
      await expectNoAxeViolations(page);
      await main(page).getByLabel('Email address').fill('not-an-address');
      await leaveFields(page, ['Email address', 'Password']);
      await expect(main(page).getByText('Email must be valid')).toBeVisible();
      await expectNoAxeViolations(page);
      const release = await holdAnswers(page, 'user/auth/student/login', { status: 401, json: { message: 'Invalid email or password' } });
      await main(page).getByLabel('Email address').fill('ada@example.com');
      await main(page).getByLabel('Password', { exact: true }).fill('Indigo-Lagos7');
      await expectSending(page, 'Log in');
      release();
    });

    test('signup: empty, messages, sending', async ({ page }) => {
      await page.goto('/auth/signup');
      await waitForIslands(page);
      await expectNoAxeViolations(page);
      await leaveFields(page, ['First name', 'Last name', 'Email address', 'Phone number', 'Password', 'Confirm password']);
      await expect(main(page).getByText('Confirm Password is required')).toBeVisible();
      await expectNoAxeViolations(page);
      const release = await holdAnswers(page, 'user/auth/student/signup', {
        status: 201,
        json: { message: 'ok', data: { email: 'a@b.co' } },
      });
      const form = main(page);
      await form.getByLabel('First name').fill('Ada');
      await form.getByLabel('Last name').fill('Obi');
      await form.getByLabel('Email address').fill('ada@example.com');
      await form.getByLabel('Phone number').fill('08031234567');
      await form.getByLabel('Password', { exact: true }).fill('Indigo-Lagos7');
      await form.getByLabel('Confirm password').fill('Indigo-Lagos7');
      await expectSending(page, 'Sign up');
      release();
    });

    test('code page: empty, a refused code, sending', async ({ page }) => {
      await page.goto('/auth/otp-verification?email=ada%40example.com');
      await waitForIslands(page);
      await expect(main(page).getByRole('textbox', { name: 'Digit 1 of 6' })).toBeFocused();
      await expectNoAxeViolations(page);
      const release = await holdAnswers(page, 'user/auth/student/verify-account', REFUSED);
      await page.keyboard.type('123456');
      await expectSending(page, 'Verify');
      release();
      await expect(main(page).getByText('Invalid or expired code')).toBeVisible();
      await expectNoAxeViolations(page);
    });

    test('forgot password: empty, messages, sending', async ({ page }) => {
      await page.goto('/auth/forgot-password');
      await waitForIslands(page);
      await expectNoAxeViolations(page);
      await leaveFields(page, ['Email address']);
      await expect(main(page).getByText('Email is required')).toBeVisible();
      await expectNoAxeViolations(page);
      const release = await holdAnswers(page, 'user/auth/student/forgot-password', { status: 200, json: { message: 'ok', data: null } });
      await main(page).getByLabel('Email address').fill('ada@example.com');
      await expectSending(page, 'Send reset code');
      release();
    });

    test('reset password: empty, messages, sending', async ({ page }) => {
      await page.goto('/auth/reset-password?email=ada%40example.com');
      await waitForIslands(page);
      await expect(main(page).getByRole('textbox', { name: 'Digit 1 of 6' })).toBeFocused();
      await expectNoAxeViolations(page);
      await page.keyboard.type('12');
      await leaveFields(page, ['New password', 'Confirm password']);
      await expect(main(page).getByText('Enter the 6-digit code')).toBeVisible();
      await expectNoAxeViolations(page);
      const release = await holdAnswers(page, 'user/auth/student/reset-password', REFUSED);
      await main(page).getByRole('textbox', { name: 'Digit 3 of 6' }).focus();
      await page.keyboard.type('3456');
      await main(page).getByLabel('New password', { exact: true }).fill('Indigo-Lagos7');
      await main(page).getByLabel('Confirm password', { exact: true }).fill('Indigo-Lagos7');
      await expectSending(page, 'Reset password');
      release();
    });

    test('KYC: empty, messages, an open list, sending', async ({ page, student }) => {
      await signIn(page, student);
      await page.goto('/auth/signup/complete-kyc');
      await waitForIslands(page);
      await expectNoAxeViolations(page);
      await leaveFields(page, ['Gender', 'Day', 'Month', 'Year', 'State']);
      await expect(main(page).getByText('State is required')).toBeVisible();
      await expectNoAxeViolations(page);
      await main(page).getByRole('combobox', { name: 'State' }).click();
      await expect(main(page).getByRole('listbox')).toBeVisible();
      await expectNoAxeViolations(page);
      await page.keyboard.press('Escape');
      const release = await holdAnswers(page, 'user/auth/student/kyc', { status: 200, json: { message: 'ok', data: student.user } });
      await main(page).getByRole('combobox', { name: 'Gender' }).click();
      await main(page).getByRole('option', { name: 'Female' }).click();
      await fillDateOfBirth(page, '2000-01-02');
      await main(page).getByRole('combobox', { name: 'State' }).click();
      await main(page).getByRole('option', { name: 'Lagos' }).click();
      await expectSending(page, 'Continue');
      release();
    });

    test('e-mail link: the password step, sending, then a link that no longer works', async ({ page }) => {
      const release = await holdAnswers(page, 'user/auth/student/verify-email-link', {
        status: 400,
        json: { message: 'This link has been used or has expired', errors: { token: ['This link has been used or has expired'] } },
      });
      await page.goto(`/auth/email-verification?email=ada%40example.com&token=${'A'.repeat(43)}`);
      await expect(main(page).getByLabel('Password', { exact: true })).toBeVisible();
      await expectNoAxeViolations(page);
      await main(page).getByLabel('Password', { exact: true }).fill('Indigo-Lagos7');
      await expectSending(page, 'Confirm and continue');
      release();
      await expect(main(page).getByRole('link', { name: 'Enter the code' })).toBeVisible();
      await expectNoAxeViolations(page);
    });

    test('the success pages and logout, before they move on', async ({ page }) => {
      // Where they move on to answers 204 No Content, which leaves the page where it is for axe.
      await page.route(/\/(dashboard|auth\/login)$/, (route) => route.fulfill({ status: 204 }));
      for (const path of ['/auth/signup/successful', '/auth/reset-password/successful']) {
        await page.goto(path);
        await page.waitForTimeout(1600);
        await expectNoAxeViolations(page);
        await expect(page).toHaveURL(new RegExp(`${path}$`));
      }
      const release = await holdAnswers(page, 'user/auth/student/logout', { status: 200, json: { message: 'ok', data: null } });
      await page.goto('/auth/logout');
      await expect(main(page).getByRole('heading', { name: 'Logging you out' })).toBeVisible();
      await expect(main(page).getByRole('status')).toHaveText('One moment…');
      await expectNoAxeViolations(page);
      release();
    });

    test('the dashboard, signed in', async ({ page, student }) => {
      await signIn(page, student);
      await page.goto('/dashboard');
      await expect(main(page).getByRole('heading', { level: 1 })).toHaveText(`Welcome, ${student.user.first_name}`);
      await expectNoAxeViolations(page);
    });
  });
}
