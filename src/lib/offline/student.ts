// Which student's saved course files the service worker may serve on this browser
// (docs/product.md#offline-study): the one signed in, or nobody. Written whenever the session
// changes (session.ts), whatever ended it: logout, the idle logout, a refused token, another tab.
import { del, set } from 'idb-keyval';
import { offlineStore, STUDENT_KEY } from './keys.ts';

export async function setOfflineStudent(student: string | null) {
  if (typeof indexedDB === 'undefined') return;
  const store = offlineStore();
  await (student ? set(STUDENT_KEY, student, store) : del(STUDENT_KEY, store)).catch(() => undefined);
}
