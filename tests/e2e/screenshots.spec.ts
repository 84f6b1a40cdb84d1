// Pictures under test (issue 17): every route and its main states at a phone's, a tablet's and a
// laptop's size, compared with the baselines in tests/e2e/__screenshots__/. A layout rule can say a
// column is wide enough; only a picture says the page looks right. Each baseline was looked at before
// it was committed: a baseline of a broken page is a broken test.
//
// Deterministic: animations stopped and the caret hidden (playwright.config.ts); each shot waits for
// the islands, the forms (`data-ready`), the fonts and the images in reach; what changes from run to
// run is masked (dates, generated addresses and payment references, the footer's year) or hidden (the
// top progress bar, see screenshots.css); a toast is held on screen by stopping the page's clock. The
// first screen of each page and state; the whole page where what matters is below it (the checkout's
// summary on a phone); a form with its messages is shot whole. Each page is loaded once, at the
// phone's size, and resized for the other two (see shootAtEverySize). One test per group of pages,
// each shot a soft assertion: a run reports every picture that changed, not only the first.
// After a deliberate change: npx playwright test tests/e2e/screenshots.spec.ts --update-snapshots
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { enrol, expect, holdAnswers, leaveFields, signIn, test, waitForIslands } from './fixtures.ts';

/** A phone, a tablet upright and a laptop (issue 17). */
const SIZES = [
  { width: 390, height: 844 },
  { width: 768, height: 1024 },
  { width: 1366, height: 768 },
];
const COURSE = 'pattern-drafting-foundations';
const CHECKOUT = `/courses/${COURSE}/checkout`;
/** Applied to every shot: what moves by itself is hidden (see the file). */
const SHOT_CSS = join(import.meta.dirname, 'screenshots.css');
/** Added when one element is shot: the header laid flat (see the file). */
const ELEMENT_SHOT_CSS = join(import.meta.dirname, 'screenshots-element.css');

const main = (page: Page) => page.getByRole('main');
const form = (page: Page) => main(page).locator('form.form');

/**
 * Whether the page has stopped moving: the fonts loaded, every form ready (`data-ready`), and the
 * images drawn: plain ones in the viewport, lazy ones within the 600 px they are fetched from.
 */
function settled(): boolean {
  const near = (element: Element, margin: number) => {
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.bottom > -margin && box.top < innerHeight + margin;
  };
  const lazyPending = [...document.querySelectorAll<HTMLElement>('[data-lazy]')].some(
    (holder) => near(holder, 600) && !['loaded', 'failed'].includes(holder.dataset.state ?? ''),
  );
  const plainPending = [...document.images].some((img) => !img.closest('[data-lazy]') && near(img, 0) && !img.complete);
  // A form in an island that waits for a person (client:interaction), or drawn until a person reaches
  // for it (settings' profile, `data-drawn`), is as built until someone does.
  const formPending = [...document.querySelectorAll('form.form:not([data-ready]):not([data-drawn])')].some(
    (form) => !form.closest('astro-island[client="interaction"]:not([data-reached])'),
  );
  return document.fonts.status === 'loaded' && !formPending && !lazyPending && !plainPending;
}

interface ShotOptions {
  /** What differs from run to run, beyond what every shot masks. */
  mask?: Locator[];
  /** The element to shoot instead of the viewport (a form with all its messages). */
  of?: Locator;
  fullPage?: boolean;
}

/** Compares the page (or one element of it), once settled, with the baseline `<name>-<width>.png`. */
async function shoot(page: Page, name: string, { mask = [], of, fullPage = false }: ShotOptions = {}) {
  await waitForIslands(page);
  await page.waitForFunction(settled, undefined, { polling: 50 });
  const file = `${name}-${page.viewportSize()!.width}.png`;
  // The footer's year changes on the 1st of January.
  const options = { mask: [...mask, page.getByRole('contentinfo').getByText(/©\s*\d{4}/)], stylePath: SHOT_CSS };
  if (of) {
    // Its top at the top of the screen: scrolled into view by the browser's rules, which keep 5rem of
    // scroll padding for the sticky header, a form nearly as tall as the screen lost its foot.
    await of.evaluate((element) => window.scrollTo(0, element.getBoundingClientRect().top + window.scrollY));
    await expect.soft(of).toHaveScreenshot(file, { ...options, stylePath: [SHOT_CSS, ELEMENT_SHOT_CSS] });
  } else await expect.soft(page).toHaveScreenshot(file, { ...options, fullPage });
}

