// Checkout in naira with the built-in test provider (docs/product.md#course-pages, 'Checkout'):
// a visitor is asked to sign in and comes back; Make Payment -> the test page -> Pay -> paid, and
// the course is in My courses; Decline -> not paid, free to try again; an enrolled student is told
// so; a declined payment is told in the notifications. axe on the checkout and the test payment page.
import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, fillKyc, fillSignup, signIn, STUDENT_PASSWORD, test, waitForIslands } from './fixtures.ts';

const COURSE = 'pattern-drafting-foundations';
const TITLE = 'Pattern Drafting Foundations';
const main = (page: Page) => page.getByRole('main');

async function payOnTestPage(page: Page, button: 'Pay' | 'Decline') {
  await main(page).getByRole('button', { name: 'Make Payment' }).click();
  await page.waitForURL('**/payments/test?reference=*');
  await waitForIslands(page);
  await expect(main(page).getByText('TEST MODE')).toBeVisible();
  await expect(main(page).getByText(/Amount: ₦\d{1,3}(,\d{3})*\.00/)).toBeVisible();
  await main(page).getByRole('button', { name: button, exact: true }).click();
  await page.waitForURL(`**/courses/${COURSE}/checkout?reference=*`);
}

test('Enrol Now -> sign in -> checkout -> Pay on the test page -> the course in My courses', async ({ page, student }) => {
  await page.goto(`/courses/${COURSE}`);
  await main(page).getByRole('link', { name: 'Enrol Now', exact: true }).first().click();
  await page.waitForURL(`**/courses/${COURSE}/checkout`);
  await waitForIslands(page);
  await expect(main(page).getByRole('heading', { name: TITLE })).toBeVisible();
  // Price, a blank discount, and a total equal to the price.
  const summary = main(page).getByRole('region', { name: 'Summary' });
  const price = await summary.locator('dt:text-is("Price") + dd').innerText();
  expect(price).toMatch(/^₦\d{1,3}(,\d{3})*$/);
  await expect(summary.locator('dt:text-is("Discount") + dd')).toHaveText('');
  await expect(summary.locator('dt:text-is("Total") + dd')).toHaveText(price);

  await main(page).getByRole('link', { name: 'Log in to enrol' }).click();
  await page.waitForURL(`**/auth/login?next=${encodeURIComponent(`/courses/${COURSE}/checkout`)}`);
  await waitForIslands(page);
  await main(page).getByLabel('Email address').fill(student.email);
  await main(page).getByLabel('Password', { exact: true }).fill(student.password);
  await main(page).getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(`**/courses/${COURSE}/checkout`);
  await waitForIslands(page);

  await payOnTestPage(page, 'Pay');
  await expect(main(page).getByText(`Payment received. You are enrolled in ${TITLE}.`)).toBeVisible();
  await main(page).getByRole('link', { name: 'Go to My courses' }).click();
  await page.waitForURL('**/dashboard');
  await expect(main(page).getByRole('list', { name: 'My courses' }).getByRole('link', { name: TITLE })).toBeVisible();

  // Enrolled now: the checkout says so instead of taking another payment.
  await page.goto(`/courses/${COURSE}/checkout`);
  await expect(main(page).getByText(`You are already enrolled in ${TITLE}.`)).toBeVisible();
  await expect(main(page).getByRole('button', { name: 'Make Payment' })).toHaveCount(0);
});

test('a visitor who signs up from the checkout comes back to it after the code (opened from the mail) and KYC', async ({
  page,
  outbox,
}) => {
  const checkout = `/courses/${COURSE}/checkout`;
  const email = `way-back-${Date.now()}@example.com`;
  await page.goto(checkout);
  await waitForIslands(page);
  // Log in first, then change their mind: the way back goes along to the signup page.
  await main(page).getByRole('link', { name: 'Log in to enrol' }).click();
  await waitForIslands(page);
  await main(page).getByRole('link', { name: 'Sign up' }).click();
  await page.waitForURL(`**/auth/signup?next=${encodeURIComponent(checkout)}`);
  await waitForIslands(page);
  await fillSignup(page, email);
  await main(page).getByRole('button', { name: 'Sign up' }).click();
  await page.waitForURL(`**/auth/otp-verification?next=${encodeURIComponent(checkout)}`);

  // The code's link in the mail opens a page with no way back of its own: the browser kept it.
  const link = new URL(/https?:\/\/\S+\/auth\/email-verification\?\S+/.exec((await outbox.newestTo(email)).text)![0]);
  await page.goto(link.pathname + link.search);
  await waitForIslands(page);
  await main(page).getByLabel('Password', { exact: true }).fill(STUDENT_PASSWORD);
  await main(page).getByRole('button', { name: 'Confirm and continue' }).click();
  await page.waitForURL(`**/auth/signup/complete-kyc?next=${encodeURIComponent(checkout)}`);
  await waitForIslands(page);
  await fillKyc(page);
  await main(page).getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL(`**/auth/signup/successful?next=${encodeURIComponent(checkout)}`);
  await page.waitForURL(`**${checkout}`);
  await waitForIslands(page);
  await expect(main(page).getByRole('button', { name: 'Make Payment' })).toBeVisible();
});

