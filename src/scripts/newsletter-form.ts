// Loads the newsletter behaviour only when someone starts using the form, so content pages ship
// no validation or HTTP code until then.
import { NETWORK_MESSAGE } from '#lib/errors.ts';

export function enhanceNewsletterForms() {
  document.querySelectorAll<HTMLFormElement>('[data-newsletter]').forEach((form) => {
    let pending: Promise<void> | null = null;
    let queuedSubmit = false;
    const load = () =>
      (pending ??= import('#features/newsletter/enhance.ts').then(
        ({ enhanceNewsletter }) => {
          form.removeEventListener('submit', onEarlySubmit);
          enhanceNewsletter(form);
          if (queuedSubmit) form.requestSubmit();
        },
        () => {
          // The code could not be fetched (a dropped connection): say so, keep the address, and
          // fetch again on the next try.
          pending = null;
          if (!queuedSubmit) return;
          queuedSubmit = false;
          const error = form.querySelector<HTMLElement>('[data-newsletter-error]');
          if (error) {
            error.textContent = NETWORK_MESSAGE;
            error.hidden = false;
          }
        },
      ));
    // A submit before the code has arrived is held and replayed once it has.
    const onEarlySubmit = (event: SubmitEvent) => {
      event.preventDefault();
      queuedSubmit = true;
      void load();
    };
    form.addEventListener('submit', onEarlySubmit);
    form.addEventListener('focusin', () => void load(), { once: true });
    form.addEventListener('pointerenter', () => void load(), { once: true });
    // Taken: from now on this code holds a submit. One pressed before this script ran (it starts
    // after the first paint: scripts/build/defer-page-script.ts) was held by BaseHead's guard
    // (data-held): it is sent now.
    form.dataset.ready = '';
    if (form.dataset.held !== undefined) {
      delete form.dataset.held;
      queuedSubmit = true;
      void load();
    }
  });
}
