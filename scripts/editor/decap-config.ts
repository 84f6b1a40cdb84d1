// The editor's configuration (Decap CMS), made from src/content.config.ts: one editor collection per
// content collection, its fields from the schema (fields.ts), its files from the loader. Nothing
// here restates a rule of the schemas; what is here is what a schema cannot say: labels, what an
// editor may create or remove, where new images go (where the existing ones are), and which fields
// staff never see (the seeded courses' materials list, kept by developers with
// scripts/content/make-materials.ts; a course made here has none, its lessons come from the staff console).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { parse } from 'yaml';
import {
  fieldsOf,
  jsonSchemaOf,
  type DecapField,
  type FieldContext,
  type ImageFolder,
  type JsonSchema,
  type PresenceRule,
} from './fields.ts';
import type { ContentRules, Reference } from '#server/content-gate/content-rules.ts';
import type { EntryPlace, GateRules } from './gate.ts';
import { loadCollections, type ContentCollection } from './load-collections.ts';

interface Presentation {
  label: string;
  description?: string;
  /** Folder collections: may an editor add an entry, remove one? */
  create?: boolean;
  delete?: boolean;
  /** Fields the editor never shows; their values are kept as they are in the file. */
  hidden?: string[];
  overrides?: FieldContext['overrides'];
  texts?: FieldContext['texts'];
}

const RETIRE_NOTE =
  'A course is never deleted here. To retire one (its page and checkout go away; students who enrolled keep ' +
  'their course, materials and progress), ask a developer to remove its file: the next release retires it.';

const PRESENTATION: Record<string, Presentation> = {
  courses: {
    label: 'Courses',
    description:
      'The e-learning catalogue. A new course made here shows as ‘Coming soon’ and is offered for sale once it has its ' +
      'first lesson, added in the staff console’s Courses page. ' +
      RETIRE_NOTE,
    create: true,
    delete: false,
    hidden: ['materials'],
    texts: {
      title: {
        label: 'Course title',
        hint: 'The course’s name: the heading of its page, its cards and the browser tab. 5 to 70 characters.',
      },
      description: { label: 'Short description' },
      summary: { label: 'Course outline' },
      order: { hint: 'Place in the catalogue: 1 comes first.' },
      tutors: { hint: 'Choose one to three tutors from the list; the first is the lead tutor.' },
    },
    overrides: {
      tutors: {
        widget: 'relation',
        collection: 'tutors',
        value_field: '{{slug}}',
        search_fields: ['full_name'],
        display_fields: ['full_name'],
        multiple: true,
      },
    },
  },
  tutors: {
    label: 'Tutors',
    texts: { body: { label: 'Biography', hint: 'Two short paragraphs, 60 to 140 words in all.' } },
    description: 'The people who teach the e-learning courses. A tutor named by a course cannot be removed here.',
    create: true,
    delete: false,
  },
  projects: {
    label: 'Partner projects',
    description: 'One page each at /projects/<file name>. Pages are not removed here: the home page links to some.',
    create: true,
    delete: false,
  },
  home: {
    label: 'Home page',
    overrides: {
      // A card names a project by its file name: chosen from the list, never typed (a project's
      // name typed here broke the whole build).
      'projects.cards.project': {
        widget: 'relation',
        collection: 'projects',
        value_field: '{{slug}}',
        search_fields: ['name'],
        display_fields: ['name'],
        hint: 'Choose one of the partner projects.',
      },
    },
  },
  about: { label: 'About page' },
  faculty: {
    label: 'Faculty (about page)',
    create: true,
    delete: true,
    texts: {
      role: { hint: 'Their job at the college, shown under the name.' },
      order: { hint: 'Place on the about page: 1 comes first.' },
    },
  },
  testimonials: { label: 'Testimonials' },
  campuses: { label: 'Campuses' },
  partners: { label: 'Partners' },
  legal: { label: 'Legal pages', description: 'Terms, cookies and privacy, listed in the footer by `order`.', create: true, delete: false },
  site: { label: 'Site settings' },
  auth: { label: 'Sign-in pages' },
  wip: { label: "'Work in progress' page" },
};

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/;

interface ContentFile {
  /** Path from the content root, e.g. content/courses/x.md. */
  path: string;
  data: Record<string, unknown>;
  body: string;
}

