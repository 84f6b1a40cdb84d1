// A client author's view of the API: types generated from the live document by openapi-typescript
// (into tests/client-journey/generated/, not committed), the journey of tests/client-journey/journey.ts
// compiled against them with `tsc --strict` (no cast, no `any`, no suppressed error in its source),
// then walked against the API with openapi-fetch. Every answer is also held against the document.
import { spawnSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import sharp from 'sharp';
import { beforeEach, describe, expect, it } from 'vitest';
import { API_BASE } from '#server/app.ts';
import { testWebhookKey } from '#server/payments/test-provider.ts';
import { seedCatalogue, testCatalogue } from './support/catalogue.ts';
import { lastCodeTo } from './support/factories.ts';
import { useTestApp } from './support/test-app.ts';

const JOURNEY_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'client-journey');
const JOURNEY = join(JOURNEY_DIR, 'journey.ts');
const TSC = join(JOURNEY_DIR, '..', '..', 'node_modules', '.bin', 'tsc');

// Every material file of the test catalogue, where MATERIALS_DIR points.
const materialsDir = mkdtempSync(join(tmpdir(), 'typed-client-materials-'));
for (const course of testCatalogue().courses) {
  mkdirSync(join(materialsDir, course.id));
  for (const material of course.materials) writeFileSync(join(materialsDir, course.id, material.file), `${course.id}/${material.file}`);
}

const t = useTestApp({ env: { MATERIALS_DIR: materialsDir } });

/** As tests/client-journey/journey.ts takes them. */
interface JourneyHelpers {
  baseUrl: string;
  fetch: (request: Request) => Promise<Response>;
  codeFor: (email: string) => string;
  sign: (rawBody: string) => string;
  picture: Blob;
}
beforeEach(() => seedCatalogue(t.db));

async function generateTypes(): Promise<void> {
  const document = await (await t.app.request(`${API_BASE}/openapi.json`)).text();
  mkdirSync(join(JOURNEY_DIR, 'generated'), { recursive: true });
  writeFileSync(join(JOURNEY_DIR, 'generated', 'api.ts'), astToString(await openapiTS(document)));
}

describe('a client generated from the API document', () => {
  it('compiles the student journey under tsc --strict, with no cast, any or suppressed error', async () => {
    await generateTypes();
    const source = readFileSync(JOURNEY, 'utf8');
    expect(source).not.toMatch(/\bas\s+(?!const\b)[A-Z{[]|:\s*any\b|<any>|@ts-(expect-error|ignore|nocheck)/);
    const compiled = spawnSync(
      TSC,
      [
        '--ignoreConfig',
        '--strict',
        '--noUncheckedIndexedAccess',
        '--noEmit',
        '--skipLibCheck',
        '--target',
        'es2023',
        '--lib',
        'es2023,dom,dom.iterable',
        '--module',
        'nodenext',
        '--moduleResolution',
        'nodenext',
        '--allowImportingTsExtensions',
        JOURNEY,
      ],
      { encoding: 'utf8' },
    );
    expect(compiled.stdout + compiled.stderr).toBe('');
    expect(compiled.status).toBe(0);
  }, 120_000);

  it('walks the whole journey: sign-up to logout, 40 calls and more, every answer as documented', async () => {
    await generateTypes();
    // Imported by URL: the journey's types come from a file only this test generates, so the project's
    // own type check (which runs first, on a fresh clone) must not follow the import.
    const journey = pathToFileURL(JOURNEY).href;
    const { walkStudentJourney } = (await import(journey)) as { walkStudentJourney: (helpers: JourneyHelpers) => Promise<string[]> };
    const picture = new Blob([
      new Uint8Array(
        await sharp({ create: { width: 64, height: 64, channels: 3, background: '#1e1b4b' } })
          .png()
          .toBuffer(),
      ),
    ]);
    const webhookKey = await testWebhookKey(t.db);
    const calls = await walkStudentJourney({
      baseUrl: `http://localhost${API_BASE}`,
      fetch: async (request) => t.app.request(request, undefined, { incoming: { socket: { remoteAddress: '192.0.2.42' } } }),
      codeFor: (email) => lastCodeTo(t, email),
      sign: (rawBody) => createHmac('sha512', webhookKey).update(rawBody).digest('hex'),
      picture,
    });
    console.log(`[typed client] ${calls.length} calls`);
    expect(calls.length).toBeGreaterThanOrEqual(40);
    expect(calls).toContain('POST /api/v1/user/payments/webhook');
  }, 60_000);
});
