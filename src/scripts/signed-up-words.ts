// What the sign-up success page says about where it goes next. The page is written for the
// dashboard (content/pages/auth.md, 'signedUp'); a student who signed up on the way to a checkout,
// or to another page, goes back there, and the lead and the link then say so.
import { DASHBOARD_PATH } from '#lib/navigation.ts';

const WELCOME = 'Welcome to Adire Fashion Academy.';
const CHECKOUT = /^\/courses\/[^/]+\/checkout$/;

export interface DestinationWords {
  lead: string;
  link: string;
}

/** The lead and link text for `target` (a safe same-site path), or null: the dashboard's own words. */
export function signedUpWords(target: string): DestinationWords | null {
  const path = target.split(/[?#]/, 1)[0]!;
  if (path === DASHBOARD_PATH || path.startsWith(`${DASHBOARD_PATH}/`)) return null;
  if (CHECKOUT.test(path)) return { lead: `${WELCOME} Taking you back to the checkout…`, link: 'Go back to the checkout now' };
  return { lead: `${WELCOME} Taking you back to the page you came from…`, link: 'Go back to that page now' };
}
