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

  it('leaves focus in a field the person moved to while it hydrated, before typing in it', () => {
    email.focus();
    type(email, 'ada@example.com');
    const typed = readTyped('login');
    followTyped('login', typed);
    // Tab to the password, not typed in yet: the replay must not pull focus back to the e-mail.
    password.focus();
    email.value = '';
    replayTyped(form, typed);
    expect(email.value).toBe('ada@example.com');
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

describe('a choice made in a select before ready', () => {
  beforeEach(() => {
    document.body.innerHTML =
      '<form id="kyc"><input id="day" value=""><select id="month"><option value="">Month</option><option value="04">April</option><option value="05">May</option></select><input id="year" value=""></form>';
  });

  it('is kept and heard as a change by the live form, as text typed beside it is', () => {
    const month = document.querySelector<HTMLSelectElement>('#month')!;
    month.value = '05';
    month.dispatchEvent(new Event('input', { bubbles: true }));
    const typed = readTyped('kyc');
    followTyped('kyc', typed);
    // Changed again while hydrating.
    month.value = '04';
    month.dispatchEvent(new Event('input', { bubbles: true }));
    const changes: string[] = [];
    month.addEventListener('change', () => changes.push(month.value));
    // Hydrating puts it back to its first option.
    month.value = '';
    replayTyped(document.querySelector('form')!, typed);
    expect(month.value).toBe('04');
    expect(changes).toEqual(['04']);
  });

  it('is not read when the select still shows its first option', () => {
    expect(readTyped('kyc').fields).toEqual([]);
  });
});

describe('a code typed into the first box before ready', () => {
  it('is typed again through the live field, and typing goes on in the box its handler moved to, not back in the first', () => {
    document.body.innerHTML =
      '<form id="code"><input id="box1" value=""><input value=""><input value=""><input value=""><input value=""><input value=""></form>';
    const form = document.querySelector('form')!;
    const boxes = [...form.querySelectorAll('input')];
    // The live code boxes: a text typed into one fills the boxes from there and moves on (OtpField).
    form.addEventListener('input', (event) => {
      const box = event.target as HTMLInputElement;
      const start = boxes.indexOf(box);
      const digits = [...box.value];
      digits.forEach((digit, offset) => boxes[start + offset] && (boxes[start + offset]!.value = digit));
      boxes[Math.min(start + digits.length, boxes.length - 1)]!.focus();
    });
    const first = boxes[0]!;
    first.focus();
    first.value = '12';
    const typed = readTyped('code');
    // Hydrating puts the box back to its first value.
    first.value = '';
    replayTyped(form, typed);
    expect(boxes.map((box) => box.value).join('')).toBe('12');
    expect(document.activeElement).toBe(boxes[2]);
  });
});
