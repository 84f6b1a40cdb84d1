// Reads a JSON request body and checks it as the API conventions say (docs/product.md#api-conventions): the media type (415), the size (413),
// the syntax (400) and then the schema (400 with field errors).
import type { Context } from 'hono';
import type * as v from 'valibot';
import { ApiError } from './api-error.ts';
import { validateInput } from './validate.ts';

export const MAX_JSON_BYTES = 64 * 1024;
export const WRONG_MEDIA_TYPE = 'Content-Type must be application/json.';
export const TOO_LARGE = `The request body is larger than ${MAX_JSON_BYTES / 1024} KiB.`;
export const MALFORMED_JSON = 'The request body is not valid JSON.';

const JSON_MEDIA_TYPE = /^application\/json\s*(;|$)/i;

export async function readJsonBody<TSchema extends v.GenericSchema<unknown, unknown>>(
  c: Context,
  schema: TSchema,
): Promise<v.InferOutput<TSchema>> {
  if (!JSON_MEDIA_TYPE.test(c.req.header('content-type') ?? '')) throw new ApiError(415, WRONG_MEDIA_TYPE);
  const text = await readLimitedText(c.req.raw, MAX_JSON_BYTES);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ApiError(400, MALFORMED_JSON);
  }
  return validateInput(schema, value);
}

/**
 * Reads at most `limit` bytes as UTF-8 text (413 past it, 400 when it is not UTF-8). A declared
 * Content-Length over the limit is refused before reading; a chunked body is counted as it arrives
 * and the rest is never read, so a huge body costs no memory.
 */
export async function readLimitedText(request: Request, limit: number, tooLarge = TOO_LARGE): Promise<string> {
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > limit) throw new ApiError(413, tooLarge);
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      throw new ApiError(413, tooLarge);
    }
    chunks.push(value);
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(chunks));
  } catch {
    throw new ApiError(400, MALFORMED_JSON);
  }
}
