// The content collections of src/content.config.ts, read outside Astro: astro:content and
// astro/loaders are swapped for astro-stubs.ts, so each collection comes back with the files its
// loader reads and its schema, with Astro's image() replaced by a string marked as an image.
import { registerHooks } from 'node:module';
import { z } from 'astro/zod';
import type { LoaderSpec } from './astro-stubs.ts';

export interface ContentCollection {
  name: string;
  loader: LoaderSpec;
  schema: z.ZodObject;
}

/** An image field: a path to a file, as Astro's image() reads it. */
export const IMAGE = 'image';
const image = () => z.string().meta({ editorWidget: IMAGE });

const STUBS = new URL('./astro-stubs.ts', import.meta.url).href;
let hooked = false;

export async function loadCollections(): Promise<ContentCollection[]> {
  if (!hooked) {
    registerHooks({
      resolve: (specifier, context, next) =>
        specifier === 'astro:content' || specifier === 'astro/loaders' ? { url: STUBS, shortCircuit: true } : next(specifier, context),
    });
    hooked = true;
  }
  const { collections } = (await import('../../src/content.config.ts')) as unknown as {
    collections: Record<string, { loader: LoaderSpec; schema: z.ZodObject | ((helpers: { image: typeof image }) => z.ZodObject) }>;
  };
  return Object.entries(collections).map(([name, { loader, schema }]) => ({
    name,
    loader,
    schema: typeof schema === 'function' ? schema({ image }) : schema,
  }));
}
