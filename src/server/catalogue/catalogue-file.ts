// The catalogue as the build writes it (src/pages/catalogue-data.json.ts, moved by
// scripts/build/hide-server-data.ts to dist/.server/catalogue.json, which the static server never serves):
// courses, tutors and materials from content/, already checked by the content schemas, with the
// URLs of their built images. The server reads it at start and brings the database in line.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as v from 'valibot';

const CATALOGUE_FILE = join('.server', 'catalogue.json');

const Slug = v.pipe(v.string(), v.regex(/^[a-z0-9-]+$/));

const CatalogueMaterialSchema = v.object({
  id: Slug,
  title: v.pipe(v.string(), v.minLength(1)),
  kind: v.picklist(['video', 'pdf']),
  file: v.pipe(v.string(), v.regex(/^[a-z0-9-]+\.(mp4|pdf)$/)),
  length: v.pipe(v.number(), v.integer(), v.minValue(1)),
});

const CatalogueCourseSchema = v.object({
  id: Slug,
  title: v.pipe(v.string(), v.minLength(1)),
  description: v.pipe(v.string(), v.minLength(1)),
  summary: v.array(v.string()),
  duration: v.pipe(v.string(), v.minLength(1)),
  study_mode: v.picklist(['Physical', 'Online', 'Hybrid']),
  price_kobo: v.pipe(v.number(), v.integer(), v.minValue(1)),
  image_url: v.pipe(v.string(), v.minLength(1)),
  position: v.pipe(v.number(), v.integer()),
  tutors: v.pipe(v.array(Slug), v.minLength(1)),
  materials: v.array(CatalogueMaterialSchema),
});

const CatalogueTutorSchema = v.object({
  id: Slug,
  full_name: v.pipe(v.string(), v.minLength(1)),
  position: v.pipe(v.string(), v.minLength(1)),
  biography: v.pipe(v.string(), v.minLength(1)),
  image_url: v.pipe(v.string(), v.minLength(1)),
});

const CatalogueSchema = v.pipe(
  v.object({ courses: v.array(CatalogueCourseSchema), tutors: v.array(CatalogueTutorSchema) }),
  v.check(
    ({ courses, tutors }) => courses.every((course) => course.tutors.every((id) => tutors.some((tutor) => tutor.id === id))),
    'A course names a tutor that is not in the catalogue',
  ),
);

export type Catalogue = v.InferOutput<typeof CatalogueSchema>;
export type CatalogueCourse = v.InferOutput<typeof CatalogueCourseSchema>;

export interface BuildCatalogue {
  catalogue: Catalogue;
  /**
   * The release's build id: a digest of the file, so two builds of the same content have the same id
   * and any change to a course, price or tutor makes a new one. The database records the id it was
   * last synced to (release.ts).
   */
  buildId: string;
}

/** Reads and checks the build's catalogue; a missing or broken file is an error naming what to do. */
export async function readCatalogueFile(distDir: string): Promise<BuildCatalogue> {
  const path = join(distDir, CATALOGUE_FILE);
  const text = await readFile(path, 'utf8').catch(() => {
    throw new Error(`No catalogue at ${path}: run npm run build first.`);
  });
  const result = v.safeParse(CatalogueSchema, JSON.parse(text));
  if (!result.success) throw new Error(`The catalogue at ${path} is not valid: ${v.summarize(result.issues).split('\n')[0]}`);
  return { catalogue: result.output, buildId: catalogueBuildId(text) };
}

/** The build id of a catalogue file's text (see BuildCatalogue). */
export const catalogueBuildId = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16);
