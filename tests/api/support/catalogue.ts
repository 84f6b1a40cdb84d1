// A catalogue for the API tests, shaped as the build writes it (dist/.server/catalogue.json), and
// the sync that puts it in the test's database: 14 courses (two pages of 10 related courses, as
// docs/product.md#course-pages needs), 5 tutors, 4 materials each.
import { syncCatalogue } from '#server/catalogue/sync.ts';
import type { Catalogue, CatalogueCourse } from '#server/catalogue/catalogue-file.ts';
import type { Database } from '#server/db/client.ts';

const TUTOR_IDS = ['ada-obi', 'tunde-bello', 'ngozi-eze', 'musa-ibrahim', 'kemi-ade'];

export function testCatalogue(count = 14): Catalogue {
  const tutors = TUTOR_IDS.map((id, index) => ({
    id,
    full_name: id
      .split('-')
      .map((part) => part[0]!.toUpperCase() + part.slice(1))
      .join(' '),
    position: `Tutor ${index + 1}`,
    biography: `Biography of ${id}.`,
    image_url: `/_astro/${id}.svg`,
  }));
  const courses: CatalogueCourse[] = Array.from({ length: count }, (_, index) => {
    const n = index + 1;
    return {
      id: `course-${String(n).padStart(2, '0')}`,
      title: n === 3 ? 'Adire Indigo Dyeing' : `Course number ${n}`,
      description: n === 3 ? 'Resist-dyed indigo cloth the Abeokuta way.' : `The description of course ${n}.`,
      summary: [`Outline one of ${n}`, 'Outline two', n === 5 ? 'Pattern drafting basics' : 'Outline three', 'Outline four'],
      duration: n % 2 ? '3 months' : '6',
      study_mode: n % 3 === 0 ? 'Online' : 'Physical',
      price_kobo: (50_000 + n * 10_000) * 100,
      image_url: `/_astro/course-${n}.svg`,
      position: n,
      // Course 1 has three tutors; the others one or two, so some share a tutor with course 1.
      tutors: n === 1 ? TUTOR_IDS.slice(0, 3) : n % 4 === 0 ? [TUTOR_IDS[0]!, TUTOR_IDS[4]!] : [TUTOR_IDS[n % 5]!],
      materials: [1, 2, 3, 4].map((m) => ({
        id: `m${m}`,
        title: `Lesson ${m}`,
        kind: m % 2 ? ('video' as const) : ('pdf' as const),
        file: `m${m}.${m % 2 ? 'mp4' : 'pdf'}`,
        length: 10,
      })),
    };
  });
  return { courses, tutors };
}

export async function seedCatalogue(db: Database, catalogue: Catalogue = testCatalogue(), now = new Date(), buildId = '') {
  await syncCatalogue(db, catalogue, now, buildId);
  return catalogue;
}