/**
 * Shoots the page as it is at each of the three sizes, phone first, resized in place: one visit for
 * three pictures. The site's layout is its stylesheets' alone (no script measures the window, no image
 * has a srcset), so a page resized is drawn as one loaded at that size.
 */
async function shootAtEverySize(page: Page, name: string, options?: ShotOptions) {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await shoot(page, name, options);
  }
}

/** Loads `path` at the phone's size. */
async function visit(page: Page, path: string) {
  await page.setViewportSize(SIZES[0]!);
  await page.goto(path);
}

async function visitAndShoot(page: Page, path: string, name: string, options?: ShotOptions) {
  await visit(page, path);
  await shootAtEverySize(page, name, options);
}

/**
 * The header's menus open: below 1024 px the menu button's (on the phone and the tablet), on the
 * laptop the dropdown `wide` names (widening past 1024 px closes the first).
 */
async function shootMenusOpen(page: Page, name: string, wide: Locator, options?: ShotOptions) {
  await waitForIslands(page);
  await page.getByRole('banner').getByRole('button', { name: /^Menu/ }).click();
  for (const size of SIZES.slice(0, 2)) {
    await page.setViewportSize(size);
    await shoot(page, name, options);
  }
  await page.setViewportSize(SIZES[2]!);
  await wide.click();
  await shoot(page, name, options);
}

// One page of each template: the other projects are drawn by the same code as /projects/lsetf, the
// terms and cookies pages by that of /privacy, /empty by that of /market.
const CONTENT_PAGES: [name: string, path: string][] = [
  ['home', '/'],
  ['about', '/about'],
  ['projects', '/projects'],
  ['project', '/projects/lsetf'],
  ['privacy', '/privacy'],
  ['not-found', '/no-such-page'],
  ['courses', '/courses'],
  ['course', `/courses/${COURSE}`],
  ['market', '/market'],
];

test.describe('pictures of what a visitor sees', () => {
  test.describe.configure({ timeout: 180_000 });

  test('content pages, the visitor checkout and the header menus', async ({ page }) => {
    for (const [name, path] of CONTENT_PAGES) await visitAndShoot(page, path, name);
    // The summary, with its way to sign in, is below the course on a phone and a tablet.
    await visitAndShoot(page, CHECKOUT, 'checkout-visitor', { fullPage: true });
    await visit(page, '/');
    await shootMenusOpen(
      page,
      'header-menu-open',
      page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'About Us' }),
    );
  });

  test('auth pages without a form: the e-mail link, logging out, the success pages', async ({ page }) => {
    await visitAndShoot(page, `/auth/email-verification?email=ada%40example.com&token=${'A'.repeat(43)}`, 'email-verification');
    await visitAndShoot(page, '/auth/email-verification', 'email-verification-broken-link');
    const release = await holdAnswers(page, 'user/auth/student/logout', { status: 200, json: { message: 'ok', data: null } });
    await visitAndShoot(page, '/auth/logout', 'logout');
    release();
    // Logged out, it goes home: let it, or it would leave the next page before its picture.
    await page.waitForURL((url) => url.pathname === '/');
    // They move on after 1.5 s: the page's clock is stopped, so they stay for their picture.
    const start = Date.now();
    await page.clock.install({ time: start });
    await page.clock.pauseAt(start + 1000);
    await visitAndShoot(page, '/auth/signup/successful', 'signup-successful');
    await visitAndShoot(page, '/auth/reset-password/successful', 'reset-password-successful');
  });
});

