import { describe, expect, it } from 'vitest';
import { signedUpWords } from './signed-up-words.ts';

describe('signedUpWords', () => {
  it('keeps the dashboard words for the dashboard and its pages', () => {
    expect(signedUpWords('/dashboard')).toBeNull();
    expect(signedUpWords('/dashboard/courses/adire-textiles#material-1')).toBeNull();
    expect(signedUpWords('/dashboard?x=1')).toBeNull();
  });
  it('names the checkout when that is where the student goes back to', () => {
    expect(signedUpWords('/courses/fashion-design-fundamentals/checkout')).toEqual({
      lead: 'Welcome to Adire Fashion Academy. Taking you back to the checkout…',
      link: 'Go back to the checkout now',
    });
  });
  it('does not promise the dashboard for any other page', () => {
    expect(signedUpWords('/courses/fashion-design-fundamentals')).toEqual({
      lead: 'Welcome to Adire Fashion Academy. Taking you back to the page you came from…',
      link: 'Go back to that page now',
    });
    expect(signedUpWords('/dashboards')?.link).toBe('Go back to that page now');
  });
});
