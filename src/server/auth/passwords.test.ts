import { describe, expect, it } from 'vitest';
import { hashPassword, isCommonPassword, verifyPassword } from './passwords.ts';
import { hashCode, newNumericCode, newSessionToken, sameSecret } from './tokens.ts';

describe('passwords', () => {
  it('hashes with argon2id at m=19456, t=2, p=1 and verifies only the right password', async () => {
    const stored = await hashPassword('Kente2024!');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(stored, 'Kente2024!')).toBe(true);
    expect(await verifyPassword(stored, 'kente2024!')).toBe(false);
    expect(await verifyPassword('not a hash', 'Kente2024!')).toBe(false);
  });

  it('does the hash work even when there is no account, and answers false', async () => {
    await verifyPassword(null, 'warm-up');
    const started = performance.now();
    expect(await verifyPassword(null, 'Kente2024!')).toBe(false);
    expect(performance.now() - started).toBeGreaterThan(3);
  });

  it('knows common passwords in any letter case, and not uncommon ones', () => {
    for (const common of ['Password1', 'PASSWORD123', 'Qwerty123', 'Iloveyou1']) expect(isCommonPassword(common), common).toBe(true);
    expect(isCommonPassword('Adire-Indigo-Lagos-7')).toBe(false);
  });
});

describe('tokens and codes', () => {
  it('makes distinct 6-digit codes and 43-character tokens', () => {
    const codes = new Set(Array.from({ length: 200 }, () => newNumericCode()));
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
    expect(codes.size).toBeGreaterThan(190);
    expect(newSessionToken()).not.toBe(newSessionToken());
  });

  it('salts a code hash with its owner and purpose, and compares digests exactly', () => {
    const hash = hashCode('123456', 'student-1', 'verify_email');
    expect(hash).not.toBe(hashCode('123456', 'student-2', 'verify_email'));
    expect(hash).not.toBe(hashCode('123456', 'student-1', 'reset_password'));
    expect(sameSecret(hash, hashCode('123456', 'student-1', 'verify_email'))).toBe(true);
    expect(sameSecret(hash, hashCode('123457', 'student-1', 'verify_email'))).toBe(false);
    expect(sameSecret('', '')).toBe(false);
  });
});
