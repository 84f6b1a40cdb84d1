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
    ['TRUST_PROXY', '1.5'],
    ['TRUST_PROXY', '-1'],
    ['TRUST_PROXY', '21'],
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

  it('reads TRUST_PROXY as a number of proxies, 0 when unset', () => {
    expect(readEnv({}).TRUST_PROXY).toBe(0);
    expect(readEnv({ TRUST_PROXY: '' }).TRUST_PROXY).toBe(0);
    expect(readEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(() => readEnv({ TRUST_PROXY: 'true' })).toThrow('Invalid setting TRUST_PROXY="true": must be a whole number of proxies, e.g. 1');
  });

  it.each([
    ['DATABASE_URL', 'mysql://admin:hunter2@db.internal/afa'],
    ['SMTP_URL', 'http://mailer:hunter2@smtp.internal'],
    ['PAYSTACK_SECRET_KEY', 'pk_live_hunter2'],
  ])('names %s but never repeats its refused value', (key, value) => {
    let message = '';
    try {
      readEnv({ [key]: value });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(new RegExp(`^Invalid setting ${key}=\\(value not shown\\): `));
    expect(message).not.toContain('hunter2');
  });

  it('still shows a refused value that is not secret, to help fix it', () => {
    expect(() => readEnv({ PORT: 'eighty' })).toThrow('Invalid setting PORT="eighty"');
  });

  it('reads TRUST_PROXY_ADDRESSES as addresses and ranges, loopback when unset', () => {
    const proxies = readEnv({ TRUST_PROXY_ADDRESSES: '10.0.0.0/8, 192.168.1.5, fd00::/8' }).TRUST_PROXY_ADDRESSES;
    expect(['10.1.2.3', '192.168.1.5', 'fd12::1', '::ffff:10.0.0.7'].map(proxies)).toEqual([true, true, true, true]);
    expect(['127.0.0.1', '192.168.1.6', 'nginx'].map(proxies)).toEqual([false, false, false]);
    const loopback = readEnv({}).TRUST_PROXY_ADDRESSES;
    expect(['127.0.0.1', '::1', '::ffff:127.0.0.1', '203.0.113.9'].map(loopback)).toEqual([true, true, true, false]);
    for (const value of ['', 'nginx', '10.0.0.0/33', '::1/129', '10.0.0.1/8/1', '10.0.0.0/x', '*'])
      expect(() => readEnv({ TRUST_PROXY_ADDRESSES: value }), value).toThrow(
        /^Invalid setting TRUST_PROXY_ADDRESSES=".*": must be a comma-separated list of addresses/,
      );
  });

  it('needs PUBLIC_SITE_URL unless the server listens on loopback only', () => {
    for (const HOST of ['127.0.0.1', '::1', 'localhost']) expect(readEnv({ HOST }).SITE_ORIGIN, HOST).toBeUndefined();
    for (const HOST of ['0.0.0.0', '::', '192.168.1.20', 'adire.example'])
      expect(() => readEnv({ HOST }), HOST).toThrow(
        `PUBLIC_SITE_URL is not set, and HOST=${HOST} is not a loopback address: set PUBLIC_SITE_URL`,
      );
    expect(readEnv({ HOST: '0.0.0.0', PUBLIC_SITE_URL: 'https://adireacademy.ng' }).SITE_ORIGIN).toBe('https://adireacademy.ng');
  });
});
