// The submit pipeline and server field errors, on a real TanStack FormApi (no React needed).
import { FieldApi, FormApi, type StandardSchemaV1 } from '@tanstack/react-form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ContactSchema, type ContactInput, type ContactMessage } from '#features/contact/schemas.ts';
import { ApiError } from '../errors.ts';
import { clearServerError, hasServerErrors, serverErrorsOf } from './server-errors.ts';
import { submitWithSchema } from './submit-with-schema.ts';

const EMPTY: ContactInput = { first_name: '', last_name: '', email: '', phone_number: '', message: '' };
const typed: ContactInput = {
  first_name: ' Ada ',
  last_name: 'Obi',
  email: 'Ada@Example.com',
  phone_number: '0803 123 4567',
  message: 'Hello',
};

function contactForm(action: (message: ContactMessage) => Promise<unknown>, resetOnSuccess = true) {
  const form = new FormApi({
    defaultValues: EMPTY,
    validators: { onSubmit: ContactSchema },
    onSubmit: submitWithSchema(ContactSchema, action, { resetOnSuccess }),
  });
  form.mount();
  // Each field validates with its own entry of the schema, as the kit's forms do.
  for (const name of Object.keys(EMPTY) as (keyof ContactInput)[]) {
    const onChange: StandardSchemaV1<string> = ContactSchema.entries[name];
    new FieldApi({ form, name, validators: { onChange } }).mount();
    form.setFieldValue(name, typed[name]);
  }
  return form;
}

afterEach(() => vi.restoreAllMocks());

describe('submitWithSchema', () => {
  it("hands the action the schema's output and empties the form after success", async () => {
    const action = vi.fn((_message: ContactMessage) => Promise.resolve());
    const form = contactForm(action);
    await form.handleSubmit();
    expect(action).toHaveBeenCalledWith({
      first_name: 'Ada',
      last_name: 'Obi',
      email: 'ada@example.com',
      phone_number: '08031234567',
      message: 'Hello',
    });
    expect(form.state.values.first_name).toBe('');
    expect(form.state.isSubmitSuccessful).toBe(true);
  });

  it('keeps what was typed and shows server field errors under matching fields only', async () => {
    const refusal = new ApiError(400, 'Please check the form', {
      email: ['This e-mail address cannot receive mail', 'second'],
      captcha: ['ignored'],
    });
    const form = contactForm(() => Promise.reject(refusal));
    await expect(form.handleSubmit()).rejects.toBe(refusal);
    expect(form.state.values).toEqual(typed);
    expect(form.state.isSubmitSuccessful).toBe(false);
    expect(serverErrorsOf(form).get()).toEqual({ email: 'This e-mail address cannot receive mail' });
  });

  it('does not call the action when the values fail the schema', async () => {
    const action = vi.fn(() => Promise.resolve());
    const form = contactForm(action);
    form.setFieldValue('phone_number', '0803');
    await form.handleSubmit();
    expect(action).not.toHaveBeenCalled();
  });

  it('clears the old server errors when the form is sent again', async () => {
    const action = vi
      .fn<(message: ContactMessage) => Promise<unknown>>()
      .mockRejectedValueOnce(new ApiError(400, 'No', { email: ['Taken'] }))
      .mockResolvedValueOnce(undefined);
    const form = contactForm(action, false);
    await form.handleSubmit().catch(() => {});
    expect(hasServerErrors(serverErrorsOf(form).get())).toBe(true);
    await form.handleSubmit();
    expect(hasServerErrors(serverErrorsOf(form).get())).toBe(false);
  });
});

describe('server errors', () => {
  it('belong to one form, shared by the FormApi and any copy of it holding the same store', () => {
    const form = contactForm(() => Promise.resolve());
    const reactCopy = { ...form };
    serverErrorsOf(form).set({ email: 'Taken', phone_number: 'Not a mobile' });
    expect(serverErrorsOf(reactCopy).get()).toEqual({ email: 'Taken', phone_number: 'Not a mobile' });
    expect(serverErrorsOf(contactForm(() => Promise.resolve())).get()).toEqual({});
  });

  it("clear one field's message without touching the others", () => {
    const form = contactForm(() => Promise.resolve());
    serverErrorsOf(form).set({ email: 'Taken', phone_number: 'Not a mobile' });
    clearServerError(form, 'email');
    expect(serverErrorsOf(form).get().email).toBeUndefined();
    expect(serverErrorsOf(form).get().phone_number).toBe('Not a mobile');
  });
});
