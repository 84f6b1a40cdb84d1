// The staff side end to end (issue 32): an invitation made by the admin command is accepted on its
// page (password, the authenticator's QR code and secret, one code, the recovery codes), the member
// signs in with a code computed here from that secret, enrols a student by hand, answers a contact
// request, refunds a paid course, and the audit log shows all three.
import { enrol, expect, expectNoAxeViolations, test, waitForIslands } from './fixtures.ts';
import { inviteByCommand, STAFF_PASSWORD, totpCode } from './staff-support.ts';

test('an invited admin joins, signs in with two factors, enrols, answers, refunds, and the audit log shows it', async ({
  page,
  api,
  student,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const email = `admin-${testInfo.testId}-${testInfo.retry}@adireacademy.test`.toLowerCase();
  const link = await inviteByCommand(email, 'admin');

  // The invitation: password, then the QR code with the secret beside it, one code, the recovery codes.
  await page.goto(new URL(link).pathname + new URL(link).search);
  await waitForIslands(page);
  const main = page.getByRole('main');
  await main.getByLabel('Password', { exact: true }).fill(STAFF_PASSWORD);
  await main.getByLabel('Confirm password').fill(STAFF_PASSWORD);
  await main.getByRole('button', { name: 'Continue' }).click();
  await expect(main.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await main.getByTestId('staff-secret').textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await expectNoAxeViolations(page);
  await main.getByLabel('6-digit code from the app').fill(totpCode(secret));
  await main.getByRole('button', { name: 'Confirm' }).click();
  await expect(main.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
  await expectNoAxeViolations(page);
  const download = page.waitForEvent('download');
  await main.getByRole('button', { name: 'Download' }).click();
  expect((await download).suggestedFilename()).toBe('adire-staff-recovery-codes.txt');

  // Sign out, then in: password, then a code (the next time step: the one just used is not taken twice).
  await page.goto('/staff');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/staff\/login/);
  await waitForIslands(page);
  await main.getByLabel('Email address').fill(email);
  await main.getByLabel('Password').fill(STAFF_PASSWORD);
  await main.getByRole('button', { name: 'Continue' }).click();
  await expectNoAxeViolations(page);
  await main.getByLabel('Code').fill(totpCode(secret, 1));
  await main.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/staff$/);
  await expect(main.getByRole('link', { name: /Students/ })).toBeVisible();

  // Enrol the student by hand: a bank transfer.
  await page.goto(`/staff/students?search=${encodeURIComponent(student.email)}`);
  await main.getByRole('link', { name: 'Ada Obi' }).click();
  await waitForIslands(page);
  await main.getByLabel('Course').selectOption('aso-oke-weaving');
  await main.getByLabel('Amount received (₦)').fill('120000');
  await main.getByLabel(/^Note/).fill('GTBank transfer, ref 0042');
  await main.getByRole('button', { name: 'Enrol' }).click();
  await expect(main.getByRole('cell', { name: 'manual' })).toBeVisible();

  // Answer a contact request.
  const asked = await api.post('user/contact', {
    first_name: 'Bisi',
    last_name: 'Ola',
    email: `bisi-${testInfo.testId}@example.com`.toLowerCase(),
    phone_number: '08031234567',
    message: `Do you teach evening classes? ${testInfo.testId}`,
  });
  expect(asked.status, JSON.stringify(asked.body)).toBeLessThan(300);
  await page.goto('/staff/requests?status=open&kind=contact&per_page=100');
  await main
    .getByRole('button', { name: /Bisi Ola/ })
    .first()
    .click();
  await main.getByRole('textbox', { name: 'Reply' }).fill('Yes: Tuesdays and Thursdays, 6 to 8 pm.');
  await main.getByRole('button', { name: 'Send reply' }).click();
  await expect(main.getByText('Yes: Tuesdays and Thursdays, 6 to 8 pm.')).toBeVisible();

  // Refund a paid course.
  await enrol(request, student);
  await page.goto(`/staff/students/view?id=${student.user.id}`);
  await main.getByRole('row').filter({ hasText: 'pattern-drafting-foundations' }).filter({ hasText: 'success' }).getByRole('link').click();
  await waitForIslands(page);
  await main.getByRole('button', { name: 'Refund' }).click();
  const dialog = page.getByRole('dialog', { name: 'Refund this payment' });
  await dialog.getByLabel('Reason').fill('Paid twice by mistake');
  await dialog.getByRole('button', { name: 'Refund' }).click();
  await expect(main.getByText('refunded', { exact: true })).toBeVisible();

  // The audit log: all three, by this member.
  await page.goto(`/staff/audit?actor=${encodeURIComponent(email)}`);
  for (const action of ['enrolment.create', 'request.reply', 'payment.refund'])
    await expect(main.getByRole('cell', { name: action, exact: true })).toBeVisible();
});
