// The editor page's own script (served at /admin/editor.js by scripts/editor/serve.ts, after Decap CMS):
// messages that name the field, shown when a field is left (page/leave-checks.js); the price field
// (page/naira-widget.js); pictures checked and resized when chosen (page/pictures.js); every page
// type previewed in the site's styles (page/previews.js); the editor's layout on a phone
// (page/editor.css); and empty optional fields left out of the file instead of written empty (the
// schemas refuse '' where a value must start with '/' or be a number).
/* global CMS */
import editorStyles from './page/editor.css';
import './page/leave-checks.js';
import './page/naira-widget.js';
import './page/picture-thumbnails.js';
import './page/pictures.js';
import './page/previews.js';

const style = document.createElement('style');
style.textContent = editorStyles;
document.head.append(style);

const en = CMS.getLocale('en');
en.editor.editorControlPane.widget.regexPattern = '%{pattern}.';
CMS.registerLocale('en', en);

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
