// The thin top progress bar (docs/product.md#limits-and-timings): starts on every request, completes on its answer.
// Overlapping requests share one bar. Bar speed 500 ms.
const PROGRESS_SPEED_MS = 500;

let active = 0;
let bar: HTMLElement | null = null;
let trickle: number | undefined;

function element(): HTMLElement {
  if (bar?.isConnected) return bar;
  bar = document.createElement('div');
  bar.className = 'top-progress';
  bar.setAttribute('aria-hidden', 'true');
  Object.assign(bar.style, {
    position: 'fixed',
    top: '0',
    left: '0',
    height: '3px',
    width: '0%',
    background: '#b45309',
    zIndex: '1000',
    transition: `width ${PROGRESS_SPEED_MS}ms ease, opacity ${PROGRESS_SPEED_MS}ms ease`,
  });
  document.body.append(bar);
  return bar;
}

export function startProgress() {
  if (typeof document === 'undefined') return;
  active++;
  if (active > 1) return;
  const el = element();
  el.style.opacity = '1';
  el.style.width = '15%';
  let width = 15;
  window.clearInterval(trickle);
  trickle = window.setInterval(() => {
    width += (90 - width) * 0.15;
    el.style.width = `${width}%`;
  }, PROGRESS_SPEED_MS);
}

export function doneProgress() {
  if (typeof document === 'undefined' || active === 0) return;
  active--;
  if (active > 0) return;
  window.clearInterval(trickle);
  const el = element();
  el.style.width = '100%';
  window.setTimeout(() => {
    if (active > 0) return;
    el.style.opacity = '0';
    window.setTimeout(() => active === 0 && (el.style.width = '0%'), PROGRESS_SPEED_MS);
  }, PROGRESS_SPEED_MS);
}
