// Stand-ins for astro:content and astro/loaders, so that src/content.config.ts can be read outside
// Astro (load-collections.ts): a collection stays what it was declared with, and a loader becomes a
// description of the files it reads.
export type LoaderSpec = { kind: 'file'; path: string } | { kind: 'glob'; pattern: string; base: string };

export const defineCollection = <T>(config: T): T => config;

export const file = (path: string, _options?: object): LoaderSpec => ({ kind: 'file', path });

export const glob = ({ pattern, base }: { pattern: string; base: string }): LoaderSpec => ({ kind: 'glob', pattern, base });
