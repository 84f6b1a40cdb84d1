// The content editor of the product (/staff/content/) over the server's content repository: the
// configuration, gate and decap-server handlers of `npm run edit` (scripts/editor/editor-calls.ts),
// made once per process and shared by the page (editor-page.ts) and its backend (content-routes.ts).
import { API_BASE } from '#server/api-base.ts';
import { textProblems } from '#server/content-gate/content-check.ts';
import { createEditorCalls } from '../../../../scripts/editor/editor-calls.ts';
import { ensureContentRepo } from './content-repo.ts';

/** Where the page sends Decap's calls: `POST staff/content`. */
const CONTENT_API_PATH = `${API_BASE}/staff/content`;

export type Editor = Awaited<ReturnType<typeof createEditorCalls>>;

const editors = new Map<string, Promise<Editor>>();

/** The editor of the content repository at `dir` (made from the release's content/ when new). */
export function editorOf(dir: string): Promise<Editor> {
  let editor = editors.get(dir);
  if (!editor) {
    editor = ensureContentRepo(dir).then(() => createEditorCalls(dir, CONTENT_API_PATH));
    // A failure (a disk full at the first copy) is tried again at the next call, not kept.
    editor.catch(() => editors.delete(dir));
    editors.set(dir, editor);
  }
  return editor;
}

/**
 * Made before the server listens (main.ts): the gate's Markdown check loads its parser's WebAssembly
 * through the platform's Response, which @hono/node-server replaces with its own once it serves, and
 * which that loading cannot read. Loaded now, the first save does not fail; and the content
 * repository is there before the first call.
 */
export async function prepareEditor(dir: string): Promise<void> {
  await editorOf(dir);
  await textProblems('content/pages/ready.md', '---\ntitle: Ready\n---\n\nText.\n');
}
