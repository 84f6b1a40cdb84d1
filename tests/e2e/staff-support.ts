// Helpers of the staff console's end-to-end tests: an invitation made by the admin command against
// the run's server (as the first admin is made), the authenticator's code computed from the secret,
// and a member's session stored in the browser before the first page runs.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import { TOTP } from 'otpauth';
import { expect, test, type Api } from './fixtures.ts';

export const STAFF_PASSWORD = 'Aso-Oke-Loom9';
const STAFF_SESSION_KEY = 'adire.staff-session';

/** The 6-digit code an authenticator shows for `secret`, `stepsAhead` periods of 30 s from now. */
export const totpCode = (secret: string, stepsAhead = 0) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret }).generate({ timestamp: Date.now() + stepsAhead * 30_000 });

/** `npm run admin -- invite-staff`, against the run's server (found through DATA_DIR): the printed link. */
export async function inviteByCommand(email: string, role: 'admin' | 'staff', name = 'Kemi Adebayo'): Promise<string> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['scripts/deploy/admin.ts', 'invite-staff', email, '--role', role, '--name', name],
    {
      env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR },
    },
  );
  const link = /https?:\/\/\S+\/staff\/welcome\?token=[\w-]{43}/.exec(stdout)?.[0];
  expect(link, stdout).toBeTruthy();
  return link!;
}

export interface StaffSignedIn {
  token: string;
  staff: { id: string; email: string; name: string; role: 'admin' | 'staff' };
  secret: string;
}

/**
 * A member invited by the command and enrolled through the API (the page's own steps have their test).
 * On a retry (or a repeat) the address gains a '+retryN' tag: the first attempt's member is still there.
 */
export async function invitedMember(api: Api, address: string, role: 'admin' | 'staff'): Promise<StaffSignedIn> {
  const { retry, repeatEachIndex } = test.info();
  const email = retry || repeatEachIndex ? address.replace('@', `+retry${retry}-${repeatEachIndex}@`) : address;
  const token = new URL(await inviteByCommand(email, role)).searchParams.get('token')!;
  const accepted = await api.post<{ secret: string }>('staff/auth/accept-invite', { token, password: STAFF_PASSWORD });
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
  const { secret } = accepted.body.data!;
  const confirmed = await api.post<Omit<StaffSignedIn, 'secret'>>('staff/auth/confirm-mfa', { token, code: totpCode(secret) });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  const { token: session, staff } = confirmed.body.data!;
  return { token: session, staff, secret };
}

/** Stores the member's session before the first page's scripts run, as the sign-in page does. */
export async function signInStaff(page: Page, member: StaffSignedIn) {
  await page.addInitScript(
    ([key, value, once]) => {
      if (sessionStorage.getItem(once!)) return;
      sessionStorage.setItem(once!, '1');
      localStorage.setItem(key!, value!);
    },
    [STAFF_SESSION_KEY, JSON.stringify({ token: member.token, staff: member.staff }), `e2e.staff.${Math.random()}`],
  );
}

/** No element wider than the window (the console at 390 px). */
export async function expectNoHorizontalOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `horizontal overflow on ${page.url()}`).toBeLessThanOrEqual(0);
}
