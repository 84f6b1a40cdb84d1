// What happens to a student's offline study when they log out (docs/product.md#offline-study), on
// the logout page (src/pages/auth/logout.astro, whose [data-keep-saved] form asks): with course
// materials saved on this phone or ticks not yet sent, they choose to keep them (for when they log
// in again; nobody else signed in here sees them) or remove them; with neither, what the portal kept
// of theirs (course lists, progress) is removed, so it does not stay on a phone others may use.
import { formatBytes } from '#lib/format.ts';
import { queuedTicks, removeEverything, savedMaterials } from './store.ts';

/** Keep or remove what the student has on this phone, after the session has ended. */
export async function settleSaved(student: string) {
  const saved = await savedMaterials(student);
  const unsent = (await queuedTicks(student)).length;
  if (!saved.length && !unsent) return removeEverything(student);
  const form = document.querySelector<HTMLFormElement>('[data-keep-saved]')!;
  const bytes = saved.reduce((sum, s) => sum + s.bytes, 0);
  const count = saved.length === 1 ? '1 course material' : `${saved.length} course materials`;
  const ticks = unsent === 1 ? ' and 1 tick not yet sent' : unsent > 1 ? ` and ${unsent} ticks not yet sent` : '';
  form.querySelector('[data-keep-question]')!.textContent = saved.length
    ? `You have ${count} saved on this phone (${formatBytes(bytes)})${ticks}.`
    : `You have ${unsent === 1 ? '1 tick' : `${unsent} ticks`} not yet sent on this phone.`;
  document.querySelector<HTMLElement>('[data-leaving]')!.hidden = true;
  form.hidden = false;
  form.querySelector('button')!.focus();
  const choice = await new Promise<string>((resolve) =>
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      resolve((event.submitter as HTMLButtonElement | null)?.value ?? 'keep');
    }),
  );
  form.hidden = true;
  document.querySelector<HTMLElement>('[data-leaving]')!.hidden = false;
  if (choice === 'remove') await removeEverything(student);
}
