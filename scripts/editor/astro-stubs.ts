// Stand-ins for astro:content and astro/loaders, so that src/content.config.ts can be read outside
// Astro (load-collections.ts): a collection stays what it was declared with, and a loader becomes a
// description of the files it reads.
export type LoaderSpec = { kind: 'file'; path: string } | { kind: 'glob'; pattern: string; base: string };

export const defineCollection = <T>(config: T): T => config;

/**
 * A publish's build reads content from CONTENT_ROOT (src/content.config.ts); the editor's
 * configuration names files from the content root, as the editor writes them.
 */
const fromRoot = (path: string) => {
  const root = process.env.CONTENT_ROOT;
  return root && path.startsWith(`${root}/`) ? path.slice(root.length + 1) : path;
};

export const file = (path: string, _options?: object): LoaderSpec => ({ kind: 'file', path: fromRoot(path) });

export const glob = ({ pattern, base }: { pattern: string; base: string }): LoaderSpec => ({ kind: 'glob', pattern, base: fromRoot(base) });
