// npm run --silent nginx-config -- --api http://127.0.0.1:4611 [--api …] --listen 8080 --root dist > nginx.conf
// An nginx.conf for Debian's nginx 1.22 with its brotli_static module: nginx sends the build's pages
// and files itself, with the headers, redirects and 404 page our Node server gives them, and hands
// the API to the listed server processes. Every rule comes from the server's own code: the files
// (siteFiles) and their headers (fileHeaders), the addresses (resolvePath), the media types (TYPES),
// the headers of a redirect and of a 405. Write it again after each build: the pages' CSPs name their
// scripts' hashes. Its pid, logs and temporary files are below nginx's prefix (-p), so any user can
// start it: nginx -c /abs/nginx.conf -p /writable/dir/ -g 'daemon off;'.
import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { API_DOCS } from '#server/api-docs.ts';
import { API_BASE } from '#server/app.ts';
import { SERVER_TIMEOUTS } from '#server/http-timeouts.ts';
import { withSecurityHeaders } from '#server/security-headers.ts';
import { methodNotAllowed } from '#server/site-server.ts';
import { NOT_FOUND_PAGE, resolvePath, TYPES } from '#server/static-site.ts';
import { MEDIA_ROUTE } from '#server/storage/embedded.ts';
import { MAX_IMAGE_BYTES } from '#features/profile/upload-schemas.ts';
import { servedFiles, settingsSources, titleCase, type ServedFile } from '../build/edge-files.ts';

export const BROTLI_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';

export interface NginxOptions {
  /** The API's server processes, http://host:port each. */
  apis: readonly string[];
  /** What nginx listens on: a port, or address:port. */
  listen: string;
  /** The build's folder. */
  root: string;
}

