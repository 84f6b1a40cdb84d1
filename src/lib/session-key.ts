// Where the session is kept, and the event a page hears when it changes. Kept apart from
// session.ts so the header and the pre-paint scripts can know them without loading the store.
export const SESSION_KEY = 'adire.session';
/** Dispatched on window whenever this tab's session store changes. */
export const SESSION_EVENT = 'adire:session';
