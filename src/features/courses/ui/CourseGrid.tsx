// A paged grid of course cards (docs/product.md#course-pages), shared by the catalogue and the
// related courses: the cards, 'Nothing to show yet!' when there are none, how many match a search
// (or that none does: ../search-summary.ts), a loading state that keeps
// the last page in view, an error with a retry button, and the pagination control. useCoursePage
// fetches one page by its API path and keeps answers in memory for 5 minutes
// (docs/product.md#limits-and-timings), seeded with the page that was built into the HTML.
import { useEffect, useRef, useState } from 'react';
import { messageOf } from '#lib/errors.ts';
import { Pagination } from '#lib/ui/Pagination.tsx';
import type { CourseCard as CourseCardData } from '../schemas.ts';
import { searchSummary } from '../search-summary.ts';
import { CourseCard } from './CourseCard.tsx';
import './CourseGrid.css';

const EMPTY_TEXT = 'Nothing to show yet!';
const FRESH_MS = 5 * 60_000;

export interface CoursePage {
  courses: CourseCardData[];
  total_pages: number;
  total_count: number;
}

const cache = new Map<string, { at: number; data: CoursePage }>();

function cachedLoad(key: string, fetchPage: (key: string) => Promise<CoursePage>): Promise<CoursePage> {
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < FRESH_MS) return Promise.resolve(hit.data);
  return fetchPage(key).then((data) => {
    cache.set(key, { at: Date.now(), data });
    return data;
  });
}

type PageStatus = 'ready' | 'loading' | 'error';

/**
 * The page of courses at `key` (an API path with its query). `fetchPage` must be a stable function
 * (defined at module level). While a new key loads, the last page stays in `data`.
 */
export function useCoursePage(key: string, fetchPage: (key: string) => Promise<CoursePage>, seed: { key: string; data: CoursePage }) {
  const [result, setResult] = useState(() => {
    if (!cache.has(seed.key)) cache.set(seed.key, { at: Date.now(), data: seed.data });
    return seed;
  });
  const [failure, setFailure] = useState<{ key: string; attempt: number; message: string } | null>(null);
  const [attempt, setAttempt] = useState(0);
  const failed = failure !== null && failure.key === key && failure.attempt === attempt;

  useEffect(() => {
    if (key === result.key || failed) return;
    let current = true;
    cachedLoad(key, fetchPage).then(
      (data) => current && setResult({ key, data }),
      (error: unknown) => current && setFailure({ key, attempt, message: messageOf(error) }),
    );
    return () => {
      current = false;
    };
  }, [key, attempt, result.key, failed, fetchPage]);

  const status: PageStatus = key === result.key ? 'ready' : failed ? 'error' : 'loading';
  return { data: result.data, status, error: failed ? failure.message : null, retry: () => setAttempt((n) => n + 1) };
}

export interface CourseGridProps {
  courses: CourseCardData[];
  page: number;
  perPage: number;
  totalPages: number;
  totalCount: number;
  status: PageStatus;
  error: string | null;
  onRetry: () => void;
  onPageChange: (page: number) => void;
  onPerPageChange: (perPage: number) => void;
  /** Names the pagination landmark. */
  paginationLabel: string;
  headingLevel?: 'h2' | 'h3';
  /**
   * The cards' pictures are loaded near the viewport by the page script (src/scripts/lazy-images.ts;
   * CourseCard's lazyByScript): those in the HTML as it starts, those the grid renders when told.
   */
  lazyByScript?: boolean;
  /** Courses whose picture the page has written into its HTML (CourseCard's inlineArt). */
  inlineArt?: readonly string[];
  /** The catalogue's search words, if any: the grid then says how many courses match them. */
  search?: string;
}

export function CourseGrid({
  courses,
  page,
  perPage,
  totalPages,
  totalCount,
  status,
  error,
  onRetry,
  onPageChange,
  onPerPageChange,
  paginationLabel,
  headingLevel = 'h3',
  lazyByScript = false,
  inlineArt = [],
  search: rawSearch = '',
}: CourseGridProps) {
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    // The page script watches them (src/scripts/lazy-images.ts, observeAddedLazyImages); cards in the
    // HTML it has taken already, and takes again harmlessly.
    if (lazyByScript) list.current?.dispatchEvent(new Event('lazy-images-added', { bubbles: true }));
  }, [lazyByScript, courses]);
  const search = rawSearch.trim();
  const loading = status === 'loading';
  const ready = status === 'ready';
  const noMatch = ready && !!search && totalCount === 0;
  let summary = '';
  if (loading) summary = 'Loading courses…';
  else if (ready && search) summary = searchSummary(totalCount, search);
  else if (ready && totalCount > 0) summary = `Page ${page} of ${totalPages}, ${totalCount} courses`;
  return (
    <div className="course-grid" aria-busy={loading}>
      {/* One polite live region; seen as well as heard while a search is on, so the line stays put as results come. */}
      <p className={!search ? 'visually-hidden' : noMatch ? 'empty-state course-search-summary' : 'course-search-summary'} role="status">
        {summary}
      </p>
      {status === 'error' && (
        <div className="course-grid-error" role="alert">
          <p>{error}</p>
          <button type="button" className="btn btn-outline" onClick={onRetry}>
            Try again
          </button>
        </div>
      )}
      {courses.length === 0 ? (
        ready && !search && <p className="empty-state">{EMPTY_TEXT}</p>
      ) : (
        <ul ref={list} className={loading ? 'grid course-grid-list is-loading' : 'grid course-grid-list'}>
          {courses.map((course) => (
            <li key={course.course_id}>
              <CourseCard
                course={course}
                headingLevel={headingLevel}
                lazyByScript={lazyByScript}
                inlineArt={inlineArt.includes(course.course_id)}
              />
            </li>
          ))}
        </ul>
      )}
      {totalCount > 0 && (
        <Pagination
          label={paginationLabel}
          page={page}
          totalPages={totalPages}
          perPage={perPage}
          onPageChange={onPageChange}
          onPerPageChange={onPerPageChange}
          busy={loading}
        />
      )}
    </div>
  );
}