function readEntry(root: string, path: string): ContentFile {
  const text = readFileSync(join(root, path), 'utf8');
  if (!path.endsWith('.md')) return { path, data: parse(text) as Record<string, unknown>, body: '' };
  const [, front = '', body = ''] = FRONT_MATTER.exec(text) ?? [];
  return { path, data: (parse(front) ?? {}) as Record<string, unknown>, body };
}

const strip = (path: string) => posix.normalize(path).replace(/^\.\//, '');
const isLiteral = (pattern: string) => !/[*?{[]/.test(pattern);

function filesOf(root: string, collection: ContentCollection): string[] {
  const { loader } = collection;
  if (loader.kind === 'file') return [strip(loader.path)];
  const base = strip(loader.base);
  if (isLiteral(loader.pattern)) return [posix.join(base, loader.pattern)];
  const extension = posix.extname(loader.pattern);
  if (!existsSync(join(root, base))) return [];
  return readdirSync(join(root, base))
    .filter((name) => name.endsWith(extension))
    .map((name) => posix.join(base, name));
}

/** Every value at each field path of this data ('hero.image', 'links[].href'), for images' folders. */
function collectValues(schema: JsonSchema, value: unknown, path: string, out: Map<string, unknown[]>) {
  if (value === undefined || value === null) return;
  if (schema.type === 'object' && typeof value === 'object') {
    for (const [name, property] of Object.entries(schema.properties ?? {}))
      collectValues(property, (value as Record<string, unknown>)[name], path ? `${path}.${name}` : name, out);
  } else if (schema.type === 'array' && Array.isArray(value)) {
    for (const item of value) collectValues(schema.items ?? {}, item, `${path}[]`, out);
  } else out.set(path, [...(out.get(path) ?? []), value]);
}

/**
 * Where new images of a field go: the folder most of its current images are in, written as they are
 * (relative to the entry's file); a field without any yet gets content/images/<collection>.
 */
function imageFolders(collection: string, schema: JsonSchema, entries: { dir: string; data: unknown }[]) {
  const values = new Map<string, unknown[]>();
  const dirs = new Map<string, string>();
  for (const entry of entries) {
    const found = new Map<string, unknown[]>();
    collectValues(schema, entry.data, '', found);
    for (const [path, list] of found) {
      for (const value of list)
        if (typeof value === 'string') values.set(path, [...(values.get(path) ?? []), posix.join(entry.dir, value)]);
      dirs.set(path, entry.dir);
    }
  }
  const entryDir = entries[0]?.dir ?? 'content';
  return (path: string): ImageFolder => {
    const folders = (values.get(path) ?? []).map((file) => posix.dirname(file as string));
    const counts = new Map<string, number>();
    for (const folder of folders) counts.set(folder, (counts.get(folder) ?? 0) + 1);
    const mediaFolder = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? `content/images/${collection}`;
    const relative = posix.relative(dirs.get(path) ?? entryDir, mediaFolder);
    return { mediaFolder: `/${mediaFolder}`, publicFolder: relative.startsWith('.') ? relative : `./${relative}` };
  };
}

/** The schema's own comments (/** … *\/ above a field), as help lines keyed by field name. */
function hintsOf(source: string, collection: string): Record<string, string> {
  const start = source.search(new RegExp(`const ${collection} = defineCollection`));
  if (start < 0) return {};
  const end = source.indexOf('\n});', start);
  const block = source.slice(start, end);
  return Object.fromEntries(
    [...block.matchAll(/\/\*\*\s*([^*]+?)\s*\*\/\s*\n\s*(\w+):/g)].map((match) => [match[2]!, match[1]!.replace(/\s+/g, ' ')]),
  );
}

export interface EditorOptions {
  /** The folder holding content/ (the repository, or a copy of it). */
  root: string;
  /** The Decap backend: the local proxy for `npm run edit`, a git host in production. */
  backend: Record<string, unknown>;
  siteUrl?: string;
}

/** Collection name → the rules the editor page checks on save (PresenceRule). */
export type PresenceRules = Record<string, PresenceRule[]>;

/** The Decap CMS configuration for these collections; `rules` collects what the page checks itself. */
export function editorConfig(collections: ContentCollection[], options: EditorOptions, rules: PresenceRules = {}) {
  const source = readFileSync(new URL('../../src/content.config.ts', import.meta.url), 'utf8');
  const order = Object.keys(PRESENTATION);
  const sorted = [...collections].sort((a, b) => (order.indexOf(a.name) + 1 || 99) - (order.indexOf(b.name) + 1 || 99));
  return {
    backend: options.backend,
    media_folder: 'content/images',
    public_folder: '../images',
    ...(options.siteUrl && { site_url: options.siteUrl, display_url: options.siteUrl }),
    slug: { encoding: 'ascii', clean_accents: true, sanitize_replacement: '-' },
    collections: sorted.map((collection) => {
      const collected: PresenceRule[] = (rules[collection.name] = []);
      return collectionConfig(collection, options.root, {
        hints: hintsOf(source, collection.name),
        whenPresent: (rule) => collected.push(rule),
      });
    }),
  };
}

function collectionConfig(collection: ContentCollection, root: string, shared: Pick<FieldContext, 'hints' | 'whenPresent'>) {
  const presentation = PRESENTATION[collection.name] ?? { label: collection.name };
  const schema = jsonSchemaOf(collection.schema);
  const files = filesOf(root, collection).map((path) => readEntry(root, path));
  // A list file's `position` is the item's place in the file (listFile in content.config.ts), set
  // when the site is built: staff set it by dragging the item, so it is no field of its own.
  const hidden = new Set([...(presentation.hidden ?? []), ...(collection.loader.kind === 'file' ? ['position'] : [])]);
  const visible: JsonSchema = {
    ...schema,
    properties: Object.fromEntries(Object.entries(schema.properties ?? {}).filter(([name]) => !hidden.has(name))),
    required: (schema.required ?? []).filter((name) => !hidden.has(name)),
  };
  const common = {
    name: collection.name,
    label: presentation.label,
    ...(presentation.description && { description: presentation.description }),
  };
  const { loader } = collection;

  if (loader.kind === 'file') {
    // A YAML file: either one list under the collection's name (listFile in content.config.ts), or
    // entries keyed by id (site.yaml's one entry, `main`), each then an object of the same fields.
    const file = files[0]!;
    const list = file.data[collection.name];
    const dir = posix.dirname(file.path);
    if (Array.isArray(list)) {
      const entries = list.map((data: unknown) => ({ dir, data }));
      const context = {
        ...shared,
        imageFolder: imageFolders(collection.name, visible, entries),
        overrides: presentation.overrides,
        texts: presentation.texts,
      };
      const id: DecapField = {
        name: 'id',
        label: 'Id',
        widget: 'string',
        hint: 'Unique, lower-case letters, digits and hyphens.',
        pattern: ['^[a-z0-9-]+$', 'Id may hold only lower-case letters, digits and hyphens'],
      };
      const fields = fieldsOf(visible, context);
      const summary = fields.find((field) => field.widget === 'string')?.name ?? 'id';
      const listField = {
        name: collection.name,
        label: presentation.label,
        widget: 'list',
        summary: `{{fields.${summary}}}`,
        fields: [id, ...fields],
      };
      return { ...common, files: [{ name: collection.name, label: presentation.label, file: file.path, fields: [listField] }] };
    }
    const keys = Object.keys(file.data);
    const entries = keys.map((key) => ({ dir, data: file.data[key] }));
    const context = {
      ...shared,
      imageFolder: imageFolders(collection.name, visible, entries),
      overrides: presentation.overrides,
      texts: presentation.texts,
    };
    const fields = keys.map((key) => ({
      name: key,
      label: presentation.label,
      widget: 'object',
      collapsed: false,
      fields: fieldsOf(visible, context),
    }));
    return { ...common, files: [{ name: collection.name, label: presentation.label, file: file.path, fields }] };
  }

  const entries = files.map((file) => ({ dir: posix.dirname(file.path), data: file.data }));
  const context = {
    ...shared,
    imageFolder: imageFolders(collection.name, visible, entries),
    overrides: presentation.overrides,
    texts: presentation.texts,
  };
  const shown = fieldsOf(visible, context);
  // A hidden field stays in the file as it is, never shown. It is still named, as a hidden widget:
  // Decap orders a file's keys by its fields, and a key it does not know would land anywhere.
  const fields = Object.keys(schema.properties ?? {}).map(
    (name): DecapField => shown.find((field) => field.name === name) ?? { name, label: name, widget: 'hidden', required: false },
  );
  // A Markdown body where the collection's files have one (a biography, a page's text).
  if (files.some((file) => file.body.trim()))
    fields.push({
      name: 'body',
      label: presentation.texts?.body?.label ?? 'Page text',
      hint: presentation.texts?.body?.hint ?? 'The main text of the page. Use the toolbar for headings, lists and links.',
      widget: 'markdown',
      required: false,
    });

  if (isLiteral(loader.pattern)) {
    return { ...common, files: [{ name: collection.name, label: presentation.label, file: files[0]!.path, fields }] };
  }
  const identifier = ['title', 'name', 'full_name', 'heading'].find((name) => fields.some((field) => field.name === name));
  return {
    ...common,
    folder: strip(loader.base),
    extension: posix.extname(loader.pattern).slice(1),
    format: 'frontmatter',
    create: presentation.create ?? false,
    delete: presentation.delete ?? false,
    identifier_field: identifier,
    slug: `{{${identifier ?? 'slug'}}}`,
    fields,
  };
}

/** The folders the picture fields upload to (each field's media_folder), from the content root. */
function pictureFolders(config: ReturnType<typeof editorConfig>): string[] {
  const folders = new Set<string>();
  const visit = (fields: DecapField[]) => {
    for (const field of fields) {
      if (typeof field.media_folder === 'string') folders.add(field.media_folder.replace(/^\//, ''));
      visit(field.fields ?? []);
    }
  };
  for (const collection of config.collections)
    visit(
      ('fields' in collection ? collection.fields : undefined) ??
        ('files' in collection ? collection.files.flatMap((file) => file.fields) : []),
    );
  return [...folders].sort();
}

/**
 * The fields that name another collection's entry by its file name (relation fields), for the gate
 * to refuse a save that names a file which is not there: where the entry is (a collection's folder
 * or file), the keys to the field ('[]' for each item of a list), and the folder of the entries named.
 */
function referencesOf(config: ReturnType<typeof editorConfig>): Reference[] {
  const folders = new Map(config.collections.flatMap((collection) => ('folder' in collection ? [[collection.name, collection]] : [])));
  const out: Reference[] = [];
  const visit = (fields: DecapField[], entry: Reference['entry'], keys: string[], labels: string[]) => {
    for (const field of fields) {
      const here = [...keys, field.name];
      const named = [...labels, field.label];
      const target = field.widget === 'relation' ? folders.get(field.collection as string) : undefined;
      if (target) out.push({ entry, path: here, label: named.join(' › '), folder: target.folder, extension: `.${target.extension}` });
      if (field.fields) visit(field.fields, entry, field.widget === 'list' ? [...here, '[]'] : here, named);
      if (field.field) visit([field.field], entry, [...here, '[]'], labels);
    }
  };
  for (const collection of config.collections) {
    if ('folder' in collection) visit(collection.fields, { folder: collection.folder }, [], [collection.label]);
    else for (const file of collection.files) visit(file.fields, { file: file.file }, [], [collection.label]);
  }
  return out;
}

/** The folders and files the editor may read and write, from the content root: nothing else is served. */
export function editablePaths(config: ReturnType<typeof editorConfig>): string[] {
  const paths = new Set<string>([config.media_folder, ...pictureFolders(config)]);
  for (const collection of config.collections) {
    if ('folder' in collection) paths.add(collection.folder);
    for (const file of 'files' in collection ? collection.files : []) paths.add(file.file);
  }
  return [...paths].sort();
}

/**
 * What the local backend's gate (gate.ts) lets the editor do: read what it edits; write an entry as a
 * file of its own collection (a folder collection's folder with its extension, or the one file);
 * remove one only where the collection allows it (never a course); write pictures only to the
 * folders of the picture fields.
 */
export function gateRules(config: ReturnType<typeof editorConfig>): GateRules {
  return {
    editable: editablePaths(config),
    entries: config.collections.flatMap((collection): EntryPlace[] =>
      'folder' in collection
        ? [{ folder: collection.folder, extension: `.${collection.extension}`, removable: collection.delete, creatable: collection.create }]
        : collection.files.map((file) => ({ file: file.file })),
    ),
    pictures: pictureFolders(config),
    references: referencesOf(config),
  };
}

/**
 * What the build's content gate needs of the editor's collections (src/server/content-gate/build-gate.ts):
 * the picture folders and relation fields of the editor made from the content in `root`, the same
 * the local gate holds a save to, so content that came another way is held to them too.
 */
export async function contentRulesOf(root: string): Promise<ContentRules> {
  const { pictures, references } = gateRules(editorConfig(await loadCollections(), { root, backend: { name: 'proxy' } }));
  return { pictures, references };
}
