// Why a publish's build failed, in the words staff read on /staff/publish: the file and the field or
// line the build names (the content gate's 'content/x.md:12: ...', a schema's 'courses → x ...
// price_naira: ...'), never a stack trace, a folder of the server or the build's own noise.

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
  if (schema >= 0) {
    const fields = lines
      .slice(schema + 1, schema + 6)
      .map((line) => line.trim())
      .filter((line) => /^\*?\*?[\w.[\]-]+\*?\*?: /.test(line))
      .map((line) => line.replace(/\*\*/g, ''));
    const head = lines[schema]!.replace(/^.*?\]\s*/, '').replace(/^\[\w+\]\s*/, '');
    return [head, ...fields].join(' ').trim();
  }
  const named = lines.find((line) => /(^|\s)(content\/[^\s:]+(:\d+)?): /.test(line));
  if (named) return named.replace(/^.*?(content\/)/, '$1').trim();
  const error = lines.find((line) => /error/i.test(line) && !/node_modules|\/work\/|\/srv\//.test(line));
  return error ? error.replace(/^.*?\[ERROR\]\s*/, '').trim() : FALLBACK;
}
