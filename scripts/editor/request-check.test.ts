// npm run edit answers only requests addressed to itself, and its backend's calls only from its own
// page, as a POST of JSON: another site's page (a form, a text/plain fetch, a name rebound to
// 127.0.0.1) is refused.
import { describe, expect, it } from 'vitest';
import { API_PATH, requestRefusal } from './request-check.ts';

const PORT = 4330;
const call = (headers: Record<string, string>, method = 'POST') => requestRefusal({ method, headers }, API_PATH, PORT);
const json = { 'content-type': 'application/json' };

describe("the editor's request check", () => {
  it("serves its own page and its page's calls, at localhost or 127.0.0.1", () => {
    for (const host of [`localhost:${PORT}`, `127.0.0.1:${PORT}`]) {
      expect(requestRefusal({ method: 'GET', headers: { host } }, '/admin/config.yml', PORT)).toBeUndefined();
      expect(call({ host, origin: `http://${host}`, 'content-type': 'application/json; charset=utf-8' })).toBeUndefined();
      expect(call({ host, ...json })).toBeUndefined();
    }
    expect(call({ host: `localhost:${PORT}`, origin: `http://127.0.0.1:${PORT}`, ...json })).toBeUndefined();
  });

  it('refuses any request addressed to another name or port (DNS rebinding), pages included', () => {
    for (const host of [
      'evil.example:4330',
      'evil.example',
      'localhost',
      '127.0.0.1',
      'localhost:4331',
      '127.0.0.2:4330',
      '[::1]:4330',
      'LOCALHOST:4330',
      'localhost:4330.evil.example',
      '',
    ])
      for (const path of ['/admin/', '/admin/config.yml', '/', API_PATH])
        expect(requestRefusal({ method: 'GET', headers: { host } }, path, PORT), `${host} ${path}`).toBe(
          'The editor answers only at http://localhost:4330/.',
        );
    expect(requestRefusal({ method: 'GET', headers: {} }, '/admin/', PORT)).toBeDefined();
    expect(call({ host: 'evil.example:4330', origin: 'http://evil.example:4330', ...json })).toBeDefined();
  });

  it("refuses a call to the backend from another page's origin", () => {
    for (const origin of [
      'http://evil.example',
      'https://localhost:4330',
      'http://localhost:4331',
      'http://localhost:4330.evil.example',
      'null',
      '',
      'http://evil.example, http://localhost:4330',
    ])
      expect(call({ host: `localhost:${PORT}`, origin, ...json }), origin).toBe("The editor's backend answers only the editor's own page.");
  });

  it('refuses a call that is not a POST of JSON (a form or a text/plain fetch needs no preflight; a preflight is refused)', () => {
    const host = `localhost:${PORT}`;
    for (const type of [
      'text/plain',
      'text/plain; charset=utf-8',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/jsonx',
      '',
    ])
      expect(call({ host, 'content-type': type }), type).toBe("The editor's backend takes application/json only.");
    expect(call({ host })).toBe("The editor's backend takes application/json only.");
    for (const method of ['OPTIONS', 'GET', 'PUT', 'DELETE'])
      expect(call({ host, ...json }, method), method).toBe("The editor's backend takes POST only.");
  });
});
