// The editor inside the product (/staff/content/), loaded before Decap CMS: the page holds nothing
// without the staff console's session (it goes to the staff sign-in), Decap's calls to its backend
// (POST /api/v1/staff/content) carry that session's token, a session that has ended goes back to the
// sign-in, and the configuration comes from the API behind the same session (docs/decisions/019).
/* global CMS */
const SESSION_KEY = 'adire.staff-session';
const BACKEND = '/api/v1/staff/content';
const HERE = '/staff/content/';

/** The staff session's token, where the console keeps it. */
function token() {
  for (const store of [localStorage, sessionStorage]) {
    try {
      const session = JSON.parse(store.getItem(SESSION_KEY) ?? 'null');
      if (session && typeof session.token === 'string') return session.token;
    } catch {
      // Not a session: the next store, or none.
    }
  }
  return undefined;
}

function leave(why) {
  location.replace(`/staff/login?${why ? `why=${why}&` : ''}next=${encodeURIComponent(HERE)}`);
}

window.CMS_MANUAL_INIT = true;
if (!token()) leave();
// Signed in already (the staff session): Decap's own 'Login' step, which asks nothing, is skipped.
else localStorage.setItem('decap-cms-user', JSON.stringify({ backendName: 'proxy' }));

// Decap's proxy backend sends only Content-Type: the token is added here, to its calls alone.
const plainFetch = window.fetch.bind(window);
window.fetch = async (input, init = {}) => {
  const url = new URL(input instanceof Request ? input.url : String(input), location.href);
  if (url.origin !== location.origin || !url.pathname.startsWith(BACKEND)) return plainFetch(input, init);
  const headers = new Headers(init.headers ?? (input instanceof Request ? input.headers : undefined));
  headers.set('authorization', `Bearer ${token() ?? ''}`);
  const response = await plainFetch(input, { ...init, headers });
  if (response.status === 401) leave('ended');
  return response;
};

/**
 * Here Decap's 'Publish' only saves to the content repository; going live is the console's Publish
 * (/staff/publish). Its buttons say so, so staff are not told a page is live when it is not.
 */
function sayingSave() {
  const en = CMS.getLocale('en');
  Object.assign(en.editor.editorToolbar, {
    publishing: 'Saving…',
    publish: 'Save',
    published: 'Saved',
    publishNow: 'Save now',
    publishAndCreateNew: 'Save and create new',
    publishAndDuplicate: 'Save and duplicate',
  });
  en.ui.toast.entrySaved = 'Entry saved. It goes live with the next Publish in the staff console.';
  CMS.registerLocale('en', en);
}

document.addEventListener('DOMContentLoaded', async () => {
  sayingSave();
  const response = await window.fetch(`${BACKEND}/config`);
  if (!response.ok) return;
  const { data } = await response.json();
  CMS.init({ config: data.config });
});
