// The account journeys in Chromium (docs/product.md#auth-flows): sign-up with the code read from the
// mail, KYC, login and logout, wrong and pasted codes, the resend countdown across a reload, the
// password reset, idle logout, a deactivated account and the way back after signing in.
import { SESSION_KEY } from '#lib/session-key.ts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import {
  type Api,
  codeIn,
  expect,
  fillDateOfBirth,
  fillKyc,
  fillSignup,
  signIn,
  STUDENT_PASSWORD,
  test,
  waitForIslands,
} from './fixtures.ts';

const main = (page: Page) => page.getByRole('main');
const codeBoxes = (page: Page) => main(page).getByRole('textbox', { name: /^Digit \d of 6$/ });
const toast = (page: Page, text: string | RegExp) => page.getByRole('status').or(page.getByRole('alert')).filter({ hasText: text });

async function logInWith(page: Page, email: string, password: string) {
  await waitForIslands(page);
  await main(page).getByLabel('Email address').fill(email);
  await main(page).getByLabel('Password', { exact: true }).fill(password);
  await main(page).getByRole('button', { name: 'Log in' }).click();
}

/** Sign-up through the form, on to the code page, ready for input. */
async function signUpToCodePage(page: Page, email: string) {
  await page.goto('/auth/signup');
  await waitForIslands(page);
  await fillSignup(page, email);
  await main(page).getByRole('button', { name: 'Sign up' }).click();
  await page.waitForURL('**/auth/otp-verification');
  await waitForIslands(page);
}

/** The scripts the page fetches, as they are asked for. */
function watchScripts(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => request.resourceType() === 'script' && scripts.push(request.url()));
  return scripts;
}

/** Errors the page reports (a hydration that found another page than it drew would). */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  return errors;
}

