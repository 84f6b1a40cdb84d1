import type { Page } from '@playwright/test';
import { codeIn, expect, test, waitForIslands } from './fixtures.ts';

const FORMS = [
  { path: '/contact', name: 'Get In Touch', button: 'Contact Us' },
  { path: '/courses/request-tutor', name: 'Request a tutor', button: 'Submit' },
];

async function fill(page: Page, form: ReturnType<Page['getByRole']>, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) await form.getByLabel(label, { exact: true }).fill(value);
}

for (const { path, name, button } of FORMS) {
  test.describe(`${path}`, () => {
    test.beforeEach(async ({ page }) => {
      await page.goto(path);
      await waitForIslands(page);
    });

    test('shows each rule’s message under its field, and keeps the button disabled until all is valid', async ({ page }) => {
      const form = page.getByRole('form', { name });
      const submit = form.getByRole('button', { name: button });
      await expect(submit).toBeDisabled();
      for (const label of ['First name', 'Last name', 'Email address', 'Phone number', 'Message']) {
        await form.getByLabel(label, { exact: true }).focus();
        await form.getByLabel(label, { exact: true }).blur();
      }
      for (const message of [
        'First name is required',
        'Last name is required',
        'Email is required',
        'Phone number is required',
        'Message is required',
      ]) {
        await expect(form.getByText(message, { exact: true })).toBeVisible();
      }
      await fill(page, form, { 'Email address': 'ada@', 'Phone number': '12345' });
      await expect(form.getByText('Email must be valid', { exact: true })).toBeVisible();
      await expect(form.getByText('Phone number is not valid', { exact: true })).toBeVisible();
      await expect(form.getByLabel('Email address', { exact: true })).toHaveAttribute('aria-invalid', 'true');
      await fill(page, form, {
        'First name': 'Ada',
        'Last name': 'Obi',
        'Email address': 'ada@example.com',
        'Phone number': '0803 123 4567',
      });
      await expect(submit).toBeDisabled();
      await fill(page, form, { Message: 'I would like to join the evening pattern-drafting class.' });
      await expect(submit).toBeEnabled();
    });

    test('a field left empty before the form is live shows its message once it is', async ({ page }) => {
      await page.route(/\/_astro\/ContactForm\.[\w-]+\.js$/, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        await route.continue();
      });
      await page.goto(path);
      const form = page.getByRole('form', { name });
      await form.getByLabel('First name', { exact: true }).focus();
      await form.getByLabel('Last name', { exact: true }).focus();
      await expect(page.locator('astro-island[ssr]')).toHaveCount(1);
      await expect(form.getByText('First name is required', { exact: true })).toBeVisible();
      await expect(form.getByText('Last name is required', { exact: true })).toBeHidden();
    });

    test('sends, shows the server’s message, clears the form, and the staff receive the mail', async ({ page, outbox }) => {
      const form = page.getByRole('form', { name });
      // A number only this test's mail carries: the other form's test mails the same staff address.
      const reference = String(100_000 + Math.floor(Math.random() * 900_000));
      await fill(page, form, {
        'First name': 'Chidinma',
        'Last name': 'Okeke',
        'Email address': 'chidinma@example.com',
        'Phone number': '+234 803 123 4567',
        Message: `Hello from the end-to-end test, reference ${reference}.`,
      });
      await form.getByRole('button', { name: button }).click();
      await expect(page.getByRole('status').filter({ hasText: /thank|received|shortly/i })).toBeVisible();
      await expect(form.getByLabel('First name', { exact: true })).toHaveValue('');
      const mail = await outbox.newestTo('staff@adireacademy.test', { containing: `reference ${reference}` });
      expect(mail.replyTo).toContain('chidinma@example.com');
      expect(mail.text).toContain('Chidinma Okeke');
      // The number reaches the staff in the national form, whatever way it was typed.
      expect(mail.text).toContain('08031234567');
      expect(codeIn(mail)).toBe(reference);
    });

    test('a server failure keeps what was typed and shows the spec’s text', async ({ page }) => {
      await page.route('**/api/v1/user/**', (route) =>
        route.fulfill({ status: 500, json: { message: 'Something went wrong, please try again!' } }),
      );
      const form = page.getByRole('form', { name });
      await fill(page, form, {
        'First name': 'Ada',
        'Last name': 'Obi',
        'Email address': 'ada@example.com',
        'Phone number': '08031234567',
        Message: 'Please call me back.',
      });
      await form.getByRole('button', { name: button }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'Something went wrong, Please try again!' })).toBeVisible();
      await expect(form.getByLabel('Message', { exact: true })).toHaveValue('Please call me back.');
    });

    test('works with the keyboard alone', async ({ page }) => {
      const form = page.getByRole('form', { name });
      await form.getByLabel('First name', { exact: true }).focus();
      const submit = form.getByRole('button', { name: button });
      const values = ['Ada', 'Obi', 'ada@example.com', '08031234567', 'Keyboard only, thank you.'];
      for (const [index, value] of values.entries()) {
        await page.keyboard.type(value);
        // A disabled button takes no focus: the last Tab waits, as a person would, for the form to take the message.
        if (index === values.length - 1) await expect(submit).toBeEnabled();
        // Tab past any help (e.g. the phone prefix) until the next text field has focus.
        do await page.keyboard.press('Tab');
        while (!(await page.evaluate(() => ['INPUT', 'TEXTAREA', 'BUTTON'].includes(document.activeElement?.tagName ?? ''))));
      }
      await expect(submit).toBeFocused();
    });
  });
}

test('an address already subscribed (through the API) gets the same friendly answer from the footer form', async ({ page, api }) => {
  const address = `subscribed-${Date.now()}@example.com`;
  const first = await api.post('user/subscribe-newsletter', { email: address });
  expect(first.status).toBe(200);
  await page.goto('/about');
  const footer = page.getByRole('contentinfo');
  await footer.getByLabel('Email address').fill(address);
  const answer = page.waitForResponse('**/api/v1/user/subscribe-newsletter');
  await footer.getByRole('button', { name: 'Subscribe' }).click();
  expect((await answer).status()).toBe(200);
  await expect(page.getByRole('status').filter({ hasText: first.body.message }).first()).toBeVisible();
});

test('the footer newsletter subscribes through the real API, and twice is still one friendly answer', async ({ page }) => {
  await page.goto('/projects');
  const footer = page.getByRole('contentinfo');
  const address = `reader-${Date.now()}@example.com`;
  const messages: string[] = [];
  for (let i = 0; i < 2; i++) {
    await footer.getByLabel('Email address').fill(address);
    const answer = page.waitForResponse('**/api/v1/user/subscribe-newsletter');
    await footer.getByRole('button', { name: 'Subscribe' }).click();
    const response = await answer;
    expect(response.status()).toBe(200);
    messages.push(((await response.json()) as { message: string }).message);
    await expect(page.getByRole('status').filter({ hasText: messages[i]! }).first()).toBeVisible();
  }
  expect(messages[0]).toBe(messages[1]);
});
