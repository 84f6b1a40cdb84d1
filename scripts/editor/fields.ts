// A content schema's fields as Decap CMS fields. The schema is read through its JSON Schema
// (zod's own toJSONSchema), so every rule the build checks has its counterpart here: required or
// not, lengths, numbers' bounds, choices, list sizes, web and e-mail addresses, image paths.
import { z } from 'astro/zod';
import { IMAGE } from './load-collections.ts';

export interface JsonSchema {
  type?: string;
  format?: string;
  pattern?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: string[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
  editorWidget?: string;
}

export interface DecapField {
  name: string;
  label: string;
  widget: string;
  required?: boolean;
  hint?: string;
  pattern?: [string, string];
  min?: number;
  max?: number;
  value_type?: 'int' | 'float';
  options?: string[];
  multiple?: boolean;
  fields?: DecapField[];
  field?: DecapField;
  summary?: string;
  collapsed?: boolean;
  default?: unknown;
  [option: string]: unknown;
}

/** Where a field's images go: the folder (from the repository's root) and the path written for it. */
export interface ImageFolder {
  mediaFolder: string;
  publicFolder: string;
}

export interface FieldContext {
  /** Field path ('hero.image', 'summary') → its image folder. */
  imageFolder: (path: string) => ImageFolder;
  /** Field path → a field to use instead of the generated one (a relation to another collection). */
  overrides?: Record<string, Partial<DecapField>>;
  /** Field path → its own label or help line, where the general ones (LABELS, HINTS) would mislead. */
  texts?: Record<string, { label?: string; hint?: string }>;
  /** Field path → a help line under the field (the schema's own comments). */
  hints?: Record<string, string>;
  /** Told of each optional object's required fields (see PresenceRule). */
  whenPresent?: (rule: PresenceRule) => void;
}

/**
 * An optional object whose fields are required once it is there (a project's scholarship: no
 * scholarship, or one with its link and label). Decap would ask for those fields even when the
 * object is left out, so they are optional in Decap, and the editor page checks this rule on save.
 */
export interface PresenceRule {
  /** Keys from the entry's data to the object. */
  path: string[];
  label: string;
  required: { name: string; label: string }[];
}

/** The JSON Schema of a content schema as the files hold it (before defaults and coercion). */
export function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
    override: (context) => {
      if (context.zodSchema._zod.def.type === 'date') context.jsonSchema.format = 'date';
    },
  }) as JsonSchema;
}

const LABELS: Record<string, string> = {
  price_naira: 'Price (naira)',
  study_mode: 'Mode of study',
  full_name: 'Full name',
  imageAlt: 'Image description',
  portraitAlt: 'Portrait description',
  posterAlt: 'Poster description',
  listOrder: 'Place on /projects',
  href: 'Link address',
  cta: 'Button',
  on: 'Shown on',
  src: 'Video file',
  id: 'Id',
  // 'Title' on every page is the browser tab's title, not the heading staff see on the page.
  title: 'Browser tab title',
  description: 'Search description',
  eyebrow: 'Line above the heading',
  lead: 'Line under the heading',
  empty: 'Text while there are none',
  promo: 'Top bar text',
  promoLink: 'Top bar link',
  shortName: 'Short name',
  email: 'E-mail address',
  socials: 'Social media links',
  network: 'Social network',
  updated: 'Last updated',
  body: 'Page text',
  more: 'Button to see more',
  items: 'Services',
  applyUrl: 'Application form address',
  applyLabel: 'Apply button text',
  panel: 'Side panel',
  login: 'Log in page',
  signup: 'Sign up page',
  verify: 'Enter the code page',
  emailVerification: 'E-mail verification page',
  kyc: 'Your details page',
  signedUp: 'Signed up page',
  forgot: 'Forgot password page',
  reset: 'New password page',
  resetDone: 'Password changed page',
  logout: 'Logged out page',
  min: 'Youngest age',
  max: 'Oldest age',
};

const PICTURE = 'A JPEG, PNG or WebP picture at least 320 px wide; a large phone photo is made smaller for you when you choose it.';
const DESCRIBES = 'Says what the picture shows, for people who cannot see it (screen readers read it out). One sentence.';

/**
 * A help line under each field whose label alone would not tell staff what it is, where the schema
 * has no comment of its own to show (hintsOf in decap-config.ts).
 */
