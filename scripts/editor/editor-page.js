// The editor page's own script (served at /admin/editor.js by scripts/edit.ts, after Decap CMS):
// messages that name the field, a preview of courses and projects in the site's styles, and empty
// optional fields left out of the file instead of written empty (the schemas refuse '' where a
// value must start with '/' or be a number).
/* global CMS, h */
import { formatDuration } from '#features/courses/format-duration.ts';
import { formatNaira } from '#lib/format.ts';

const en = CMS.getLocale('en');
en.editor.editorControlPane.widget.regexPattern = '%{pattern}.';
CMS.registerLocale('en', en);

CMS.registerPreviewStyle('preview.css');

/** As the course page shows a price; nothing while the field holds no number yet. */
const naira = (value) => {
  const amount = Number(value ?? 0);
  return Number.isFinite(amount) ? formatNaira(amount, { decimals: 0 }) : '';
};
const list = (value) => (value && value.toJS ? value.toJS() : []);

/** The entry's picture: its path is relative to the entry, so the field says where to find it. */
function picture({ entry, getAsset, fields }, name, alt) {
  const path = entry.getIn(['data', name]);
  const field = fields.find((candidate) => candidate.get('name') === name);
  return path ? h('img', { className: 'preview-image', src: getAsset(path, field).toString(), alt: alt ?? '' }) : null;
}

CMS.registerPreviewTemplate('courses', (props) => {
  const { entry, widgetFor } = props;
  const data = entry.get('data');
  return h(
    'article',
    { className: 'preview' },
    h('p', { className: 'preview-crumb' }, 'E-learning'),
    h('h1', null, data.get('title')),
    h('p', { className: 'preview-lead' }, data.get('description')),
    picture(props, 'image', data.get('imageAlt')),
    h('h2', null, 'Course outline'),
    h(
      'ul',
      null,
      list(data.get('summary')).map((line, index) => h('li', { key: index }, line)),
    ),
    h('h2', null, 'Course information'),
    h(
      'dl',
      { className: 'preview-facts' },
      h('dt', null, 'Duration'),
      h('dd', null, formatDuration(data.get('duration') ?? '')),
      h('dt', null, 'Mode of Study'),
      h('dd', null, data.get('study_mode')),
      h('dt', null, 'Price'),
      h('dd', { 'data-preview-price': '' }, naira(data.get('price_naira'))),
    ),
    h('div', { className: 'preview-body' }, widgetFor('body')),
  );
});

CMS.registerPreviewTemplate('projects', (props) => {
  const { entry, widgetFor } = props;
  const data = entry.get('data');
  return h(
    'article',
    { className: 'preview' },
    h('p', { className: 'preview-crumb' }, `Projects · ${data.get('partner') ?? ''}`),
    h('h1', null, data.get('name')),
    h('p', { className: 'preview-lead' }, data.get('summary')),
    picture(props, 'image', data.get('imageAlt')),
    h('div', { className: 'preview-body' }, widgetFor('body')),
  );
});

/** Paths (as key lists) of empty strings, nulls and objects left empty, deepest first. */
function emptyPaths(value, path = []) {
  if (value === '' || value === null) return [path];
  if (Array.isArray(value))
    return value.flatMap((item, index) => emptyPaths(item, [...path, index]).filter((p) => p.length > path.length + 1));
  if (typeof value !== 'object' || value instanceof Date) return [];
  const inner = Object.entries(value).flatMap(([key, item]) => emptyPaths(item, [...path, key]));
  const left = Object.keys(value).length - inner.filter((p) => p.length === path.length + 1).length;
  return left === 0 && path.length > 0 ? [...inner, path] : inner;
}

// Optional parts whose fields are required once the part is there (a project's scholarship), per
// collection: made from the schemas with the configuration (scripts/editor/fields.ts, PresenceRule).
const presenceRules = fetch('rules.json').then((response) => response.json());

/** The first optional part given without one of its required fields, as a message naming both. */
async function missingInPart(collection, data) {
  for (const rule of (await presenceRules)[collection] ?? []) {
    const part = rule.path.reduce((value, key) => value?.[key], data);
    const missing = part === undefined ? [] : rule.required.filter((field) => part[field.name] === undefined);
    if (missing.length)
      return `${rule.label}: ${missing.map((field) => field.label).join(', ')} ${missing.length > 1 ? 'are' : 'is'} required when there is a ${rule.label.toLowerCase()}.`;
  }
  return undefined;
}

CMS.registerEventListener({
  name: 'preSave',
  handler: async ({ entry }) => {
    const data = emptyPaths(entry.get('data').toJS())
      .sort((a, b) => b.length - a.length)
      .reduce((kept, path) => kept.deleteIn(path), entry.get('data'));
    const problem = await missingInPart(entry.get('collection'), data.toJS());
    if (problem) throw new Error(problem);
    return data;
  },
});