/** A form: empty, then with each field left empty or wrong, so that its message shows. */
interface FormCase {
  name: string;
  path: string;
  /** The fields to leave, in order. */
  fields: string[];
  /** What to do first, e.g. type a wrong address. */
  before?: (page: Page) => Promise<void>;
}

const FORMS: FormCase[] = [
  { name: 'contact', path: '/contact', fields: ['First name', 'Last name', 'Email address', 'Phone number', 'Message'] },
  {
    name: 'request-tutor',
    path: '/courses/request-tutor',
    fields: ['First name', 'Last name', 'Email address', 'Phone number', 'Message'],
  },
  {
    name: 'login',
    path: '/auth/login',
    fields: ['Email address', 'Password'],
    before: (page) => main(page).getByLabel('Email address').fill('not-an-address'),
  },
  {
    name: 'signup',
    path: '/auth/signup',
    fields: ['First name', 'Last name', 'Email address', 'Phone number', 'Password', 'Confirm password'],
  },
  { name: 'forgot-password', path: '/auth/forgot-password', fields: ['Email address'] },
  {
    name: 'reset-password',
    path: '/auth/reset-password?email=ada%40example.com',
    fields: ['New password', 'Confirm password'],
    before: (page) => page.keyboard.type('12'),
  },
];

async function emptyAndMessages(page: Page, { name, path, fields, before }: FormCase) {
  await visitAndShoot(page, path, name);
  await before?.(page);
  await leaveFields(page, fields);
  await shootAtEverySize(page, `${name}-messages`, { of: form(page) });
}

/**
 * A shot with the toast that has just appeared (the page's clock installed before the page loaded):
 * the clock stands still while the picture is taken, so the toast cannot leave halfway through it.
 */
async function shootWithToast(page: Page, name: string, text: string) {
  await expect(page.locator('#toaster').getByText(text)).toBeVisible();
  // Half a second on from the page's now; on a busy host that moment may pass before the call lands
  // ('Cannot fast-forward to the past'): then from the new now.
  for (let attempt = 1; ; attempt++) {
    const paused = await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 500).then(
      () => true,
      (error: unknown) => {
        if (attempt < 3 && String(error).includes('fast-forward to the past')) return false;
        throw error;
      },
    );
    if (paused) break;
  }
  // Its icon is drawn by SVG animations (SMIL), which the screenshot does not stop: shown as they end.
  await page.locator('#toaster svg').evaluateAll((icons) =>
    icons.forEach((icon) => {
      (icon as SVGSVGElement).setCurrentTime(5);
      (icon as SVGSVGElement).pauseAnimations();
    }),
  );
  await shootAtEverySize(page, name);
  await page.clock.resume();
}

test.describe('pictures of the forms, empty and with their messages', () => {
  test.describe.configure({ timeout: 180_000 });

  test('contact, tutor request, login, signup, forgotten and new password, the code', async ({ page }) => {
    for (const formCase of FORMS) await emptyAndMessages(page, formCase);
    await page.route('**/api/v1/user/auth/student/verify-account', (route) =>
      route.fulfill({ status: 400, json: { message: 'Invalid or expired code', errors: { otp: ['Invalid or expired code'] } } }),
    );
    await visitAndShoot(page, '/auth/otp-verification?email=ada%40example.com', 'otp-verification');
    await page.keyboard.type('123456');
    await main(page).getByRole('button', { name: 'Verify' }).click();
    await expect(main(page).getByText('Invalid or expired code')).toBeVisible();
    await shootAtEverySize(page, 'otp-verification-messages', { of: form(page) });
  });

  test('login after an idle logout, then a refused password', async ({ page }) => {
    // What the idle logout leaves in the tab (#lib/signed-out.ts): why, and the address to fill in.
    await page.addInitScript(() => sessionStorage.setItem('adire.signed-out', JSON.stringify({ why: 'idle', email: 'ada@example.com' })));
    await page.route('**/api/v1/user/auth/student/login', (route) =>
      route.fulfill({ status: 401, json: { message: 'Invalid email or password' } }),
    );
    await page.clock.install();
    await visit(page, '/auth/login');
    await expect(main(page).getByLabel('Email address')).toHaveValue('ada@example.com');
    await shootAtEverySize(page, 'login-after-idle-logout');
    await main(page).getByLabel('Password', { exact: true }).fill('Indigo-Lagos7');
    await main(page).getByRole('button', { name: 'Log in' }).click();
    await expect(form(page).getByText('Invalid email or password')).toBeVisible();
    await shootWithToast(page, 'login-refused', 'Invalid email or password');
  });
});

