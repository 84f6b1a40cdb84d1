// The code pages as they load, before their form is live (docs/decisions/018, 'Later'). The form
// waits for a person (client:interaction), but what this browser holds shows at once, as it did
// when the form hydrated on load: the address the code went to (the link's ?email=, else the one
// remembered), read-only; the cursor in the first box; 'Resend code' with its countdown. No React,
// no API client: this file, the stored codes and the address check.
// The island, once live, takes over the same state: its first value for the address is the one
// shown here, and its countdown starts from the moment drawn here last (this script stops ticking
// then), so its first render is the page as it stands and hydrating changes nothing.
// The code page also follows a session of this address (the e-mail's link followed in another tab,
// or already signed in here with it): it wakes the island, which carries on as after the code.
import { FOCUSED_BY_PAGE, ISLAND_WAKE } from '#lib/island-ready.ts';
import { SESSION_KEY } from '#lib/session-key.ts';
import { validEmail } from './schemas.ts';
import { $sentCodes, rememberedEmail, rememberEmail, secondsUntilResend, type CodeFlow } from './sent-codes.ts';

/** What the script drew: the address (or '') and the moment of the countdown on the page. */
let drawn: { email: string; now: number; stop: () => void; taken?: boolean } | undefined;

/** 0:42 */
export const formatWait = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/** What a screen reader hears of the wait: it changes every ten seconds, not every second. */
export const waitForScreenReaders = (seconds: number) => `${Math.ceil(seconds / 10) * 10} seconds or less`;

/** The address the page shows as it loads: the form's first value ('' on the server, or if this script did not run). */
export const emailAtLoad = () => drawn?.email ?? '';

/** Whether this script drew the page's state (the island's first render then draws the same). */
export const drawnAtLoad = () => drawn !== undefined;

/** Stops this script's countdown and gives the moment it drew last, once (the island's first render); else null. */
export function takeOverCountdown(): number | null {
  if (!drawn || drawn.taken) return null;
  drawn.stop();
  drawn.taken = true;
  return drawn.now;
}

/** Shows what the browser holds on the code page of this flow; nothing once its island is live. */
export function showCodePageAtLoad(purpose: CodeFlow) {
  const island = document.querySelector<HTMLElement>('main astro-island[ssr]');
  const form = island?.querySelector('form');
  const resend = form?.querySelector<HTMLButtonElement>('.resend button');
  if (!island || !form || !resend) return;

  const fromLink = validEmail(new URLSearchParams(location.search).get('email') ?? '');
  if (fromLink) rememberEmail(purpose, fromLink);
  const email = fromLink ?? rememberedEmail(purpose) ?? '';
  const field = form.querySelector<HTMLInputElement>('input[type=email]');
  if (email && field && !field.value) {
    // As the built value: what was typed before the form was live is what differs from it.
    field.defaultValue = email;
    field.value = email;
    field.readOnly = true;
  }

  const first = form.querySelector<HTMLInputElement>('.otp-box');
  if (first && (document.activeElement === document.body || !document.activeElement)) {
    first.setAttribute(FOCUSED_BY_PAGE, '');
    first.focus();
    first.removeAttribute(FOCUSED_BY_PAGE);
  }

  let timer = 0;
  const state = { email: field?.value === email ? email : '', now: Date.now(), stop: () => window.clearInterval(timer) };
  drawn = state;
  const draw = () => {
    state.now = Date.now();
    const wait = state.email ? secondsUntilResend($sentCodes.get()[purpose], state.email, state.now) : 0;
    resend.disabled = !state.email || wait > 0;
    drawWait(resend, wait);
    if (wait <= 0) state.stop();
  };
  draw();
  if (resend.disabled && state.email) timer = window.setInterval(draw, 1000);

  if (purpose === 'verify' && email) {
    const wakeIfVerified = () => sessionVerifies(email) && island.dispatchEvent(new Event(ISLAND_WAKE));
    wakeIfVerified();
    window.addEventListener('storage', (event) => event.key === SESSION_KEY && wakeIfVerified());
  }
}

/** The countdown after the button, as ResendCode renders it (the same elements, so hydrating keeps them). */
function drawWait(resend: HTMLButtonElement, wait: number) {
  const line = resend.parentElement!;
  let shown = line.querySelector('.resend-wait');
  if (wait <= 0) {
    shown?.remove();
    return;
  }
  if (!shown) {
    shown = document.createElement('span');
    shown.className = 'resend-wait';
    shown.setAttribute('data-testid', 'resend-wait');
    const clock = document.createElement('span');
    clock.setAttribute('aria-hidden', 'true');
    const spoken = document.createElement('span');
    spoken.className = 'visually-hidden';
    shown.append(' in ', clock, spoken);
    resend.after(shown);
  }
  const [, clock, spoken] = shown.childNodes;
  clock!.textContent = formatWait(wait);
  spoken!.textContent = waitForScreenReaders(wait);
}

/** Whether the session this browser holds is a verified one for this address (the island checks it in full once live). */
function sessionVerifies(email: string): boolean {
  try {
    const user = (JSON.parse(localStorage.getItem(SESSION_KEY) ?? 'null') as { user?: { email?: unknown; is_verified?: unknown } } | null)
      ?.user;
    return user?.is_verified === true && typeof user.email === 'string' && user.email.toLowerCase() === email.toLowerCase();
  } catch {
    return false;
  }
}
