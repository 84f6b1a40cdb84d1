// One course card (docs/product.md#course-pages), the same on the home page, the catalogue and under
// a course's details. Astro renders it without a client directive where nothing moves (no
// JavaScript), and the catalogue and related-courses islands render it in the browser. The title's
// link is stretched over the whole card, so the card opens the course; 'Enrol Now' is a separate
// link above it, and nothing interactive is nested in anything else.
import { formatNaira, integerPart } from '#lib/format.ts';
import { formatDuration } from '../format-duration.ts';
import type { CourseCard as CourseCardData } from '../schemas.ts';
import './CourseCard.css';

/** The course images are 800 × 500 illustrations (content/images/courses/). */
const IMAGE_WIDTH = 800;
const IMAGE_HEIGHT = 500;

export interface CourseCardProps {
  course: CourseCardData;
  headingLevel?: 'h2' | 'h3';
  /**
   * The image is fetched by the page
   * script as it comes within 600 px (src/scripts/lazy-images.ts, as LazyImage's are), not by the
   * browser's lazy loading, which fetched the home page's first card before the first paint, a
   * request Lighthouse's simulation counts as holding the largest paint back (docs/architecture.md,
   * Budgets). In an island, its grid watches the cards it renders itself (CourseGrid's lazyByScript).
   */
  lazyByScript?: boolean;
  /**
   * The picture is written into the page (courseArtId names it): drawn with the first paint, no
   * request, and not a candidate for the largest paint (an SVG's shapes are not; the catalogue's
   * first card was its largest paint, a round trip after the text). Wins over lazyByScript.
   */
  inlineArt?: boolean;
}

/**
 * The id of a course's picture written into the page (the catalogue writes its first card's picture
 * into its HTML once, outside the island, and the card draws it with <use>), so the island's props do
 * not carry the picture a second time.
 */
export const courseArtId = (courseId: string) => `course-art-${courseId}`;

/** An empty SVG (as LazyImage's): it draws nothing and costs no request. */
const PLACEHOLDER = 'data:image/svg+xml,%3Csvg%20xmlns=%22http://www.w3.org/2000/svg%22%20viewBox=%220%200%201%201%22/%3E';

/** 'Ngozi Nwachukwu + 2 tutor(s)': the lead tutor, and how many more teach the course. */
function tutorsLine(tutors: readonly { name: string }[]): string {
  const [first, ...others] = tutors;
  if (!first) return '';
  return others.length ? `${first.name} + ${others.length} tutor(s)` : first.name;
}

/** What every card picture has, whichever way it loads. */
const IMAGE = { className: 'course-card-image', width: IMAGE_WIDTH, height: IMAGE_HEIGHT, decoding: 'async' } as const;

/** The picture: written into the page, fetched by the page script near the viewport, or lazily by the browser. */
function CardImage({ course, lazyByScript, inlineArt }: Required<Omit<CourseCardProps, 'headingLevel'>>) {
  if (inlineArt)
    return (
      // Decorative, as the <img>s' empty alt says: the title names the card.
      <svg className={IMAGE.className} viewBox={`0 0 ${IMAGE_WIDTH} ${IMAGE_HEIGHT}`} aria-hidden="true">
        <use href={`#${courseArtId(course.course_id)}`} />
      </svg>
    );
  if (lazyByScript)
    return (
      <>
        <img {...IMAGE} alt="" src={PLACEHOLDER} data-src={course.course_image} />
        <noscript>
          <img {...IMAGE} alt="" src={course.course_image} loading="lazy" />
        </noscript>
      </>
    );
  return <img {...IMAGE} alt="" src={course.course_image} loading="lazy" />;
}

export function CourseCard({ course, headingLevel: Heading = 'h3', lazyByScript = false, inlineArt = false }: CourseCardProps) {
  // Unique on any page: a course appears once in a grid. (useId would repeat across the cards Astro
  // renders one by one without a client directive.)
  const titleId = `course-card-${course.course_id}`;
  const tutors = tutorsLine(course.tutors);
  return (
    <article className="card course-card" data-lazy={lazyByScript && !inlineArt ? '' : undefined}>
      <CardImage course={course} lazyByScript={lazyByScript} inlineArt={inlineArt} />
      <div className="card-body">
        <p className="course-card-meta">
          <span>{formatDuration(course.duration)}</span>
          {tutors && <span>{tutors}</span>}
        </p>
        <Heading className="course-card-title" id={titleId}>
          <a className="course-card-link" href={`/courses/${course.course_id}`}>
            {course.title}
          </a>
        </Heading>
        <p className="course-card-description">{course.description}</p>
        <div className="course-card-foot">
          <p className="course-card-price">{formatNaira(integerPart(course.price), { decimals: 0 })}</p>
          <a className="btn course-card-enrol" href={`/courses/${course.course_id}/checkout`} aria-describedby={titleId}>
            Enrol Now
          </a>
        </div>
      </div>
    </article>
  );
}
