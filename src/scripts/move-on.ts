// The success pages move on by themselves after 1.5 s (docs/product.md#limits-and-timings): to the
// link's own target, or to the page the person was going to (?next=) when the link says it may.
// The link stays on the page for anyone who does not want to wait, or whose script did not run.
import { nextFromQuery, go } from '#lib/navigation.ts';

const MOVE_ON_AFTER_MS = 1500;

/** Starts the wait; returns where it leads, with the link, so the page can say so. */
export function moveOn(): { target: string; link: HTMLAnchorElement } | null {
  const link = document.querySelector<HTMLAnchorElement>('[data-move-on]');
  if (!link) return null;
  const target = (link.hasAttribute('data-follow-next') && nextFromQuery()) || link.dataset.moveOn!;
  link.href = target;
  window.setTimeout(() => go(target, { replace: true }), MOVE_ON_AFTER_MS);
  return { target, link };
}
