// The editor and the build hold content to the same rules: every collection of
// src/content.config.ts is editable with the same required fields; every entry the build accepts
// today passes the editor's checks; and a value one past a schema's limit is refused by both.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { parse } from 'yaml';
import { editablePaths, editorConfig, gateRules, type PresenceRules } from './decap-config.ts';
import type { DecapField } from './fields.ts';
import { jsonSchemaOf, type JsonSchema } from './fields.ts';
import { loadCollections } from './load-collections.ts';

// Vitest runs modules itself, past load-collections.ts's Node hooks: the same stand-ins, its way.
vi.mock('astro:content', () => import('./astro-stubs.ts'));
vi.mock('astro/loaders', () => import('./astro-stubs.ts'));

const collections = await loadCollections();
const rules: PresenceRules = {};
const config = editorConfig(collections, { root: '.', backend: { name: 'proxy', proxy_url: 'http://localhost/api/v1' } }, rules);
type EditorCollection = (typeof config.collections)[number];
const HIDDEN: Record<string, string[]> = {
  courses: ['materials'],
  testimonials: ['position'],
  campuses: ['position'],
  partners: ['position'],
};

/** The fields of an entry as the editor edits it, and where that entry's data sits in its file. */
function entryFields(collection: EditorCollection): {
  fields: DecapField[];
  dataOf: (file: Record<string, unknown>) => Record<string, unknown>[];
} {
  if ('folder' in collection) return { fields: collection.fields, dataOf: (data) => [data] };
  const [top] = collection.files[0]!.fields as DecapField[];
  // A list file's items, each with the position the site's loader gives it (listFile).
  if (top!.widget === 'list')
    return {
      fields: top!.fields!.slice(1),
      dataOf: (data) => (data[top!.name] as Record<string, unknown>[]).map((item, index) => ({ ...item, position: index + 1 })),
    };
  if (top!.name === collection.name || collection.files[0]!.file.endsWith('.md'))
    return { fields: collection.files[0]!.fields, dataOf: (data) => [data] };
  return { fields: top!.fields!, dataOf: (data) => Object.values(data) as Record<string, unknown>[] };
}

/** What Decap would say about this data: its required, pattern, range and choice checks. */
function editorErrors(fields: DecapField[], data: Record<string, unknown>, path = ''): string[] {
  return fields.flatMap((field) => {
    const value = data[field.name];
    const at = `${path}${field.name}`;
    const empty = value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
    if (empty) return field.required === false ? [] : [`${at}: required`];
    const errors: string[] = [];
    const items = Array.isArray(value) ? (value as unknown[]) : [value];
    if (field.pattern && typeof value === 'string' && !new RegExp(field.pattern[0]).test(value)) errors.push(`${at}: ${field.pattern[1]}`);
    if (
      (field.widget === 'number' || field.widget === 'naira') &&
      ((field.min !== undefined && (value as number) < field.min) || (field.max !== undefined && (value as number) > field.max))
    )
      errors.push(`${at}: out of range`);
    if (
      (field.widget === 'list' || field.multiple) &&
      ((field.min !== undefined && items.length < field.min) || (field.max !== undefined && items.length > field.max))
    )
      errors.push(`${at}: wrong number of items`);
    if (field.widget === 'select' && items.some((item) => !field.options!.includes(item as string))) errors.push(`${at}: not a choice`);
    if (field.field) errors.push(...items.flatMap((item) => editorErrors([{ ...field.field!, name: 'item' }], { item }, `${at}[].`)));
    if (field.fields && field.widget === 'list')
      errors.push(...items.flatMap((item) => editorErrors(field.fields!, item as Record<string, unknown>, `${at}[].`)));
    if (field.fields && field.widget === 'object') errors.push(...editorErrors(field.fields, value as Record<string, unknown>, `${at}.`));
    return errors;
  });
}

/** The required field names at each object path, from the schema and from the editor's fields. */
function requiredOfSchema(schema: JsonSchema, hidden: string[], path = ''): string[] {
  return Object.entries(schema.properties ?? {})
    .filter(([name]) => !hidden.includes(name))
    .flatMap(([name, property]) => {
      const own = (schema.required ?? []).includes(name) ? [`${path}${name}`] : [];
      const inner =
        property.type === 'object' ? property : property.type === 'array' && property.items?.type === 'object' ? property.items : undefined;
      return [...own, ...(inner ? requiredOfSchema(inner, [], `${path}${name}.`) : [])];
    });
}
function requiredOfEditor(fields: DecapField[], collection: string, path = ''): string[] {
  const whenPresent = new Set(
    (rules[collection] ?? []).flatMap((rule) => rule.required.map((field) => `${rule.path.join('.')}.${field.name}`)),
  );
  return fields
    .filter((field) => field.name !== 'body' && field.widget !== 'hidden')
    .flatMap((field) => {
      const at = `${path}${field.name}`;
      const own = field.required !== false || whenPresent.has(at) ? [at] : [];
      return [...own, ...(field.fields ? requiredOfEditor(field.fields, collection, `${at}.`) : [])];
    });
}

function readData(file: string): Record<string, unknown> {
  const text = readFileSync(file, 'utf8');
  return parse(file.endsWith('.md') ? /^---\n([\s\S]*?)\n---/.exec(text)![1]! : text) as Record<string, unknown>;
}

