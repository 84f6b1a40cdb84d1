// @vitest-environment happy-dom
// What is typed before a form's island is ready, and while it hydrates, survives the hydration
// that puts every field back to its first value.
import { beforeEach, describe, expect, it } from 'vitest';
import { followTyped, readTyped, replayTyped } from './typed-before-ready.ts';

const type = (control: HTMLInputElement, value: string) => {
  control.value = value;
  control.dispatchEvent(new Event('input', { bubbles: true }));
};

describe('typed before ready', () => {
  let form: HTMLFormElement;
  let email: HTMLInputElement;
  let password: HTMLInputElement;
  beforeEach(() => {
    document.body.innerHTML =
      '<form id="login"><input id="email" type="email" value=""><input id="password" type="password" value=""><button>Log in</button></form>';
    form = document.querySelector('form')!;
    email = document.querySelector<HTMLInputElement>('#email')!;
    password = document.querySelector<HTMLInputElement>('#password')!;
  });

  it('keeps what was typed before the reading and what was typed while hydrating, focus on the last field', () => {
    type(email, 'ada@example.com');
    const typed = readTyped('login');
    followTyped('login', typed);
    // Hydration yields to the browser: the password's first letter arrives before the replay.
    password.focus();
    type(password, 'I');
    // Hydrating puts every field back to its first value.
    email.value = '';
    password.value = '';
    replayTyped(form, typed);
    expect(email.value).toBe('ada@example.com');
    expect(password.value).toBe('I');
    expect(document.activeElement).toBe(password);
  });

  it('stops following once replayed: later typing is the live form’s own', () => {
    const typed = readTyped('login');
    followTyped('login', typed);
    replayTyped(form, typed);
    type(email, 'later@example.com');
    expect(typed.fields).toEqual([]);
  });
});
