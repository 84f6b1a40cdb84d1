// The two React contexts TanStack Form threads through a form: the form itself and the field being
// rendered. Every kit component reads them, so a form written with useAppForm needs no prop drilling.
// They live in their own module so components and the hook that assembles them import one copy.
import { createFormHookContexts } from '@tanstack/react-form';

export const { fieldContext, formContext, useFieldContext, useFormContext } = createFormHookContexts();
