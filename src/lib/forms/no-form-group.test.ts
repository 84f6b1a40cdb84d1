// The build swaps TanStack React Form's form-group module for no-form-group.ts: the stand-in must
// export what the module exports, or a library update would break the build's forms, not this test.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { expect, it } from 'vitest';
import * as standIn from './no-form-group.ts';

it("exports what TanStack React Form's useFormGroup.js exports, and fails loudly when used", () => {
  const entry = createRequire(import.meta.url).resolve('@tanstack/react-form');
  const original = readFileSync(join(dirname(entry), '..', 'esm', 'useFormGroup.js'), 'utf8');
  const exported = /export\s*\{([^}]*)\}/
    .exec(original)?.[1]
    ?.split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  expect(exported?.sort()).toEqual(Object.keys(standIn).sort());
  expect(() => standIn.FormGroup()).toThrow(/Form groups are left out of the build/);
});
