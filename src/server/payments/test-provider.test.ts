// When the free test provider may run: on a server listening on loopback with a local site, or where
// PAYMENTS_TEST_MODE=1 says it is meant; never by accident at a public address because
// PAYSTACK_SECRET_KEY is missing or misspelt.
import { describe, expect, it } from 'vitest';
import { testProviderRefusal } from './test-provider.ts';

const env = (PUBLIC_SITE_URL: string, more: { HOST?: string; PAYSTACK_SECRET_KEY?: string; PAYMENTS_TEST_MODE?: '0' | '1' } = {}) => ({
  HOST: '127.0.0.1',
  PUBLIC_SITE_URL,
  PAYMENTS_TEST_MODE: '0' as const,
  ...more,
});

describe('testProviderRefusal', () => {
  it('lets a local site run the test provider', () => {
    for (const site of ['http://localhost:4321', 'http://127.0.0.1:4399', 'http://[::1]:8080'])
      expect(testProviderRefusal(env(site))).toBeNull();
  });

  it('refuses a public or https site without Paystack, naming both ways out', () => {
    for (const site of ['https://adireacademy.ng', 'http://adireacademy.ng', 'https://localhost:4321', 'http://192.168.1.20:4321']) {
      const refusal = testProviderRefusal(env(site));
      expect(refusal, site).toMatch(/^PAYSTACK_SECRET_KEY is not set, and PUBLIC_SITE_URL=.+ PAYMENTS_TEST_MODE=1/);
    }
  });

  it('runs anywhere with a Paystack key, or with PAYMENTS_TEST_MODE=1 on purpose', () => {
    expect(testProviderRefusal(env('https://adireacademy.ng', { PAYSTACK_SECRET_KEY: 'sk_live_abc' }))).toBeNull();
    expect(testProviderRefusal(env('https://staging.adireacademy.ng', { PAYMENTS_TEST_MODE: '1' }))).toBeNull();
  });

  it('refuses a server listening beyond loopback, whatever PUBLIC_SITE_URL says, unless PAYMENTS_TEST_MODE=1 or Paystack', () => {
    for (const HOST of ['0.0.0.0', '::', '192.168.1.20'])
      expect(testProviderRefusal(env('http://localhost:4321', { HOST })), HOST).toBe(
        `PAYSTACK_SECRET_KEY is not set, and HOST=${HOST} is not a loopback address: set PAYSTACK_SECRET_KEY, or PAYMENTS_TEST_MODE=1 to run the test provider (every course free) there on purpose`,
      );
    for (const HOST of ['127.0.0.1', '::1', 'localhost'])
      expect(testProviderRefusal(env('http://localhost:4321', { HOST })), HOST).toBeNull();
    expect(testProviderRefusal(env('http://localhost:4321', { HOST: '0.0.0.0', PAYMENTS_TEST_MODE: '1' }))).toBeNull();
    expect(testProviderRefusal(env('https://adireacademy.ng', { HOST: '0.0.0.0', PAYSTACK_SECRET_KEY: 'sk_live_abc' }))).toBeNull();
  });
});
