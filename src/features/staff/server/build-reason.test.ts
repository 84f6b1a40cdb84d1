// A failed publish's reason as staff read it: the file and the field, named as the editor names it,
// never the schema's jargon, a stack or a server folder. The outputs are the build's own (astro
// build over a content export whose project has `listOrder: first`, or no `partner`).
import { describe, expect, it } from 'vitest';
import { plainReason } from './build-reason.ts';

const ROOT = '/srv/adire/data/releases/.build/src';
const schemaFailure = (field: string) => `07:38:48 [content] Syncing content
[InvalidContentEntryDataError] projects → ishk data does not match collection schema.

  ${field}

  Hint:
    See https://docs.astro.build/en/guides/content-collections/ for more information on content schemas.
  Error reference:
    https://docs.astro.build/en/reference/errors/invalid-content-entry-data-error/
  Location:
    ${ROOT}/content/projects/ishk.md:0:0
  Stack trace:
    at getEntryDataAndImages (file:///srv/adire/node_modules/astro/dist/content/utils.js:163:26)
    at async syncData (file:///srv/adire/node_modules/astro/dist/content/loaders/glob.js:101:28)
`;

describe('why a build failed, in plain words', () => {
  it('names the file and the field of a schema refusal, as the editor labels it', () => {
    expect(plainReason(schemaFailure('listOrder**: **listOrder: Expected type `"number"`, received `"string"`'), ROOT)).toBe(
      'content/projects/ishk.md: Place on /projects (listOrder) must be a number, not text. Nothing changed on the site.',
    );
    expect(plainReason(schemaFailure('partner**: **partner: Required'), ROOT)).toBe(
      'content/projects/ishk.md: Partner is missing. Nothing changed on the site.',
    );
  });

  it("keeps the gate's own file and line", () => {
    const output = `${ROOT}/content/courses/x.md:36: raw HTML is not allowed in the text (<iframe>)\n    at check (file:///srv/adire/scripts/build/gate.ts:1:1)`;
    expect(plainReason(output, ROOT)).toBe('content/courses/x.md:36: raw HTML is not allowed in the text (<iframe>)');
  });
});