/** The checkout back from the payment page: its outcome at the top, focused, and the toast that says it again. */
async function shootOutcome(page: Page, name: string, outcome: string) {
  await page.waitForURL(`**${CHECKOUT}?reference=*`);
  await expect(main(page).locator('.checkout-outcome').filter({ hasText: outcome })).toBeFocused();
  await shootWithToast(page, name, outcome);
}

test.describe('pictures of what a student sees', () => {
  test.describe.configure({ timeout: 180_000 });

  test('KYC, dashboard, course materials, settings and its tabs, the header menus', async ({ page, request, student }) => {
    await signIn(page, student);
    await emptyAndMessages(page, {
      name: 'complete-kyc',
      path: '/auth/signup/complete-kyc',
      fields: ['Gender', 'Day', 'Month', 'Year', 'State'],
    });
    await enrol(request, student);
    const enrolledOn = main(page).getByText(/^Enrolled /);
    await visitAndShoot(page, '/dashboard', 'dashboard', { mask: [enrolledOn] });
    await visitAndShoot(page, `/dashboard/courses/${COURSE}`, 'dashboard-course');
    // The address is made from the test's id.
    await visitAndShoot(page, '/dashboard/settings?tab=UserProfile', 'settings-profile', {
      mask: [main(page).getByLabel('Email address')],
    });
    await visitAndShoot(page, '/dashboard/settings?tab=ChangePassword', 'settings-password');
    // The enrolment's notification: its date, and the payment's reference, new on every run.
    await visitAndShoot(page, '/dashboard/settings?tab=ViewNotification', 'settings-notifications', {
      mask: [main(page).locator('time'), main(page).getByText(/\(reference ADR-/)],
    });
    await visit(page, '/dashboard');
    await shootMenusOpen(page, 'header-menu-open-signed-in', page.getByRole('banner').getByRole('button', { name: 'Account menu' }), {
      mask: [enrolledOn],
    });
  });

  test('checkout: Make Payment, the test page, Decline, Pay, enrolled', async ({ page, student }) => {
    // The page's clock is ours, so that the outcome's toast can be held on screen for its picture.
    await page.clock.install();
    await signIn(page, student);
    await visitAndShoot(page, '/dashboard', 'dashboard-no-courses');
    await visitAndShoot(page, CHECKOUT, 'checkout', { fullPage: true });
    await page.setViewportSize(SIZES[0]!);
    await main(page).getByRole('button', { name: 'Make Payment' }).click();
    await page.waitForURL('**/payments/test?reference=*');
    await waitForIslands(page);
    await shootAtEverySize(page, 'test-payment', { mask: [main(page).getByText(/^Reference:/)] });
    // Back from the payment page on a phone, where the outcome used to be out of sight.
    await page.setViewportSize(SIZES[0]!);
    await main(page).getByRole('button', { name: 'Decline', exact: true }).click();
    await shootOutcome(page, 'checkout-declined', 'The payment did not go through');
    await page.setViewportSize(SIZES[0]!);
    await main(page).getByRole('button', { name: 'Try again' }).click();
    await page.waitForURL('**/payments/test?reference=*');
    await waitForIslands(page);
    await main(page).getByRole('button', { name: 'Pay', exact: true }).click();
    await shootOutcome(page, 'checkout-paid', 'Payment received');
    await visitAndShoot(page, CHECKOUT, 'checkout-enrolled', { fullPage: true });
  });
});
