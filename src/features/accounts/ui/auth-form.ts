// Every form of the auth pages is named by the card's heading (AuthLayout.astro's #auth-heading), so
// a screen reader announces "Log in, form", and shares the auth form's layout class.
export const AUTH_FORM_PROPS = { 'aria-labelledby': 'auth-heading', className: 'auth-form' } as const;