test('on a phone and a tablet, the total and Make Payment are in the first screen', async ({ page, student }) => {
  await signIn(page, student);
  for (const width of [390, 768]) {
    await page.setViewportSize({ width, height: 844 });
    await page.goto(`/courses/${COURSE}/checkout`);
    await waitForIslands(page);
    const summary = main(page).getByRole('region', { name: 'Summary' });
    await expect(summary.getByText(TITLE)).toBeVisible();
    await expect(summary.locator('dt:text-is("Total") + dd')).toBeInViewport();
    await expect(main(page).getByRole('button', { name: 'Make Payment' })).toBeInViewport();
  }
});

test('Decline says the payment did not go through, enrols nobody, and offers Make Payment again', async ({ page, student }) => {
  await signIn(page, student);
  await page.goto(`/courses/${COURSE}/checkout`);
  await waitForIslands(page);
  await payOnTestPage(page, 'Decline');
  await expect(main(page).getByRole('alert')).toContainText('The payment did not go through');
  await expect(main(page).getByRole('button', { name: 'Make Payment' })).toBeVisible();
  // The bell counts the outcome's notification on this page already, not one page later.
  await expect(page.getByRole('banner').locator('[data-bell]')).toHaveAccessibleName('Notifications, 1 unread');
  await page.goto('/dashboard');
  await expect(main(page).getByText('You have not enrolled in a course yet.')).toBeVisible();
  // And it is told in the notifications, with the bell counting it.
  await expect(page.getByRole('banner').locator('[data-bell]')).toHaveAccessibleName('Notifications, 1 unread');
  await page.goto('/dashboard/settings?tab=ViewNotification');
  await expect(
    main(page).getByRole('heading', { name: new RegExp(`^Unread\\s?: Your payment for ${TITLE} did not go through$`) }),
  ).toBeVisible();
});

test('axe: the checkout (visitor and signed in) and the test payment page', async ({ page, student }) => {
  await page.goto(`/courses/${COURSE}/checkout`);
  await waitForIslands(page);
  await expect(main(page).getByRole('link', { name: 'Log in to enrol' })).toBeVisible();
  await expectNoAxeViolations(page);
  await signIn(page, student);
  await page.goto(`/courses/${COURSE}/checkout`);
  await expect(main(page).getByRole('button', { name: 'Make Payment' })).toBeVisible();
  await expectNoAxeViolations(page);
  await main(page).getByRole('button', { name: 'Make Payment' }).click();
  await page.waitForURL('**/payments/test?reference=*');
  await expect(main(page).getByRole('button', { name: 'Pay', exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
});

test.describe('back from the payment page on a phone (390x844)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  /** The outcome is in the first screen, above the course, announced, and said again by a toast. */
  async function expectOutcomeFirst(page: Page, role: 'status' | 'alert', text: string) {
    const outcome = main(page).getByRole(role).filter({ hasText: text });
    await expect(outcome).toBeVisible();
    await expect(outcome).toBeInViewport({ ratio: 1 });
    const course = (await main(page).getByRole('heading', { name: TITLE, level: 2 }).boundingBox())!;
    expect((await outcome.boundingBox())!.y).toBeLessThan(course.y);
    // Focus is on the outcome, so a screen reader reads it out and the keyboard starts there.
    await expect(outcome).toBeFocused();
    await expect(page.locator('#toaster').getByRole(role).filter({ hasText: text })).toBeVisible();
    await expectNoAxeViolations(page);
  }

  test('Pay: "Payment received" is at the top of the first screen, focused, with a success toast', async ({ page, student }) => {
    await signIn(page, student);
    await page.goto(`/courses/${COURSE}/checkout`);
    await waitForIslands(page);
    await payOnTestPage(page, 'Pay');
    await expectOutcomeFirst(page, 'status', 'Payment received');
    await expect(main(page).getByRole('link', { name: 'Go to My courses' })).toBeInViewport();
  });

  test('Decline: the failure is at the top, styled as an error, says what to do, with an error toast', async ({ page, student }) => {
    await signIn(page, student);
    await page.goto(`/courses/${COURSE}/checkout`);
    await waitForIslands(page);
    await payOnTestPage(page, 'Decline');
    await expectOutcomeFirst(page, 'alert', 'The payment did not go through');
    const outcome = main(page).getByRole('alert');
    await expect(outcome).toContainText('You have not been charged');
    // Looks like a failure: the danger colour on its border, not the plain text of the page.
    const border = await outcome.evaluate((el) => getComputedStyle(el).borderLeftColor);
    const danger = await page.evaluate(() => {
      const probe = document.createElement('span');
      probe.style.color = 'var(--danger)';
      document.body.append(probe);
      const colour = getComputedStyle(probe).color;
      probe.remove();
      return colour;
    });
    expect(border).toBe(danger);
    await expect(outcome.getByRole('button', { name: 'Try again' })).toBeInViewport();
  });
});

test('the checkout shows each tutor with their photo, name and position', async ({ page }) => {
  await page.goto(`/courses/${COURSE}/checkout`);
  const tutors = main(page).getByRole('list', { name: 'Tutors' }).getByRole('listitem');
  await expect(tutors).toHaveCount(2);
  await expect(tutors.nth(0)).toContainText('Chinedu Okafor');
  await expect(tutors.nth(1)).toContainText('Adebimpe Ogunleye');
  await expect(tutors.nth(1)).toContainText('Director of Studies');
  for (const tutor of await tutors.all()) {
    const photo = tutor.locator('img');
    await expect(photo).toBeVisible();
    // Loaded, and drawn at a size a face can be seen at.
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect((await photo.boundingBox())!.width).toBeGreaterThanOrEqual(40);
  }
});
