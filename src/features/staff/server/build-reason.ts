// Why a publish's build failed, in the words staff read on /staff/publish: the file and the field or
// line the build names (the content gate's 'content/x.md:12: ...', a schema's 'courses → x ...
// price_naira: ...'), never a stack trace, a folder of the server or the build's own noise. A field
// is named as the editor labels it.
import { labelOf } from '../../../../scripts/editor/fields.ts';

// eslint-disable-next-line no-control-regex -- the terminal's colour codes are what is removed
const COLOURS = /\u001b\[[0-9;]*m/g;
const FALLBACK = 'The site could not be built from this content. Nothing changed on the site.';

/** The first reason in the build's output, made plain; `contentRoot` is left out of paths. */
export function plainReason(output: string, contentRoot: string): string {
  const lines = output
    .replace(COLOURS, '')
    .split('\n')
    .map((line) => line.split(`${contentRoot}/`).join('').trimEnd())
    // Stack frames and the build tool's own lines say nothing to staff.
    .filter((line) => !/^\s*at\s/.test(line) && !/^\s*(Stack trace|Location):?/.test(line));
  const schema = lines.findIndex((line) => /does not match collection schema/.test(line));
  if (schema >= 0) return schemaReason(lines.slice(schema));
  const named = lines.find((line) => /(^|\s)(content\/[^\s:]+(:\d+)?): /.test(line));
  if (named) return named.replace(/^.*?(content\/)/, '$1').trim();
  const error = lines.find((line) => /error/i.test(line) && !/node_modules|\/work\/|\/srv\//.test(line));
  return error ? error.replace(/^.*?\[ERROR\]\s*/, '').trim() : FALLBACK;
}

/** What a value of the schema's kind is called in words. */
const KINDS: Record<string, string> = {
  number: 'a number',
  string: 'text',
  boolean: 'yes or no',
  array: 'a list',
  object: 'a group of fields',
  date: 'a date',
};

/**
 * A schema's refusal ('[InvalidContentEntryDataError] projects → ishk data does not match collection
 * schema.', then '  **listOrder**: Expected type `"number"`, received `"string"`' lines and the
 * file under 'Location:') as staff read it: the file, each field by the name the editor gives it.
 */
function schemaReason(lines: string[]): string {
  const file = lines.map((line) => /(content\/\S+?)(:\d+)*$/.exec(line.trim())?.[1]).find(Boolean);
  const entry = /(\S+ → \S+) data does not match/.exec(lines[0]!)?.[1];
  const fields = lines
    .slice(1, 12)
    .map((line) => line.trim().replace(/\*\*/g, ''))
    .flatMap((line) => {
      const match = /^([\w.[\]-]+): (.*)$/.exec(line);
      return match ? [fieldInWords(match[1]!, match[2]!)] : [];
    });
  const what = fields.length ? fields.join('; ') : 'a field is not what its collection needs';
  return `${file ?? entry ?? 'An entry'}: ${what}. Nothing changed on the site.`;
}

function fieldInWords(path: string, message: string): string {
  const name = path.split('.').findLast((part) => !/^\d+$/.test(part)) ?? path;
  const label = labelOf(name);
  const field = label.toLowerCase() === path.toLowerCase() ? label : `${label} (${path})`;
  const said = message.startsWith(`${path}: `) ? message.slice(path.length + 2) : message;
  if (said === 'Required') return `${field} is missing`;
  const kinds = /Expected type `"(\w+)"`, received `"(\w+)"`/.exec(said);
  if (!kinds) return `${field}: ${said.replace(/[`"]/g, '')}`;
  const [, expected = '', received = ''] = kinds;
  return `${field} must be ${KINDS[expected] ?? expected}, not ${KINDS[received] ?? received}`;
}
