// POST staff/content: the backend of the editor at /staff/content/, speaking decap-server's protocol
// as Decap CMS 3's proxy backend sends it ({action, params}), for staff sessions only. Every call
// passes the gate of `npm run edit` (scripts/editor/gate.ts: the editor's files only, no raw HTML or
// unsafe links, pictures that are what their names say, in their fields' folders, within the limits)
// before decap-server's handlers read or write the server's content repository (content-repo.ts),
// never the release's content/. A write is an audit-log entry. GET staff/content/config gives the
// page its configuration, made from src/content.config.ts as `npm run edit` makes it.
import { Hono } from 'hono';
import * as v from 'valibot';
import type { ApiServices } from '#server/deps.ts';
import { ApiError } from '#server/http/api-error.ts';
import { readLimitedText, WRONG_MEDIA_TYPE, MALFORMED_JSON } from '#server/http/json-body.ts';
import { describeJsonRoute } from '#server/http/openapi.ts';
import { validateInput } from '#server/http/validate.ts';
import { refusedForPlace } from '../../../../scripts/editor/gate.ts';
import { auditActor, recordAudit } from './audit.ts';
import { requireStaff, type StaffEnv } from './require-staff.ts';
import { contentRepoDir } from './content-repo.ts';
import { editorOf } from './editor.ts';

/** A picture is at most 2 MB (content-rules.ts), sent as base64 with its entry: room for that and the text. */
const MAX_CALL_BYTES = 4 * 1024 * 1024;
const CALL_TOO_LARGE = `The request body is larger than ${MAX_CALL_BYTES / 1024 / 1024} MiB.`;

const EditorCallSchema = v.strictObject({
  action: v.pipe(v.string(), v.regex(/^[A-Za-z]{1,40}$/, 'Must be an action of the editor')),
  params: v.optional(v.record(v.string(), v.unknown())),
  /** Decap's proxy backend names its branch beside the call too; there is one. */
  branch: v.optional(v.string()),
});

/** decap-server's refusal, with the API's `message` beside the `error` Decap shows. */
const RefusalSchema = v.strictObject({ message: v.string(), error: v.string() });
const ConfigSchema = v.object({ config: v.record(v.string(), v.unknown()), rules: v.record(v.string(), v.unknown()) });

/** The audit action of each call that writes, and the paths it names. */
function writeOf(action: string, params: Record<string, unknown> = {}): { action: string; paths: string[] } | undefined {
  const pathOf = (item: unknown) => (typeof item === 'object' && item !== null ? (item as { path?: unknown }).path : item);
  const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? (value as unknown[]) : []);
  const strings = (list: unknown[]) => list.map(pathOf).filter((path): path is string => typeof path === 'string');
  switch (action) {
    case 'persistEntry':
      return {
        action: 'content.save',
        paths: strings([params.entry, ...listOf(params.dataFiles), ...listOf(params.assets)]),
      };
    case 'persistMedia':
      return { action: 'content.upload', paths: strings([params.asset]) };
    case 'deleteFile':
      return { action: 'content.delete', paths: strings([params.path]) };
    case 'deleteFiles':
      return { action: 'content.delete', paths: strings(listOf(params.paths)) };
    default:
      return undefined;
  }
}

/** Mounted at /staff. */
export function createContentRoutes(services: ApiServices) {
  const staff = requireStaff(services);
  const editor = () => editorOf(contentRepoDir(services.env));
  return new Hono<StaffEnv>()
    .get(
      '/content/config',
      describeJsonRoute({
        tag: 'Staff',
        staff: 'staff',
        summary: "The content editor's configuration (Decap CMS), made from the content schemas over the content repository",
        success: { message: 'OK', data: ConfigSchema },
        examples: { data: { config: { backend: { name: 'proxy', proxy_url: '/api/v1/staff/content' }, collections: [] }, rules: {} } },
      }),
      staff,
      async (c) => {
        const calls = await editor();
        return c.json(
          { message: 'OK', data: { config: { ...calls.config(), load_config_file: false }, rules: calls.presenceRules() } },
          200,
        );
      },
    )
    .post(
      '/content',
      describeJsonRoute({
        tag: 'Staff',
        staff: 'staff',
        summary: "The content editor's backend: decap-server's protocol, as Decap CMS 3's proxy backend sends it",
        description:
          '`{action, params}` with `info`, `entriesByFolder`, `entriesByFiles`, `getEntry`, `persistEntry`, `getMedia`, `getMediaFile`, `persistMedia`, `deleteFile`, `deleteFiles`; answered as decap-server answers. Writes go to the content repository, not to the live pages (publish them with POST staff/publish). A body is at most 4 MiB.',
        rawJsonBody: EditorCallSchema,
        examples: { body: { action: 'getEntry', params: { branch: 'main', path: 'content/courses/adire-indigo-resist-dyeing.md' } } },
        errors: { 400: 'The call is not one of the editor’s.', 413: CALL_TOO_LARGE, 415: WRONG_MEDIA_TYPE },
        protocolAnswers: {
          200: {
            description: "decap-server's answer to the call.",
            schema: v.unknown(),
            example: {
              file: { path: 'content/courses/adire-indigo-resist-dyeing.md' },
              data: '---\ntitle: Adire and Indigo Resist Dyeing\n---\n',
            },
          },
          403: { description: 'A file or an action the editor has no business with.', schema: RefusalSchema },
          404: { description: '`getMediaFile` of a picture that is not there.', schema: RefusalSchema },
          422: { description: 'A save that breaks a content rule, with the file, line and reason in `error`.', schema: RefusalSchema },
        },
      }),
      staff,
      async (c) => {
        if (!/^application\/json\s*(;|$)/i.test(c.req.header('content-type') ?? '')) throw new ApiError(415, WRONG_MEDIA_TYPE);
        const text = await readLimitedText(c.req.raw, MAX_CALL_BYTES, CALL_TOO_LARGE);
        let value: unknown;
        try {
          value = JSON.parse(text);
        } catch {
          throw new ApiError(400, MALFORMED_JSON);
        }
        const call = validateInput(EditorCallSchema, value);
        const answer = await (await editor()).answer(call);
        if (answer.status === 'refused')
          return c.json({ message: answer.problem, error: answer.problem }, refusedForPlace(answer.problem) ? 403 : 422);
        if (answer.status === 422 || answer.status === 404) {
          const said = (answer.body as { error?: unknown }).error;
          const error = typeof said === 'string' ? said : 'The editor refused this.';
          return c.json({ message: error, error }, answer.status);
        }
        if (answer.status !== 200) throw new Error(`decap-server answered ${answer.status} to ${call.action}`);
        const write = writeOf(call.action, call.params);
        if (write)
          await recordAudit(services.db, {
            ...auditActor(c, services),
            action: write.action,
            target: `content:${write.paths[0] ?? ''}`,
            details: { paths: write.paths },
          });
        return c.json(answer.body as object, 200);
      },
    );
}
