/**
 * Stands in for TanStack React Form's own `useFormGroup.js` in the build (astro.config.mjs). Every
 * form the library makes carries a `FormGroup` component, so its form-group machinery (FormGroupApi,
 * about 14 KB before gzip, 4 KB after) came with every form page, though no form here has groups.
 * Using one fails at once with this message rather than quietly; a test keeps these exports the
 * module's own.
 */
const unused = (): never => {
  throw new Error(
    'Form groups are left out of the build (src/lib/forms/no-form-group.ts): remove its alias in astro.config.mjs to use them.',
  );
};

export const FormGroup = unused;
export const useFormGroup = unused;
