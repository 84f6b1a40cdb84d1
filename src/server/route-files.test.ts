// House rules of the API's files that no linter knows: a file that makes a sub-app of routes says so
// in its name, so the next engineer finds every route by `*routes.ts`; and the HTTP plumbing stays
// below sign-in (src/server/http imports nothing of src/server/auth, not even a type).
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '..');

/** Every TypeScript source file under `folder`, tests left out. */
function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => join(folder, file));
}

/** Any import (a type's too) from src/server/auth. */
const LOADS_AUTH = /^import\s[^;]*from\s+'(?:\.\.\/auth\/|#server\/auth\/)/m;
const EXPORTS_ROUTES = /export\s+(?:async\s+)?(?:function|const)\s+create\w*Routes\b|export\s*\{[^}]*\bcreate\w*Routes\b/;

describe('route files', () => {
  it('a file exporting a create*Routes function is named routes.ts or *-routes.ts', () => {
    const routeFiles = sourceFiles(SRC).filter((file) => EXPORTS_ROUTES.test(readFileSync(file, 'utf8')));
    expect(routeFiles.length).toBeGreaterThan(10);
    const misnamed = routeFiles.filter((file) => !/^(?:routes|[a-z0-9-]+-routes)\.ts$/.test(basename(file)));
    expect(misnamed.map((file) => relative(SRC, file))).toEqual([]);
  });

  it('the HTTP plumbing (src/server/http) imports nothing of src/server/auth', () => {
    const http = join(SRC, 'server', 'http');
    const reaching = sourceFiles(http).filter((file) => LOADS_AUTH.test(readFileSync(file, 'utf8')));
    expect(reaching.map((file) => relative(SRC, file))).toEqual([]);
  });
});