describe('the content editor', () => {
  it('edits every collection of src/content.config.ts', () => {
    expect(config.collections.map((collection) => collection.name).sort()).toEqual(collections.map((collection) => collection.name).sort());
  });

  for (const collection of collections) {
    const editor = config.collections.find((candidate) => candidate.name === collection.name)!;
    const { fields, dataOf } = entryFields(editor);
    const schema = jsonSchemaOf(collection.schema);

    it(`asks for the fields the build requires: ${collection.name}`, () => {
      expect(requiredOfEditor(fields, collection.name).sort()).toEqual(requiredOfSchema(schema, HIDDEN[collection.name] ?? []).sort());
    });

    it(`accepts every ${collection.name} entry the build accepts, and refuses one past a limit as the build does`, () => {
      const files =
        'folder' in editor
          ? readdirSync(editor.folder)
              .filter((name) => name.endsWith(`.${editor.extension}`))
              .map((name) => `${editor.folder}/${name}`)
          : editor.files.map((file) => file.file);
      const entries = files.flatMap((file) => dataOf(readData(file)));
      expect(entries.length).toBeGreaterThan(0);
      for (const entry of entries) expect(editorErrors(fields, entry)).toEqual([]);

      // One past each top-level string's limit, in the first entry: refused by both.
      const first = entries[0]!;
      for (const [name, property] of Object.entries(schema.properties ?? {})) {
        const field = fields.find((candidate) => candidate.name === name);
        if (!field || property.type !== 'string') continue;
        for (const length of [
          property.maxLength === undefined ? undefined : property.maxLength + 1,
          property.minLength ? property.minLength - 1 : undefined,
        ]) {
          if (length === undefined || (length === 0 && field.required === false)) continue;
          const changed = { ...first, [name]: 'x'.repeat(length) };
          expect(collection.schema.safeParse(changed).success, `${name} × ${length}: build`).toBe(false);
          expect(editorErrors(fields, changed).length, `${name} × ${length}: editor`).toBeGreaterThan(0);
        }
      }
    });
  }

  it('lets staff create a course, saying it is for sale once its first lesson is added in the staff console', () => {
    const courses = config.collections.find((collection) => collection.name === 'courses')!;
    expect(courses).toMatchObject({ create: true, delete: false });
    expect(courses.description).toContain('shows as ‘Coming soon’ and is offered for sale once it has its first lesson');
    expect(courses.description).toContain('staff console’s Courses page');
    expect(courses.description).toContain('A course is never deleted here.');
    // The gate lets the new file through.
    expect(gateRules(config).entries).toContainEqual(expect.objectContaining({ folder: 'content/courses', creatable: true }));
  });

  it('keeps the paid materials out of the editor', () => {
    const courses = config.collections.find((collection) => collection.name === 'courses')!;
    const materials = 'fields' in courses ? courses.fields.find((field) => field.name === 'materials') : undefined;
    expect(materials?.widget).toBe('hidden');
    expect(editablePaths(config).filter((path) => /materials|lessons/.test(path))).toEqual([]);
  });
});

describe('references between entries', () => {
  it("offers the home page's project cards as a list of the projects, and the gate checks them on save", () => {
    const home = config.collections.find((collection) => collection.name === 'home')!;
    const projects = ('files' in home ? home.files[0]!.fields : []).find((field) => field.name === 'projects')!;
    const cards = projects.fields!.find((field) => field.name === 'cards')!;
    expect(cards.fields!.find((field) => field.name === 'project')).toMatchObject({
      widget: 'relation',
      collection: 'projects',
      value_field: '{{slug}}',
    });
    expect(gateRules(config).references).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          entry: { file: 'content/pages/home.md' },
          path: ['projects', 'cards', '[]', 'project'],
          folder: 'content/projects',
        }),
        expect.objectContaining({ entry: { folder: 'content/courses' }, path: ['tutors'], folder: 'content/tutors' }),
      ]),
    );
  });
});

describe('labels and help lines staff understand', () => {
  /** Labels that say what the field is without a help line. */
  const PLAIN = new Set([
    'Name',
    'Full name',
    'City',
    'Address',
    'Phone',
    'E-mail address',
    'Mode of study',
    'Youngest age',
    'Oldest age',
    'Apply button text',
    'Social media links',
    'Services',
    'Site settings',
    'Campuses',
    'Partners',
    'Testimonials',
    'Id',
  ]);
  const all: { collection: string; path: string; field: DecapField }[] = [];
  const visit = (collection: string, fields: DecapField[], path: string) => {
    for (const field of fields) {
      if (field.widget === 'hidden') continue;
      all.push({ collection, path: `${path}${field.name}`, field });
      visit(collection, field.fields ?? [], `${path}${field.name}.`);
    }
  };
  for (const collection of config.collections)
    visit(collection.name, 'folder' in collection ? collection.fields : collection.files.flatMap((file) => file.fields), '');

  it('labels every field in words, not the file’s key (no price_naira, imageAlt, href, cta, kyc)', () => {
    const keyLike = all.filter(({ field }) => /_|[a-z][A-Z]|^(Href|Cta|Src|Kyc|Alt|Url)\b/.test(field.label) || field.label === field.name);
    expect(keyLike.map(({ collection, path, field }) => `${collection}: ${path} “${field.label}”`)).toEqual([]);
  });

  it('gives every field a help line unless its label says it all', () => {
    const unexplained = all.filter(
      ({ field }) => !field.hint && !PLAIN.has(field.label) && !/ page$/.test(field.label) && field.field === undefined,
    );
    expect(unexplained.map(({ collection, path, field }) => `${collection}: ${path} “${field.label}”`)).toEqual([]);
  });

  it("says a page's 'Title' is the browser tab's title, not its heading; a course's title is its name", () => {
    const titles = all.filter(({ path }) => path === 'title');
    expect(titles.length).toBeGreaterThanOrEqual(5);
    for (const { collection, field } of titles) {
      if (collection === 'courses') expect(field.label).toBe('Course title');
      else {
        expect(field.label, collection).toBe('Browser tab title');
        expect(field.hint, collection).toMatch(/browser tab.*not on the page/);
      }
    }
  });
});
