// Loads the newsletter behaviour only when someone starts using the form, so content pages ship
// no validation or HTTP code until then.
export function enhanceNewsletterForms() {
  document.querySelectorAll<HTMLFormElement>('[data-newsletter]').forEach((form) => {
    let pending: Promise<void> | null = null;
    let queuedSubmit = false;
    const load = () =>
      (pending ??= import('../features/newsletter/enhance.ts').then(({ enhanceNewsletter }) => {
        form.removeEventListener('submit', onEarlySubmit);
        enhanceNewsletter(form);
        if (queuedSubmit) form.requestSubmit();
      }));
    // A submit before the code has arrived is held and replayed once it has.
    const onEarlySubmit = (event: SubmitEvent) => {
      event.preventDefault();
      queuedSubmit = true;
      void load();
    };
    form.addEventListener('submit', onEarlySubmit);
    form.addEventListener('focusin', () => void load(), { once: true });
    form.addEventListener('pointerenter', () => void load(), { once: true });
  });
}