const uniqueEmail = (label: string) => `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

test.describe('sign-up', () => {
  test('signup -> code from the mail -> KYC by keyboard and mouse -> success -> dashboard', async ({ page, outbox }) => {
    const email = uniqueEmail('journey');
    await page.goto('/auth/signup');
    await waitForIslands(page);
    await expect(main(page).getByLabel('Home address (Optional)')).toBeVisible();
    await expect(main(page).getByText('Minimum of 8 characters including one alphabet and one number.')).toBeVisible();
    await fillSignup(page, email);
    await main(page).getByRole('button', { name: 'Sign up' }).click();

    await page.waitForURL('**/auth/otp-verification');
    await waitForIslands(page);
    // The code page knows the address and puts the cursor in the first box.
    await expect(main(page).getByLabel('Email address')).toHaveValue(email);
    await expect(codeBoxes(page).first()).toBeFocused();
    const code = codeIn(await outbox.newestTo(email));
    await page.keyboard.type(code);
    await expect(codeBoxes(page).last()).toHaveValue(code[5]!);
    await main(page).getByRole('button', { name: 'Verify' }).click();

    await page.waitForURL('**/auth/signup/complete-kyc');
    await waitForIslands(page);
    // Signed in: the header shows it at once.
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My courses' })).toBeVisible();

    const submit = main(page).getByRole('button', { name: 'Continue' });
    await expect(submit).toBeDisabled();
    // Gender by keyboard: focus, open with ArrowDown, move, choose with Enter.
    const gender = main(page).getByRole('combobox', { name: 'Gender' });
    await gender.focus();
    await page.keyboard.press('ArrowDown');
    await expect(main(page).getByRole('listbox')).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(gender).toHaveText(/Male/);
    await fillDateOfBirth(page, '2001-03-14');
    // State by mouse.
    await main(page).getByRole('combobox', { name: 'State' }).click();
    await main(page).getByRole('option', { name: 'FCT - Abuja' }).click();
    await expect(main(page).getByRole('combobox', { name: 'State' })).toHaveText(/FCT - Abuja/);
    await submit.click();

    await page.waitForURL('**/auth/signup/successful');
    await expect(main(page).getByRole('heading', { level: 1 })).toHaveText('Your account is ready');
    await page.waitForURL('**/dashboard');
    await expect(main(page).getByRole('heading', { level: 1 })).toHaveText('Welcome, Ngozi');
  });

  test('KYC refuses what is missing with each field message', async ({ page, student }) => {
    await signIn(page, student);
    await page.goto('/auth/signup/complete-kyc');
    await waitForIslands(page);
    await main(page).getByRole('combobox', { name: 'Gender' }).focus();
    await page.keyboard.press('Tab');
    await expect(main(page).getByText('Gender is required')).toBeVisible();
    // Moving between the date's parts is not leaving it; leaving the last one is.
    const dob = main(page).getByRole('group', { name: 'Date of birth' });
    await dob.getByLabel('Day').focus();
    await page.keyboard.press('Tab');
    await expect(dob.getByLabel('Month')).toBeFocused();
    await expect(main(page).getByText('DOB is required')).toBeHidden();
    await dob.getByLabel('Year').focus();
    await page.keyboard.press('Tab');
    await expect(main(page).getByText('DOB is required')).toBeVisible();
  });

  test('the date of birth is day, month by name and year, echoed in words; a day that does not exist or is to come is refused', async ({
    page,
    student,
  }) => {
    await signIn(page, student);
    await page.goto('/auth/signup/complete-kyc');
    await waitForIslands(page);
    const dob = main(page).getByRole('group', { name: 'Date of birth' });
    // Day first, as Nigerian students write it: 14 May 2000 is 14 May 2000.
    await fillDateOfBirth(page, '2000-05-14');
    await expect(dob.getByText('You were born on Sunday, 14 May 2000.')).toBeVisible();
    await dob.getByLabel('Day').fill('31');
    await dob.getByLabel('Month').selectOption({ label: 'April' });
    await dob.getByLabel('Year').focus();
    await page.keyboard.press('Tab');
    await expect(dob.getByText(/You were born on/)).toBeHidden();
    await expect(main(page).getByText('Date of birth must be a day that exists')).toBeVisible();
    const nextYear = String(new Date().getFullYear() + 1);
    await fillDateOfBirth(page, `${nextYear}-01-01`);
    await expect(main(page).getByText('Date of birth cannot be in the future')).toBeVisible();
    await expect(main(page).getByRole('button', { name: 'Continue' })).toBeDisabled();
  });

  test('beside the spec hint for passwords, the rules actually enforced tick as they are met', async ({ page }) => {
    await page.goto('/auth/signup');
    await waitForIslands(page);
    await expect(main(page).getByText('Minimum of 8 characters including one alphabet and one number.')).toBeVisible();
    const rules = main(page).getByRole('list').filter({ hasText: '8 to 50 characters' });
    const rule = (text: string) => rules.getByRole('listitem').filter({ hasText: text });
    const password = main(page).getByLabel('Password', { exact: true });
    await password.fill('abcdefg');
    for (const text of ['8 to 50 characters', 'A capital letter', 'A number']) await expect(rule(text)).not.toHaveAttribute('data-met');
    await password.fill('abcdefg1');
    await expect(rule('8 to 50 characters')).toHaveAttribute('data-met');
    await expect(rule('A number')).toHaveAttribute('data-met');
    await expect(rule('A capital letter')).not.toHaveAttribute('data-met');
    await password.fill('Abcdefg1');
    await expect(rule('A capital letter')).toHaveAttribute('data-met');
    // The common-password rule is the server's: named, never ticked here.
    await expect(rule('Not a common password (checked when you send)')).not.toHaveAttribute('data-met');
    // Read out with the field, each rule with its state.
    await expect(password).toHaveAccessibleDescription(/8 to 50 characters\s*, met.*A capital letter\s*, met.*A number\s*, met/);
  });

  test('a taken address stays on the form with the server message', async ({ page, student }) => {
    await page.goto('/auth/signup');
    await waitForIslands(page);
    await fillSignup(page, student.email);
    await main(page).getByRole('button', { name: 'Sign up' }).click();
    // Said as a toast and under the e-mail field.
    await expect(toast(page, 'An account with this email already exists')).toBeVisible();
    await expect(main(page).getByText('An account with this email already exists')).toBeVisible();
    await expect(page).toHaveURL(/\/auth\/signup$/);
    await expect(main(page).getByLabel('First name')).toHaveValue('Ngozi');
  });

  test('confirm password must repeat the password', async ({ page }) => {
    await page.goto('/auth/signup');
    await waitForIslands(page);
    const confirm = main(page).getByLabel('Confirm password');
    await confirm.focus();
    await page.keyboard.press('Tab');
    await expect(main(page).getByText('Confirm Password is required')).toBeVisible();
    await main(page).getByLabel('Password', { exact: true }).fill(STUDENT_PASSWORD);
    await confirm.fill('Indigo-Lagos8');
    await confirm.blur();
    await expect(main(page).getByText('Passwords must match')).toBeVisible();
    await confirm.fill(STUDENT_PASSWORD);
    await expect(main(page).getByText('Passwords must match')).toBeHidden();
  });
});

/** Signs `email` up through the API, as another browser would; the code page is then opened by address. */
async function signUpThroughApi(api: Api, email: string) {
  const answer = await api.post('user/auth/student/signup', {
    first_name: 'Tunde',
    last_name: 'Bello',
    email,
    password: STUDENT_PASSWORD,
  });
  expect(answer.status).toBe(201);
}

test.describe('the code page', () => {
  test('the address, the cursor and the resend countdown show at load without React; the form takes them over when a person types', async ({
    page,
  }) => {
    const email = uniqueEmail('at-load');
    const scripts = watchScripts(page);
    const errors = watchErrors(page);
    // A code went to this address 20 s ago (what the sign-up leaves in this browser).
    await page.addInitScript((address) => {
      localStorage.setItem('adire.otp-time-sent', JSON.stringify({ verify: { email: address, at: Date.now() - 20_000 } }));
    }, email);
    await page.goto('/auth/otp-verification');
    const resend = main(page).getByRole('button', { name: 'Resend code' });
    await expect(main(page).getByLabel('Email address')).toHaveValue(email);
    await expect(main(page).getByLabel('Email address')).toHaveAttribute('readonly');
    await expect(codeBoxes(page).first()).toBeFocused();
    await expect(resend).toBeDisabled();
    const wait = main(page).getByTestId('resend-wait');
    await expect(wait).toContainText(/in 0:[34]\d/);
    // It counts down before the form is live.
    const shown = (await wait.textContent())!;
    await expect(wait).not.toHaveText(shown);
    await expect(main(page).locator('form.form[data-ready]')).toHaveCount(0);
    expect(scripts.filter((url) => url.includes('react-runtime'))).toEqual([]);

    await page.keyboard.type('1');
    await expect(main(page).locator('form.form[data-ready]')).toHaveCount(1);
    await expect(codeBoxes(page).first()).toHaveValue('1');
    await expect(codeBoxes(page).nth(1)).toBeFocused();
    await expect(main(page).getByLabel('Email address')).toHaveValue(email);
    await expect(resend).toBeDisabled();
    await expect(wait).toContainText(/in 0:[23]\d/);
    // Hydrating found the page as the script drew it: no mismatch, nothing redrawn.
    expect(errors).toEqual([]);
  });

  test('a wrong code stays here with the message; the right one goes on', async ({ page, api, outbox }) => {
    const email = uniqueEmail('wrong');
    await signUpThroughApi(api, email);
    const code = codeIn(await outbox.newestTo(email));
    await page.goto(`/auth/otp-verification?email=${encodeURIComponent(email)}`);
    await waitForIslands(page);
    const wrong = code.replace(/^./, (digit) => String((Number(digit) + 1) % 10));
    await expect(codeBoxes(page).first()).toBeFocused();
    await page.keyboard.type(wrong);
    await main(page).getByRole('button', { name: 'Verify' }).click();
    await expect(main(page).getByText('Invalid or expired code')).toBeVisible();
    await expect(page).toHaveURL(/\/auth\/otp-verification/);

    // Backspace walks back through the boxes, emptying them.
    await codeBoxes(page).last().focus();
    for (let i = 0; i < 7; i++) await page.keyboard.press('Backspace');
    await expect(codeBoxes(page).first()).toBeFocused();
    for (const box of await codeBoxes(page).all()) await expect(box).toHaveValue('');
    await page.keyboard.type(code);
    await main(page).getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL('**/auth/signup/complete-kyc');
  });

  test('a pasted code fills every box', async ({ page, api, outbox }) => {
    const email = uniqueEmail('paste');
    await signUpThroughApi(api, email);
    const code = codeIn(await outbox.newestTo(email));
    await page.goto(`/auth/otp-verification?email=${encodeURIComponent(email)}`);
    await waitForIslands(page);
    await codeBoxes(page).nth(2).focus();
    await page.evaluate(
      (text) => {
        const data = new DataTransfer();
        data.setData('text/plain', text);
        document.activeElement!.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
      },
      `${code.slice(0, 3)} ${code.slice(3)}`,
    );
    const boxes = await codeBoxes(page).all();
    for (const [index, box] of boxes.entries()) await expect(box).toHaveValue(code[index]!);
    await expect(main(page).getByRole('button', { name: 'Verify' })).toBeEnabled();
  });

  test('the resend countdown survives a reload and frees the link when it ends', async ({ page, outbox }) => {
    await page.clock.install();
    const email = uniqueEmail('resend');
    await signUpToCodePage(page, email);
    await outbox.newestTo(email);

    const resend = main(page).getByRole('button', { name: 'Resend code' });
    const wait = main(page).getByTestId('resend-wait');
    await expect(resend).toBeDisabled();
    await expect(wait).toContainText(/in (0:5\d|1:00)/);
    await page.clock.fastForward(20_000);
    await page.reload();
    await waitForIslands(page);
    // Still waiting after the reload, from where it was ('OTP time sent' is kept): about 40 s left.
    await expect(resend).toBeDisabled();
    await expect(wait).toContainText(/in 0:(3\d|40)/);
    await page.clock.fastForward(41_000);
    await expect(resend).toBeEnabled();
    await expect(wait).toBeHidden();
    // The page's clock was moved, the server's was not: it still holds to one code a minute, and says so.
    await resend.click();
    await expect(toast(page, /Too many requests, please try again in \d+ seconds?\./)).toBeVisible();
    expect(outbox.mails().filter((mail) => mail.to.includes(email))).toHaveLength(1);
  });

  test('after Resend code the old code and its message are gone, the first box has focus, and the page says where the code went', async ({
    page,
    outbox,
  }) => {
    await page.clock.install();
    const email = uniqueEmail('resent');
    await signUpToCodePage(page, email);
    const right = codeIn(await outbox.newestTo(email));
    const wrong = right === '000000' ? '111111' : '000000';
    await codeBoxes(page).first().fill(wrong);
    await main(page).getByRole('button', { name: 'Verify' }).click();
    await expect(main(page).getByText('Invalid or expired code')).toBeVisible();

    // The server sends one code a minute: its answer is held to this page's clock.
    await page.route('**/api/v1/user/auth/student/resend-otp', (route) =>
      route.fulfill({ status: 200, json: { message: 'If that address is waiting to be verified, a new code is on its way.', data: null } }),
    );
    await page.clock.fastForward(61_000);
    await main(page).getByRole('button', { name: 'Resend code' }).click();
    await expect(main(page).getByRole('status').filter({ hasText: 'We sent a new code' })).toHaveText(
      `We sent a new code to ${email[0]}…@example.com.`,
    );
    // One message: no hedged toast ('If that address is waiting…') beside the line that names it.
    await expect(page.locator('#toaster').getByText('If that address')).toHaveCount(0);
    await expect(page.getByText('a new code is on its way')).toHaveCount(0);
    for (const box of await codeBoxes(page).all()) await expect(box).toHaveValue('');
    await expect(main(page).getByText('Invalid or expired code')).toBeHidden();
    await expect(codeBoxes(page).first()).toBeFocused();
    await page.screenshot({ path: test.info().outputPath('resent-code.png') });
  });

  test("the link in the mail signs in only with the account's password, and leaves no token in the address bar", async ({
    page,
    api,
    outbox,
  }) => {
    const email = uniqueEmail('link');
    await signUpThroughApi(api, email);
    const mail = await outbox.newestTo(email);
    const link = /https?:\/\/\S+\/auth\/email-verification\?\S+/.exec(mail.text)?.[0];
    expect(link, 'a verification link in the mail').toBeTruthy();
    const url = new URL(link!);
    expect(url.searchParams.get('token')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await page.goto(url.pathname + url.search);
    await waitForIslands(page);
    await expect(main(page).getByLabel('Email address')).toHaveValue(email);
    await expect(main(page).getByLabel('Email address')).toHaveAttribute('readonly');
    await expect(page).not.toHaveURL(/token=/);
    // A link someone else sent signs nobody in by being opened, nor with one click.
    await expect(main(page).getByRole('button', { name: /Continue as/ })).toHaveCount(0);
    expect(await page.evaluate((key) => localStorage.getItem(key), SESSION_KEY)).toBeNull();
    await main(page).getByLabel('Password', { exact: true }).fill('Not-The-Password1');
    await main(page).getByRole('button', { name: 'Confirm and continue' }).click();
    await expect(main(page).getByText('Invalid email or password').first()).toBeVisible();
    expect(await page.evaluate((key) => localStorage.getItem(key), SESSION_KEY)).toBeNull();
    await main(page).getByLabel('Password', { exact: true }).fill(STUDENT_PASSWORD);
    await main(page).getByRole('button', { name: 'Confirm and continue' }).click();
    await page.waitForURL('**/auth/signup/complete-kyc');
    expect(await page.evaluate((key) => localStorage.getItem(key), SESSION_KEY)).not.toBeNull();

    // Opened again, signed in with that address: confirmed already, go on.
    await page.goto(url.pathname + url.search);
    await waitForIslands(page);
    await expect(main(page).getByRole('status')).toContainText('Your e-mail address is already confirmed.');
    await main(page).getByRole('link', { name: 'Continue' }).click();
    await page.waitForURL('**/auth/signup/complete-kyc');
    // Opened in another browser: the link is used up; log in, or ask for a new code.
    const other = await page.context().browser()!.newPage();
    await other.goto(new URL(url.pathname + url.search, page.url()).href);
    await waitForIslands(other);
    await main(other).getByLabel('Password', { exact: true }).fill(STUDENT_PASSWORD);
    await main(other).getByRole('button', { name: 'Confirm and continue' }).click();
    await expect(main(other).getByRole('alert')).toContainText('This link has been used or has expired.');
    await expect(main(other).getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/auth/login');
    await expect(main(other).getByRole('link', { name: 'Enter the code' })).toBeVisible();
    await other.close();
  });
});

test("the mail's link opened in another browser keeps the course the student signed up from", async ({ page, outbox }) => {
  const checkout = '/courses/pattern-drafting-foundations/checkout';
  const email = uniqueEmail('other-browser');
  await page.goto(`/auth/signup?next=${encodeURIComponent(checkout)}`);
  await waitForIslands(page);
  await fillSignup(page, email);
  await main(page).getByRole('button', { name: 'Sign up' }).click();
  await page.waitForURL(`**/auth/otp-verification?next=${encodeURIComponent(checkout)}`);
  const link = new URL(/https?:\/\/\S+\/auth\/email-verification\?\S+/.exec((await outbox.newestTo(email)).text)![0]);
  expect(link.searchParams.get('next')).toBe(checkout);
  // Another browser (a phone's mail app opens links in its own) remembers nothing of the sign-up.
  const other = await page.context().browser()!.newPage();
  await other.goto(new URL(link.pathname + link.search, page.url()).href);
  await waitForIslands(other);
  await expect(other).not.toHaveURL(/token=|next=/);
  await main(other).getByLabel('Password', { exact: true }).fill(STUDENT_PASSWORD);
  await main(other).getByRole('button', { name: 'Confirm and continue' }).click();
  await other.waitForURL(`**/auth/signup/complete-kyc?next=${encodeURIComponent(checkout)}`);
  await waitForIslands(other);
  await fillKyc(other);
  await main(other).getByRole('button', { name: 'Continue' }).click();
  await other.waitForURL(`**${checkout}`);
  await other.close();
});

test.describe('the code page and the e-mail link in another tab', () => {
  test('verified by the link in another tab, the code page moves on to KYC as after the code', async ({ page, api, outbox }) => {
    const email = uniqueEmail('twotabs');
    const checkout = '/courses/pattern-drafting-foundations/checkout';
    await signUpThroughApi(api, email);
    const mail = await outbox.newestTo(email);
    await page.goto(`/auth/otp-verification?email=${encodeURIComponent(email)}&next=${encodeURIComponent(checkout)}`);
    await waitForIslands(page);
    await expect(main(page).getByRole('button', { name: 'Verify' })).toBeVisible();

    const link = new URL(/https?:\/\/\S+\/auth\/email-verification\?\S+/.exec(mail.text)![0]);
    const other = await page.context().newPage();
    await other.goto(link.pathname + link.search);
    await waitForIslands(other);
    await main(other).getByLabel('Password', { exact: true }).fill(STUDENT_PASSWORD);
    await main(other).getByRole('button', { name: 'Confirm and continue' }).click();
    await other.waitForURL('**/auth/signup/complete-kyc**');

    // The first tab did not wait for a code it no longer needs; the way back to the checkout is kept.
    await page.waitForURL(`**/auth/signup/complete-kyc?next=${encodeURIComponent(checkout)}`);
    await other.close();
  });

  test('a code page for another address stays put when someone else is signed in', async ({ page, api, student }) => {
    const email = uniqueEmail('notme');
    await signUpThroughApi(api, email);
    await signIn(page, student);
    await page.goto(`/auth/otp-verification?email=${encodeURIComponent(email)}`);
    await waitForIslands(page);
    await page.waitForTimeout(500);
    await expect(page).toHaveURL(/\/auth\/otp-verification/);
    await expect(main(page).getByRole('button', { name: 'Verify' })).toBeVisible();
  });
});

test.describe('the sign-up success page', () => {
  test('says the dashboard when it goes to the dashboard', async ({ page }) => {
    await page.clock.install();
    await page.goto('/auth/signup/successful');
    await waitForIslands(page);
    await expect(main(page).getByText('Welcome to Adire Fashion Academy. Taking you to your dashboard…')).toBeVisible();
    await expect(main(page).getByRole('link', { name: 'Go to my dashboard now' })).toHaveAttribute('href', '/dashboard');
  });

  test('says the checkout when it goes back to the checkout, and goes there', async ({ page }) => {
    const checkout = '/courses/fashion-design-fundamentals/checkout';
    await page.clock.install();
    await page.goto(`/auth/signup/successful?next=${encodeURIComponent(checkout)}`);
    await waitForIslands(page);
    await expect(main(page).locator('.auth-lead')).toHaveText('Welcome to Adire Fashion Academy. Taking you back to the checkout…');
    await expect(main(page).getByText(/dashboard/i)).toHaveCount(0);
    await expect(main(page).getByRole('link', { name: 'Go back to the checkout now' })).toHaveAttribute('href', checkout);
    await page.screenshot({ path: test.info().outputPath('signup-success-checkout.png') });
    await page.clock.runFor(1600);
    await page.waitForURL(`**${checkout}`);
  });
});

test.describe('login and logout', () => {
  test('log in, see the signed-in header everywhere, log out home', async ({ page, student }) => {
    await page.goto('/auth/login');
    await logInWith(page, student.email, student.password);
    // Not through KYC yet: that comes first.
    await page.waitForURL('**/auth/signup/complete-kyc');
    await page.goto('/about');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'My courses' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Log in' })).toBeHidden();

    const token = await page.evaluate((key) => (JSON.parse(localStorage.getItem(key)!) as { token: string }).token, SESSION_KEY);
    const refused: string[] = [];
    page.on('response', (response) => response.status() === 401 && refused.push(response.url()));
    await page.goto('/auth/logout');
    await page.waitForURL((url) => url.pathname === '/');
    // Logging out asks nothing with the session it is ending (the bell's count was refused every time).
    expect(refused).toEqual([]);
    await expect(nav.getByRole('link', { name: 'Log in' })).toBeVisible();
    expect(await page.evaluate((key) => localStorage.getItem(key), SESSION_KEY)).toBeNull();
    // The token no longer works on the server either.
    const answer = await page.request.get('/api/v1/user/student/profile', { headers: { authorization: `Bearer ${token}` } });
    expect(answer.status()).toBe(401);
  });

  test('a wrong password stays on the form with the message, in the form too, and no field keeps its tick', async ({ page, student }) => {
    await page.goto('/auth/login');
    await logInWith(page, student.email, 'Wrong-Password1');
    await expect(toast(page, 'Invalid email or password')).toBeVisible();
    await expect(page).toHaveURL(/\/auth\/login$/);
    const email = main(page).getByLabel('Email address');
    const password = main(page).getByLabel('Password', { exact: true });
    await expect(email).toHaveValue(student.email);
    // Under the password, announced (a live region), and still there once the toast has gone.
    await expect(password).toHaveAccessibleDescription('Invalid email or password');
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    for (const field of ['Email address', 'Password'])
      await expect(main(page).locator('.field', { has: page.getByLabel(field, { exact: true }) })).not.toHaveAttribute(
        'data-status',
        'success',
      );
    await expect(toast(page, 'Invalid email or password')).toBeHidden({ timeout: 10_000 });
    await expect(main(page).getByText('Invalid email or password')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('wrong-password.png') });
    // Typing a new password clears the message; the right one signs in.
    await password.fill(STUDENT_PASSWORD);
    await expect(main(page).getByText('Invalid email or password')).toBeHidden();
    await main(page).getByRole('button', { name: 'Log in' }).click();
    // Signed in: on to where this student goes next (KYC, for the fixture's student).
    await page.waitForURL((url) => !url.pathname.startsWith('/auth/login'));
  });

  test('an unverified account gets a new code and lands on the code page', async ({ page, api, outbox }) => {
    const email = uniqueEmail('unverified');
    expect(
      (await api.post('user/auth/student/signup', { first_name: 'Ife', last_name: 'Ade', email, password: STUDENT_PASSWORD })).status,
    ).toBe(201);
    await page.goto('/auth/login');
    await logInWith(page, email, STUDENT_PASSWORD);
    await page.waitForURL('**/auth/otp-verification');
    await waitForIslands(page);
    await expect(main(page).getByLabel('Email address')).toHaveValue(email);
    const code = codeIn(await outbox.newestTo(email));
    await expect(codeBoxes(page).first()).toBeFocused();
    await page.keyboard.type(code);
    await main(page).getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL('**/auth/signup/complete-kyc');
  });

  test('a signed-out visitor is sent to login before the dashboard paints, and back after', async ({ page, student }) => {
    const seen: string[] = [];
    page.on('framenavigated', (frame) => frame === page.mainFrame() && seen.push(new URL(frame.url()).pathname));
    await page.goto('/dashboard?from=test');
    await page.waitForURL('**/auth/login?next=*');
    expect(new URL(page.url()).searchParams.get('next')).toBe('/dashboard?from=test');
    await logInWith(page, student.email, student.password);
    await page.waitForURL('**/dashboard?from=test');
    await expect(main(page).getByRole('heading', { level: 1 })).toHaveText(`Welcome, ${student.user.first_name}`);
  });

  test('a way back to another site is ignored', async ({ page, student }) => {
    await page.goto('/auth/login?next=https%3A%2F%2Fevil.example%2F');
    await logInWith(page, student.email, student.password);
    await page.waitForURL('**/auth/signup/complete-kyc');
  });
});

test.describe('the e-mail link page at load', () => {
  test('a link without its token says so, without React', async ({ page }) => {
    const scripts = watchScripts(page);
    await page.goto('/auth/email-verification?next=%2Fcourses');
    await expect(main(page).getByRole('alert')).toContainText('This link is incomplete. Enter the code from the e-mail instead.');
    await expect(main(page).getByRole('link', { name: 'Enter the code' })).toHaveAttribute(
      'href',
      `/auth/otp-verification?next=${encodeURIComponent('/courses')}`,
    );
    await expect(main(page).getByLabel('Password', { exact: true })).toHaveCount(0);
    await expect(page).not.toHaveURL(/next=/);
    expect(scripts.filter((url) => url.includes('react-runtime'))).toEqual([]);
  });

  test('a link with its token shows the password step with its address, and fetches React only when a person reaches for it', async ({
    page,
  }) => {
    const scripts = watchScripts(page);
    const errors = watchErrors(page);
    await page.goto(`/auth/email-verification?email=ada%40example.com&token=${'A'.repeat(43)}`);
    await expect(main(page).getByLabel('Email address')).toHaveValue('ada@example.com');
    await expect(page).not.toHaveURL(/token=/);
    expect(scripts.filter((url) => url.includes('react-runtime'))).toEqual([]);
    await main(page).getByLabel('Password', { exact: true }).fill('Indigo-Lagos7');
    await expect(main(page).locator('form.form[data-ready]')).toHaveCount(1);
    expect(scripts.filter((url) => url.includes('react-runtime'))).toHaveLength(1);
    await expect(main(page).getByLabel('Email address')).toHaveValue('ada@example.com');
    await expect(main(page).getByLabel('Password', { exact: true })).toHaveValue('Indigo-Lagos7');
    expect(errors).toEqual([]);
  });
});

test.describe('password reset', () => {
  test("the reset mail's link needs no code: the new password twice, and the token leaves the address bar", async ({
    page,
    student,
    outbox,
  }) => {
    await page.goto('/auth/forgot-password');
    await waitForIslands(page);
    await main(page).getByLabel('Email address').fill(student.email);
    await main(page).getByRole('button', { name: 'Send reset code' }).click();
    await page.waitForURL('**/auth/reset-password');
    const mail = await outbox.newestTo(student.email, { containing: 'reset' });
    const url = new URL(/https?:\/\/\S+\/auth\/reset-password\?\S+/.exec(mail.text)![0]);
    expect(url.searchParams.get('token')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The owner opens it in another browser, say the phone's mail app.
    const other = await page.context().browser()!.newPage();
    await other.goto(new URL(url.pathname + url.search, page.url()).href);
    await waitForIslands(other);
    await expect(other).not.toHaveURL(/token=/);
    await expect(main(other).getByLabel('Email address')).toHaveValue(student.email);
    await expect(codeBoxes(other)).toHaveCount(0);
    const fresh = 'Adire-Yaba2027';
    await main(other).getByLabel('New password', { exact: true }).fill(fresh);
    await main(other).getByLabel('Confirm password', { exact: true }).fill(fresh);
    await main(other).getByRole('button', { name: 'Reset password' }).click();
    await other.waitForURL('**/auth/reset-password/successful');
    await other.waitForURL('**/auth/login');
    await waitForIslands(other);
    await logInWith(other, student.email, fresh);
    await other.waitForURL('**/auth/signup/complete-kyc');
    await other.close();
  });

  test('forgot -> code from the mail -> new password -> success -> login with it', async ({ page, student, outbox }) => {
    await page.goto('/auth/forgot-password');
    await waitForIslands(page);
    await main(page).getByLabel('Email address').fill(student.email);
    await main(page).getByRole('button', { name: 'Send reset code' }).click();
    await page.waitForURL('**/auth/reset-password');
    await waitForIslands(page);
    await expect(main(page).getByLabel('Email address')).toHaveValue(student.email);
    await expect(codeBoxes(page).first()).toBeFocused();
    const code = codeIn(await outbox.newestTo(student.email, { containing: 'reset' }));
    await page.keyboard.type(code);
    const fresh = 'Adire-Yaba2026';
    await main(page).getByLabel('New password', { exact: true }).fill(fresh);
    await main(page).getByLabel('Confirm password', { exact: true }).fill(fresh);
    await main(page).getByRole('button', { name: 'Reset password' }).click();

    await page.waitForURL('**/auth/reset-password/successful');
    await page.waitForURL('**/auth/login');
    await waitForIslands(page);
    await expect(main(page).getByText('Your password has been reset. Log in with your new password.')).toBeVisible();
    await expect(main(page).getByLabel('Email address')).toHaveValue(student.email);
    // The old session ended with the reset.
    const old = await page.request.get('/api/v1/user/student/profile', { headers: { authorization: `Bearer ${student.token}` } });
    expect(old.status()).toBe(401);
    await logInWith(page, student.email, student.password);
    await expect(toast(page, 'Invalid email or password')).toBeVisible();
    await main(page).getByLabel('Password', { exact: true }).fill(fresh);
    await main(page).getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL('**/auth/signup/complete-kyc');
  });
});

test.describe('on the dashboard', () => {
  test('12 minutes without activity log out to the login page, and not a moment before', async ({ page, student }) => {
    await page.clock.install();
    await signIn(page, student);
    await page.goto('/dashboard');
    await expect(main(page).getByRole('heading', { level: 1 })).toHaveText(`Welcome, ${student.user.first_name}`);
    await page.clock.fastForward('11:00');
    // Activity starts the wait again.
    await page.mouse.move(200, 300);
    await page.keyboard.press('Shift');
    await page.clock.fastForward('11:00');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.clock.fastForward('01:05');
    await page.waitForURL('**/auth/login?next=%2Fdashboard');
    expect(await page.evaluate((key) => localStorage.getItem(key), SESSION_KEY)).toBeNull();
    await waitForIslands(page);
    await expect(main(page).getByRole('status').filter({ hasText: 'You were logged out' })).toHaveText(
      'You were logged out after 12 minutes without activity. Log in again to carry on.',
    );
    await expect(main(page).getByLabel('Email address')).toHaveValue(student.email);
    const answer = await page.request.get('/api/v1/user/student/profile', { headers: { authorization: `Bearer ${student.token}` } });
    expect(answer.status()).toBe(401);
  });

  test('a session the server ended sends the student to login on the next call', async ({ page, student }) => {
    const ended = await page.request.post('/api/v1/user/auth/student/logout', { headers: { authorization: `Bearer ${student.token}` } });
    expect(ended.status()).toBe(200);
    await signIn(page, student);
    await page.goto('/dashboard');
    await page.waitForURL('**/auth/login?next=%2Fdashboard');
    expect(await page.evaluate((key) => localStorage.getItem(key), SESSION_KEY)).toBeNull();
    await waitForIslands(page);
    await expect(main(page).getByText('Your session has ended. Log in again to carry on.')).toBeVisible();
    await expect(main(page).getByLabel('Email address')).toHaveValue(student.email);
  });

  test('a deactivated account is told why, on the open page and when it logs in', async ({ page, student }) => {
    await signIn(page, student);
    await page.goto('/dashboard');
    await expect(main(page).getByRole('heading', { level: 1 })).toHaveText(`Welcome, ${student.user.first_name}`);

    const secret = readFileSync(join(process.env.E2E_DATA_DIR!, 'admin-secret'), 'utf8').trim();
    const deactivated = await page.request.post('/api/v1/admin/students/status', {
      headers: { 'x-admin-secret': secret },
      data: { email: student.email, active: false },
    });
    expect(deactivated.status()).toBe(200);

    // Every call of the open session now answers the spec's message, and the page says it as a toast...
    await page.reload();
    await expect(toast(page, 'Admin account is deactivated, kindly contact support team').first()).toBeVisible();
    // ...and logging in (here, as on another device: no session kept) gets the same message, and nothing else happens.
    await page.evaluate((key) => localStorage.removeItem(key), SESSION_KEY);
    await page.goto('/auth/login?next=%2Fdashboard');
    await logInWith(page, student.email, student.password);
    await expect(toast(page, 'Admin account is deactivated, kindly contact support team')).toBeVisible();
    await expect(page).toHaveURL(/\/auth\/login\?next=%2Fdashboard$/);
    await expect(main(page).getByLabel('Email address')).toHaveValue(student.email);
  });
});

test('a step of sign-up fetches the next step ahead once loaded, unless the browser asks to save data', async ({ page, browser }) => {
  const pathOf = (url: string) => new URL(url).pathname;
  const island = /\/_astro\/VerifyEmailForm\.[\w-]+\.js$/;
  const ahead = page.waitForRequest((request) => island.test(pathOf(request.url())));
  await page.goto('/auth/signup');
  await ahead;
  await expect(page.locator('link[rel="prefetch"]').first()).toHaveAttribute('href', /^\/_astro\//);

  const saving = await browser.newPage();
  await saving.addInitScript(() => Object.defineProperty(navigator, 'connection', { value: { saveData: true } }));
  const fetched: string[] = [];
  saving.on('request', (request) => fetched.push(pathOf(request.url())));
  await saving.goto(page.url());
  await saving.waitForLoadState('load');
  await saving.waitForTimeout(1500);
  expect(fetched.filter((path) => island.test(path))).toEqual([]);
  await expect(saving.locator('link[rel="prefetch"]')).toHaveCount(0);
  await saving.close();
});