const HINTS: Record<string, string> = {
  title: 'Shown in the browser tab and as the link in search results, not on the page itself. 5 to 70 characters, different on every page.',
  description: 'The short text search engines show under the link to this page. 50 to 170 characters.',
  eyebrow: 'The short line in small capitals above the heading.',
  lead: 'The sentence under the heading.',
  intro: 'The paragraph under the page heading.',
  label: 'The words on the button or link.',
  href: 'Where it goes: a page of this site such as /courses, or a full web address starting with https://.',
  cta: 'The button under this part of the page.',
  image: PICTURE,
  portrait: PICTURE,
  poster: `The picture shown before the video plays. ${PICTURE}`,
  avatar: `The student's photo beside the quote. ${PICTURE}`,
  logo: `The partner's logo. ${PICTURE}`,
  imageAlt: DESCRIBES,
  portraitAlt: DESCRIBES,
  posterAlt: DESCRIBES,
  empty: 'Shown in place of the list while there is nothing in it.',
  figure: 'The number in large type, e.g. 2,000+.',
  claim: 'A figure and the words after it, at the foot of the home page.',
  promo: 'The line in the bar at the very top of every page.',
  promoLink: 'The link at the end of the top bar.',
  shortName: 'Used where the full name does not fit, e.g. on a phone.',
  tagline: 'A short line about the college, shown with its name.',
  captions: 'The captions file (.vtt) in public/, e.g. /media/process.vtt: a developer adds the file.',
  on: 'The pages this quote appears on: exactly three quotes are on the home page.',
  order: 'Place in the list: 1 comes first.',
  status: '“coming-soon” shows the campus as coming soon.',
  icon: 'The small drawing beside this service.',
  network: 'Which social network the link is for.',
  updated: 'Shown at the top of the page as the date it last changed.',
  quote: 'The words as the person said them, without quotation marks: the page adds them.',
  body: 'The main text of the page. Use the toolbar for headings, lists and links.',
  role: 'Shown under the name.',
  partner: 'The organisation the project is run with.',
  scholarship: 'Only for a project with a scholarship: leave it empty otherwise.',
  applyUrl: 'The web address of the application form, starting with https://.',
  ageRange: 'Who may apply: the youngest and the oldest age.',
  panel: 'The part beside the forms on a laptop; on a phone it is not shown.',
  more: 'The button after the cards.',
  products: 'The Marketplace part of the home page.',
  newsletter: 'The newsletter box in the footer.',
  testimonials: 'The quotes themselves are in Testimonials.',
  partners: 'The partners themselves are in Partners.',
  courses: 'The courses themselves are in Courses.',
  video: 'The video part of the home page.',
  points: 'One short line each.',
  facultyHeading: 'The heading above the faculty, whose details are in Faculty.',
  testimonialsHeading: 'The heading above the quotes, which are in Testimonials.',
  mission: 'The part of the page about what the college is for.',
  values: 'One card each.',
  pages: 'The heading and the line under it on each sign-in page.',
  heading: 'The heading of this page or of this part of it.',
  text: 'The paragraph under the heading.',
  button: 'The words on the button.',
  hero: 'The top of the home page: the first thing visitors see.',
  projects: 'The partner projects part of the home page.',
  services: 'The services part of the home page.',
  links: 'Buttons or links, each with its words and where it goes.',
  summary: 'One or two sentences for the card and the top of the page. At most 220 characters.',
};

/** 'imageAlt' → 'Image alt', 'price_naira' → 'Price naira', unless LABELS names it. */
export function labelOf(name: string): string {
  const words = name
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase();
  return LABELS[name] ?? words.charAt(0).toUpperCase() + words.slice(1);
}

// A web address the build's z.url() accepts: http(s), a dotted host name, then anything but spaces.
const WEB_ADDRESS = '^https?://[A-Za-z0-9-]+(\\.[A-Za-z0-9-]+)*\\.[A-Za-z]{2,}([/?#]\\S*)?$';

function lengthRule(label: string, min?: number, max?: number): [string, string] | undefined {
  if (min === undefined && max === undefined) return undefined;
  const range = `[\\s\\S]{${min ?? 0},${max ?? ''}}`;
  const words =
    min !== undefined && max !== undefined
      ? `${min} to ${max} characters`
      : max !== undefined
        ? `at most ${max} characters`
        : `at least ${min} character${min === 1 ? '' : 's'}`;
  return [`^${range}$`, `${label} must be ${words}`];
}