/** A string as nginx reads it in double quotes. A '$' would start a variable: no value of ours has one. */
function quote(value: string): string {
  if (value.includes('$')) throw new Error(`Cannot write ${value} into nginx.conf: '$' would name a variable`);
  return `"${value.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
}

const indent = (lines: readonly string[], depth = 1) => lines.map((line) => (line ? ' '.repeat(depth * 2) + line : line));
const mapBlock = (source: string, variable: string, entries: Iterable<[string, string]>, fallback = '""') => [
  `map ${source} ${variable} {`,
  `  default ${fallback};`,
  ...[...entries].map(([key, value]) => `  ${quote(key)} ${value};`),
  '}',
];

/** A host name as DNS spells it: letters, digits and hyphens, in labels joined by dots. */
const HOST_NAME = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i;

/**
 * Whether `host` is an IPv4 address, a bracketed IPv6 address or a host name: what may stand before
 * a port in `listen` or `server`. These go into the config bare (nginx takes no quotes there), so
 * nothing else may: a ';', a space or a brace would end the directive and start others.
 */
const isPlainHost = (host: string) =>
  isIP(host) === 4 || (/^\[[^\]]+\]$/.test(host) && isIP(host.slice(1, -1)) === 6) || HOST_NAME.test(host);
const isPort = (port: string) => /^\d{1,5}$/.test(port) && Number(port) >= 1 && Number(port) <= 65535;

/** `--listen` as nginx's listen takes it: a port, or address:port (IPv4, [IPv6] or a host name). */
function listenAddress(listen: string): string {
  const colon = listen.lastIndexOf(':');
  const [host, port] = colon === -1 ? [null, listen] : [listen.slice(0, colon), listen.slice(colon + 1)];
  if (!isPort(port) || (host !== null && !isPlainHost(host)))
    throw new Error(`--listen takes a port or address:port (such as 8080, 127.0.0.1:8080 or [::1]:8080), not ${JSON.stringify(listen)}`);
  return listen;
}

/** host:port of an API process's address; only plain HTTP (the processes are on our own network). */
function upstreamServer(api: string): string {
  const refused = () => new Error(`--api takes http://host:port (such as http://127.0.0.1:4611), not ${JSON.stringify(api)}`);
  const url = URL.parse(api);
  // The URL parser keeps ';' and some other characters in a host: only a plain one may be written.
  if (!url || url.protocol !== 'http:' || url.pathname !== '/' || url.search || url.hash || url.username || url.password) throw refused();
  if (!isPlainHost(url.hostname) || (url.port && !isPort(url.port))) throw refused();
  return url.port ? url.host : `${url.host}:80`;
}

/**
 * Every address the server answers with a file, and every address it redirects (as the address it
 * redirects to). Whatever resolves is a file's path, or that path without /index.html or .html, or one
 * of these with a slash after it: resolvePath, the server's own rule, decides each.
 */
export function siteAddresses(files: readonly ServedFile[]) {
  const paths = new Set(files.map((file) => file.path));
  const has = (path: string) => paths.has(path);
  const fileAt = new Map<string, string>();
  const redirected = new Set<string>();
  for (const { path } of files) {
    for (const address of [path, path.replace(/\/index\.html$/, '') || '/', path.replace(/\.html$/, '')]) {
      for (const asked of [address, address + '/']) {
        const resolved = resolvePath(asked, has);
        if (resolved && 'file' in resolved) fileAt.set(asked, resolved.file);
        if (resolved && 'redirect' in resolved) redirected.add(resolved.redirect);
      }
    }
  }
  return { fileAt, redirected };
}

export async function nginxConfig(files: readonly ServedFile[], { apis, listen, root }: NginxOptions): Promise<string> {
  if (!apis.length) throw new Error('Name at least one API process: --api http://127.0.0.1:4321');
  // Checked before anything else is read: a bad value stops the run with its own message.
  const servers = apis.map(upstreamServer);
  const listenOn = listenAddress(listen);
  const { fileAt, redirected } = siteAddresses(files);
  // nginx compares a map's keys in any case: two addresses that differ only in case would stop it.
  for (const keys of [fileAt.keys(), redirected]) {
    const seen = new Map<string, string>();
    for (const address of keys) {
      const other = seen.get(address.toLowerCase());
      if (other !== undefined) throw new Error(`nginx cannot tell ${other} from ${address}: rename one of them`);
      seen.set(address.toLowerCase(), address);
    }
  }
  // A redirect has no file: the security headers site-server.ts adds to an answer that brings none.
  const otherAnswer = Object.fromEntries(withSecurityHeaders(new Response(null, { status: 301 }), false).headers);
  const refusal = methodNotAllowed();

  // A header every answer sends alike is written as it is; one that differs comes from a map by the
  // file nginx sends: $uri is its path by then. A redirect's $uri is the address asked, no file's path.
  const names = [...new Set([...files.flatMap((file) => Object.keys(file.headers)), ...Object.keys(otherAnswer)])];
  const maps: string[] = [];
  const siteHeaders = names.map((name) => {
    const fallback = otherAnswer[name] ?? '';
    const valueOf = (file: ServedFile) => file.headers[name] ?? '';
    if (files.every((file) => valueOf(file) === fallback)) return `add_header ${titleCase(name)} ${quote(fallback)} always;`;
    const variable = `$site_${name.replaceAll('-', '_')}`;
    const differing = files.filter((file) => valueOf(file) !== fallback);
    maps.push(
      ...mapBlock(
        '$uri',
        variable,
        differing.map((file) => [file.path, quote(valueOf(file))]),
        quote(fallback),
      ),
    );
    return `add_header ${titleCase(name)} ${variable} always;`;
  });
  const refusalHeaders = [...refusal.headers]
    .filter(([name]) => name !== 'content-type' && name !== 'content-length')
    .map(([name, value]) => `add_header ${titleCase(name)} ${quote(value)} always;`);

  // The maps' hash tables: a bucket holds the longest key and nginx's bookkeeping, and nginx finds a
  // table with no bucket overfull only with several times more buckets than keys (7x for this build).
  const longest = Math.max(...[...fileAt.keys(), ...redirected].map((key) => Buffer.byteLength(key)));
  const bucket = Math.max(64, 2 ** Math.ceil(Math.log2(longest + 32)));
  const buckets = 16 * Math.max(fileAt.size, redirected.size, files.length);
  const types = Object.entries(TYPES).map(([extension, type]) => `${quote(type)} ${extension.slice(1)};`);

  const proxied = (path: string) => [`location ${path} {`, '  proxy_pass http://college_api;', '}'];
  const http = [
    'client_body_temp_path client_body_temp;',
    'proxy_temp_path proxy_temp;',
    'fastcgi_temp_path fastcgi_temp;',
    'uwsgi_temp_path uwsgi_temp;',
    'scgi_temp_path scgi_temp;',
    'server_tokens off;',
    'sendfile on;',
    'tcp_nopush on;',
    '',
    "# The server's media types, and nothing else: a file of another kind is sent as bytes, as the server does.",
    'types {',
    ...types.map((line) => '  ' + line),
    '}',
    'default_type application/octet-stream;',
    '',
    '# The .br and .gz forms the build writes beside each text file (scripts/build/compress.ts); nothing is',
    '# compressed here. Vary goes with every file that has them, whatever the client accepts.',
    'brotli_static on;',
    'gzip_static on;',
    'gzip_vary on;',
    'gzip_proxied any;',
    '',
    `map_hash_bucket_size ${bucket};`,
    `map_hash_max_size ${Math.max(2048, buckets)};`,
    '# nginx matches the keys of a map in any case, the server its addresses exactly: /ABOUT is not /about.',
    '# The file an address names (resolvePath), as what completes the address into its path ("-": none):',
    '# try_files looks for the address as it was asked, and the file system tells cases apart.',
    ...mapBlock(
      '$uri',
      '$site_file_suffix',
      [...fileAt].map(([address, file]) => [address, quote(file.slice(address.length))]),
      '"-"',
    ),
    '# An address asked for with trailing slashes, without them; and the address the server sends that to',
    '# ("-": none), compared with it exactly.',
    'map $uri $site_slashless {',
    '  default "";',
    '  "~^(/.*?)/+$" $1;',
    '}',
    ...mapBlock(
      '$site_slashless',
      '$site_redirect',
      [...redirected].map((target) => [target, quote(target)]),
      '"-"',
    ),
    ...maps,
    '',
    "# The log holds no personal data, as the server's own (src/server/log.ts): no client address, and",
    '# the path without its query, which can carry an e-mail address and a code (the mailed link) or a',
    "# material's signed link. It names the API process that answered (several when one failed first).",
    'map $request_uri $log_path {',
    '  "~^(?<path>[^?]*)" $path;',
    '}',
    "log_format college '$time_iso8601 $request_method $log_path $status $body_bytes_sent $request_time upstream=$upstream_addr';",
    'access_log access.log college;',
    '',
    '# The API processes. They keep idle connections open 65 s (src/server/http-timeouts.ts): nginx',
    '# lets go first, so it never sends a request on a connection the server is closing.',
    'upstream college_api {',
    ...servers.map((server) => `  server ${server};`),
    '  keepalive 32;',
    `  keepalive_timeout ${SERVER_TIMEOUTS.keepAliveTimeoutMs / 1000 - 5}s;`,
    '}',
    '',
    'server {',
    `  listen ${listenOn};`,
    `  root ${quote(resolve(root))};`,
    '  # The server reads a path as it comes: //about is not /about, and its redirects name a path, not an origin.',
    '  merge_slashes off;',
    '  absolute_redirect off;',
    `  client_header_timeout ${SERVER_TIMEOUTS.headersTimeoutMs / 1000}s;`,
    '  # The largest body the API takes: an avatar upload (5 MiB); it refuses larger JSON bodies itself.',
    `  client_max_body_size ${MAX_IMAGE_BYTES};`,
    '',
    '  # To the API as the server would get it straight from the client. The client is appended to',
    "  # X-Forwarded-For, never put in place of what came: with TRUST_PROXY=1 the API takes the list's last",
    '  # entry, the address nginx saw, and no client can choose it.',
    '  proxy_http_version 1.1;',
    '  proxy_set_header Connection "";',
    '  proxy_set_header Host $http_host;',
    '  proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;',
    '  proxy_set_header X-Forwarded-Proto $scheme;',
    '  proxy_connect_timeout 5s;',
    '  proxy_send_timeout 60s;',
    '  proxy_read_timeout 60s;',
    '  # An answer larger than the buffers (a course video) goes to the client as it comes, never into a',
    '  # temporary file per slow client.',
    '  proxy_max_temp_file_size 0;',
    '  # What the server routes away from the pages (site-server.ts, main.ts). A prefix takes a little more',
    '  # (/api/v1x): the server answers that as it would anyway, with its 404 page.',
    ...indent([...proxied(API_BASE), ...proxied(API_DOCS), ...proxied(MEDIA_ROUTE + '/')]),
    '',
    '  error_page 404 @not_found;',
    '  error_page 405 = @method_not_allowed;',
    '',
    "  # The site. Each location sets every header itself (a location's add_header drops the server's), and",
    '  # `always` puts them on the 301, 404 and 405 answers too.',
    '  location / {',
    ...indent(siteHeaders, 2),
    '    if ($request_method !~ ^(GET|HEAD)$) {',
    '      return 405;',
    '    }',
    '    if ($site_redirect = $site_slashless) {',
    '      return 301 $site_redirect$is_args$args;',
    '    }',
    '    if ($site_file_suffix = "-") {',
    '      return 404;',
    '    }',
    '    try_files $uri$site_file_suffix =404;',
    '  }',
    '  location @not_found {',
    ...indent(siteHeaders, 2),
    `    try_files ${NOT_FOUND_PAGE} =404;`,
    '  }',
    '  location @method_not_allowed {',
    '    types {}',
    `    default_type ${quote(refusal.headers.get('content-type')!)};`,
    ...indent(refusalHeaders, 2),
    `    return 405 ${quote(await refusal.text())};`,
    '  }',
    '}',
  ];
  return [
    `# Written by scripts/deploy/nginx-config.ts for the build in ${resolve(root)}: write it again after each build.`,
    `load_module ${BROTLI_MODULE};`,
    'worker_processes auto;',
    'pid nginx.pid;',
    'error_log error.log;',
    '',
    'events {',
    '  worker_connections 1024;',
    '}',
    '',
    'http {',
    ...indent(http),
    '}',
    '',
  ].join('\n');
}

if (import.meta.main) {
  const { values } = parseArgs({
    options: {
      api: { type: 'string', multiple: true, default: [] },
      listen: { type: 'string', default: '8080' },
      root: { type: 'string', default: 'dist' },
    },
  });
  const sources = settingsSources();
  if (!sources.connect?.length)
    console.error('nginx-config: S3_BUCKET is not set: the pages may reach no bucket (the API processes must store pictures themselves).');
  const files = await servedFiles(values.root, sources);
  process.stdout.write(await nginxConfig(files, { apis: values.api, listen: values.listen, root: values.root }));
}
