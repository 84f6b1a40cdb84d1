// The editor's price field reads naira as staff type them, and refuses, saying why, what it cannot.
import { describe, expect, it } from 'vitest';
import { readNaira, savedAs } from './naira.ts';

const BOUNDS = { min: 1000, max: 5_000_000 };

describe('a price typed into the editor', () => {
  it.each([
    ['195,000', 195000],
    ['195000', 195000],
    ['195000.00', 195000],
    ['₦195,000', 195000],
    [' 1,500,000 ', 1500000],
    ['NGN 86000', 86000],
  ])('reads %j as %d naira', (typed, naira) => {
    expect(readNaira(typed, BOUNDS)).toEqual({ naira });
  });

  it('never reads kobo as more naira: 195000.50 and 150000.75 are refused, naming the whole-naira choices', () => {
    expect(readNaira('195000.50', BOUNDS)).toEqual({
      problem: 'Prices are whole naira: ₦195,000.50 has 50 kobo. Type ₦195,000 or ₦195,001.',
    });
    expect(readNaira('150000.75', BOUNDS)).toEqual({
      problem: 'Prices are whole naira: ₦150,000.75 has 75 kobo. Type ₦150,000 or ₦150,001.',
    });
  });

  it.each(['', 'abc', '195.000,00', '19,50,00', '195000.505', '-5000', '1e6'])('refuses %j with a message', (typed) => {
    const reading = readNaira(typed, BOUNDS);
    expect(reading).toHaveProperty('problem');
    expect((reading as { problem: string }).problem.length).toBeGreaterThan(10);
  });

  it('refuses a price outside the schema’s bounds, naming them', () => {
    expect(readNaira('950', BOUNDS)).toEqual({ problem: 'The price must be between ₦1,000 and ₦5,000,000.' });
  });

  it('says what it will save in the site’s naira format', () => {
    expect(savedAs(195000)).toBe('Will be saved as ₦195,000.');
  });
});
