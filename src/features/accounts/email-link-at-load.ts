// The e-mail link's page as it loads (?email=&token=&next=, docs/product.md#auth-flows). The token
// leaves the address bar before anything else happens. Opening the link signs nobody in: a link
// someone else sent would sign this browser into their account. So what the page shows at load
// needs no API and no React, and this script shows it: the password step (the island, built as
// HTML, with the link's address filled in; it hydrates when a person reaches for it, docs/decisions/018);
// or, opened again by a student signed in with that address, that it is confirmed, with the way on;
// or, for a link without a valid token, that it is incomplete, with the way to the code page.
// The island, once live, reads the same link from here (theLink), so it starts as the page stands.
import { DASHBOARD_PATH, safeNext, withNext } from '#lib/navigation.ts';
import { $session } from '#lib/session.ts';
import * as v from 'valibot';
import { AUTH_PATHS } from './paths.ts';
import { VerifyEmailLinkSchema } from './schemas.ts';
import { rememberEmail } from './sent-codes.ts';

export type LinkState =
  | { kind: 'ready'; email: string; token: string; next: string | null }
  | { kind: 'confirmed'; next: string | null }
  | { kind: 'broken'; next: string | null };

/** The link's address, token and way back, taken out of the address bar (and the history) first: the token is a secret. */
function readLink(): LinkState {
  const query = new URLSearchParams(location.search);
  history.replaceState(null, '', location.pathname);
  const next = safeNext(query.get('next'));
  const link = v.safeParse(v.pick(VerifyEmailLinkSchema, ['email', 'token']), {
    email: query.get('email') ?? '',
    token: query.get('token') ?? '',
  });
  // An older mail's link carried the code instead: the person types it on the code page.
  if (!link.success) return { kind: 'broken', next };
  // Opened again after confirming, in the browser signed in with that address.
  const user = $session.get()?.user;
  if (user?.is_verified && user.email === link.output.email) return { kind: 'confirmed', next };
  rememberEmail('verify', link.output.email);
  return { kind: 'ready', ...link.output, next };
}

let link: LinkState | undefined;

/** The link, read once per page (the address bar is emptied); before the page is in a browser, the built password step. */
export function theLink(): LinkState {
  if (typeof location === 'undefined') return { kind: 'ready', email: '', token: '', next: null };
  return (link ??= readLink());
}

/** Shows the page for its link: the password step with its address, or the built view the link calls for. */
export function showEmailLinkAtLoad() {
  const step = document.querySelector<HTMLElement>('[data-link-step]');
  if (!step) return;
  const state = theLink();
  if (state.kind === 'ready') {
    const field = step.querySelector<HTMLInputElement>('input[type=email]');
    // As the built value, so it is not taken for something typed before the form was live.
    if (field) field.defaultValue = field.value = state.email;
    step.hidden = false;
    return;
  }
  const view = document.querySelector<HTMLTemplateElement>(`template[data-link-view="${state.kind}"]`)?.content.cloneNode(true);
  if (!(view instanceof DocumentFragment)) return;
  const onward = view.querySelector<HTMLAnchorElement>('a[data-onward]');
  if (onward) onward.href = state.kind === 'confirmed' ? confirmedOnward(state.next) : withNext(AUTH_PATHS.verify, state.next);
  // The password step goes, island and all: there is nothing to hydrate.
  step.replaceWith(view);
}

/** Confirmed already: on to KYC until it is done, then where the student was going. */
const confirmedOnward = (next: string | null) =>
  $session.get()?.user.kyc_completed ? (next ?? DASHBOARD_PATH) : withNext(AUTH_PATHS.kyc, next);
