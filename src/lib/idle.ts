// Calls onIdle once after `timeoutMs` without the person touching the page: no key, pointer, wheel
// or touch, and no scroll. Any of those starts the wait again. Returns a function that stops it.
const ACTIVITY = ['keydown', 'pointerdown', 'pointermove', 'wheel', 'touchstart', 'scroll'] as const;

export function startIdleTimer(timeoutMs: number, onIdle: () => void): () => void {
  let timer = window.setTimeout(fire, timeoutMs);
  let last = 0;
  function fire() {
    stop();
    onIdle();
  }
  function restart() {
    // pointermove and scroll arrive in floods; once a second is plenty to restart the wait.
    const now = Date.now();
    if (now - last < 1000) return;
    last = now;
    window.clearTimeout(timer);
    timer = window.setTimeout(fire, timeoutMs);
  }
  function stop() {
    window.clearTimeout(timer);
    for (const type of ACTIVITY) window.removeEventListener(type, restart, { capture: true });
  }
  for (const type of ACTIVITY) window.addEventListener(type, restart, { capture: true, passive: true });
  return stop;
}
