import { describe, expect, it } from 'vitest';
import { EnvError, readEnv } from './env.ts';

describe('settings', () => {
  it('has working defaults', () => {
    const env = readEnv({});
    expect(env.PORT).toBe(4321);
    expect(env.HOST).toBe('127.0.0.1');
    expect(env.DATA_DIR).toBe('./data');
    expect(env.PUBLIC_SITE_URL).toBe('http://localhost:4321');
    expect(env.CORS_ORIGINS).toEqual([]);
  });

  it('reads lists and trims trailing slashes', () => {
    const env = readEnv({ CORS_ORIGINS: 'https://a.ng, https://b.ng', PUBLIC_SITE_URL: 'https://adireacademy.ng/' });
    expect(env.CORS_ORIGINS).toEqual(['https://a.ng', 'https://b.ng']);
    expect(env.PUBLIC_SITE_URL).toBe('https://adireacademy.ng');
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['PUBLIC_SITE_URL', 'not a url'],
    ['TRUST_PROXY', 'yes'],
    ['CORS_ORIGINS', 'https://a.ng/path'],
    ['STAFF_EMAIL', 'staff'],
  ])('refuses %s=%s with one line that names it', (key, value) => {
    expect(() => readEnv({ [key]: value })).toThrow(EnvError);
    try {
      readEnv({ [key]: value });
    } catch (error) {
      expect((error as Error).message).toMatch(new RegExp(`^Invalid setting ${key}=`));
      expect((error as Error).message).not.toContain('\n');
    }
  });
});
