// @vitest-environment happy-dom
// What a person did in a form drawn before its form library came, carried by field name to the
// live form that replaces it (its fields have other ids).
import { describe, expect, it } from 'vitest';
import { byIdIn, readPreview } from './typed-in-preview.ts';

const drawn = () => {
  document.body.innerHTML = `
    <form id="drawn">
      <input id="d-name" name="first_name" value="Ada" readonly>
      <input id="d-address" name="home_address" value="">
      <input id="d-phone" name="phone_number" value="803 123 4567">
      <button type="submit">Save</button>
    </form>`;
  return document.querySelector<HTMLFormElement>('#drawn')!;
};

describe('typed in a drawn form', () => {
  it('reads the changed fields by name, the focused one with its caret, and a held submit', () => {
    const form = drawn();
    const address = form.querySelector<HTMLInputElement>('[name=home_address]')!;
    address.value = '7 Awolowo Road';
    address.focus();
    address.setSelectionRange(2, 2);
    form.dataset.held = '';
    expect(readPreview(form, ['phone_number'])).toEqual({
      fields: [{ name: 'home_address', value: '7 Awolowo Road' }],
      left: ['phone_number'],
      focus: { name: 'home_address', start: 2, end: 2 },
      held: true,
    });
  });

  it('leaves out read-only fields and fields as they were drawn', () => {
    const form = drawn();
    expect(readPreview(form, [])).toEqual({ fields: [], left: [], focus: undefined, held: false });
  });

  it('names the live form fields by their own ids, and drops names it has no field for', () => {
    document.body.innerHTML = `<form id="live"><input id="l-address" name="home_address"><input id="l-phone" name="phone_number"></form>`;
    const live = document.querySelector<HTMLFormElement>('#live')!;
    const typed = {
      fields: [
        { name: 'home_address', value: '7 Awolowo Road' },
        { name: 'gone', value: 'x' },
      ],
      left: ['phone_number', 'gone'],
      focus: { name: 'home_address', start: 14, end: 14 },
      held: false,
    };
    expect(byIdIn(live, typed)).toEqual({
      fields: [{ id: 'l-address', value: '7 Awolowo Road' }],
      left: ['l-phone'],
      focus: { id: 'l-address', start: 14, end: 14 },
    });
  });
});
