// The editor's calls to its backend, for `npm run edit` (serve.ts) and for the product's own
// `POST staff/content` (src/features/staff/server/content-routes.ts): the configuration made from
// src/content.config.ts over the files in `root`, the gate (gate.ts) and decap-server's handlers
// (backend.ts) behind it. Nothing reaches decap-server that the gate refused.
import { access } from 'node:fs/promises';
import { join } from 'node:path';
import { localBackend, type BackendAnswer } from './backend.ts';
import { editorConfig, gateRules, type PresenceRules } from './decap-config.ts';
import { refusal } from './gate.ts';
import { loadCollections } from './load-collections.ts';

/** A call as Decap's proxy backend sends it. */
export interface EditorCall {
  action?: string;
  params?: Record<string, unknown>;
}

export type EditorAnswer = BackendAnswer | { status: 'refused'; problem: string };

/** `proxyUrl`: where the editor page sends its calls (the configuration names it). */
export async function createEditorCalls(root: string, proxyUrl: string) {
  const collections = await loadCollections();
  const backend = await localBackend(root);
  const exists = (path: string) =>
    access(join(root, path)).then(
      () => true,
      () => false,
    );
  /** The configuration, made afresh (the relation and picture fields follow the files there now). */
  const config = (rules?: PresenceRules) =>
    editorConfig(collections, { root, backend: { name: 'proxy', proxy_url: proxyUrl, branch: 'main' } }, rules);
  return {
    config,
    /** The optional parts whose fields are required once the part is there, per collection (editor-page.js). */
    presenceRules(): PresenceRules {
      const rules: PresenceRules = {};
      config(rules);
      return rules;
    },
    /** The gate's refusal, or decap-server's answer. */
    async answer(call: EditorCall): Promise<EditorAnswer> {
      const problem = await refusal(call.action ?? '', call.params, { ...gateRules(config()), exists });
      if (problem) return { status: 'refused', problem };
      return backend(call);
    },
  };
}