/** The Decap pattern (regular expression and message) that holds a string to its schema. */
function stringRule(label: string, schema: JsonSchema): [string, string] | undefined {
  const length = lengthRule(label, schema.minLength, schema.maxLength);
  const own: [string, string] | undefined =
    schema.format === 'uri'
      ? [WEB_ADDRESS, `${label} must be a web address starting with https://`]
      : schema.format === 'email'
        ? [schema.pattern!, `${label} must be an e-mail address`]
        : schema.format === 'starts_with'
          ? [schema.pattern!, `${label} must start with ${JSON.stringify(schema.pattern!.slice(2, -2).replace(/\\/g, ''))}`]
          : schema.pattern
            ? [schema.pattern, `${label} may hold only lower-case letters, digits and hyphens`]
            : undefined;
  if (!own) return length;
  if (!length) return own;
  // Both rules at once: the length as a lookahead, then the string's own pattern.
  return [`(?=${length[0]})(?:${own[0]})`, `${own[1]}; ${length[1].replace(`${label} must be `, '')}`];
}

function bounds(schema: JsonSchema) {
  const safe = (value?: number) => (value !== undefined && Math.abs(value) < Number.MAX_SAFE_INTEGER ? value : undefined);
  const min = safe(schema.minimum) ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : undefined);
  return { min, max: safe(schema.maximum) };
}

const defined = <T extends object>(value: T): T =>
  Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as T;

/** One field of an object schema. */
function fieldOf(name: string, schema: JsonSchema, required: boolean, context: FieldContext, path = name): DecapField {
  const own = context.texts?.[path];
  const label = own?.label ?? labelOf(name);
  const hint = own?.hint ?? context.hints?.[path] ?? context.hints?.[name] ?? HINTS[name];
  const base = { name, label, required, hint, ...(schema.default !== undefined && { default: schema.default }) };
  const override = context.overrides?.[path];
  if (override) return defined({ ...base, ...override } as DecapField);
  if (schema.editorWidget === IMAGE) {
    const folder = context.imageFolder(path);
    return defined({ ...base, widget: 'image', choose_url: false, media_folder: folder.mediaFolder, public_folder: folder.publicFolder });
  }
  if (schema.format === 'date')
    return defined({ ...base, widget: 'datetime', format: 'YYYY-MM-DD', date_format: 'D MMMM YYYY', time_format: false, picker_utc: true });
  if (schema.enum) return defined({ ...base, widget: 'select', options: schema.enum });
  // Whole naira (price_naira): the editor page's own 'naira' field reads '195,000' and refuses kobo,
  // where Decap's number field read '195000.50' as 1950005.
  if (schema.type === 'integer' && name.endsWith('_naira')) return defined({ ...base, widget: 'naira', ...bounds(schema) });
  if (schema.type === 'integer' || schema.type === 'number')
    return defined({ ...base, widget: 'number', value_type: schema.type === 'integer' ? 'int' : 'float', step: 1, ...bounds(schema) });
  if (schema.type === 'object') {
    const fields = fieldsOf(schema, context, path);
    if (!required && !path.includes('[]')) {
      const must = fields.filter((field) => field.required);
      if (must.length)
        context.whenPresent?.({ path: path.split('.'), label, required: must.map((field) => ({ name: field.name, label: field.label })) });
      for (const field of must) field.required = false;
    }
    return defined({ ...base, widget: 'object', collapsed: false, fields });
  }
  if (schema.type === 'array') {
    const items = schema.items ?? {};
    const sizes = { min: schema.minItems, max: schema.maxItems };
    if (items.enum) return defined({ ...base, ...sizes, widget: 'select', multiple: true, options: items.enum });
    if (items.type === 'object') {
      const fields = fieldsOf(items, context, path);
      const summary = fields.find((field) => field.widget === 'string');
      return defined({ ...base, ...sizes, widget: 'list', collapsed: true, summary: summary && `{{fields.${summary.name}}}`, fields });
    }
    const field = fieldOf('item', items, true, context, `${path}[]`);
    return defined({ ...base, ...sizes, widget: 'list', collapsed: false, summary: '{{fields.item}}', field: { ...field, label } });
  }
  const long = (schema.maxLength ?? 0) > 100 || (schema.minLength ?? 0) >= 20;
  return defined({ ...base, widget: long ? 'text' : 'string', pattern: stringRule(label, schema) });
}

/** The fields of an object schema, in the schema's order. */
export function fieldsOf(schema: JsonSchema, context: FieldContext, prefix = ''): DecapField[] {
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).map(([name, property]) =>
    fieldOf(name, property, required.has(name), context, prefix ? `${prefix}.${name}` : name),
  );
}
