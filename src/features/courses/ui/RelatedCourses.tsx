// Related courses under a course's details (docs/product.md#course-pages): page 1 with 10 per page
// comes in as props (built from content in the API's order), so the grid is in the HTML before any
// JavaScript; mounted with client:visible, the island then pages through the API.
import { useCallback, useRef, useState } from 'react';
import { withBoundary } from '#lib/react/IslandBoundary.tsx';
import { coursesApi, relatedCoursesPath } from '../api.ts';
import { PER_PAGE_DEFAULT } from '../schemas.ts';
import { CourseGrid, useCoursePage, type CoursePage } from './CourseGrid.tsx';

interface RelatedCoursesProps {
  courseId: string;
  /** Page 1, 10 per page, as the API would answer it. */
  initial: CoursePage;
}

function RelatedCourses({ courseId, initial }: RelatedCoursesProps) {
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState(PER_PAGE_DEFAULT);
  const top = useRef<HTMLDivElement>(null);
  const { data, status, error, retry } = useCoursePage(relatedCoursesPath(courseId, page, perPage), coursesApi.related, {
    key: relatedCoursesPath(courseId, 1, PER_PAGE_DEFAULT),
    data: initial,
  });

  const changePage = useCallback((next: number) => {
    setPage(next);
    // The control is under the grid: bring the new page's first cards into view.
    const box = top.current?.getBoundingClientRect();
    if (box && box.top < 0) top.current?.scrollIntoView({ block: 'start' });
  }, []);

  return (
    <div ref={top}>
      <CourseGrid
        courses={data.courses}
        page={page}
        perPage={perPage}
        totalPages={data.total_pages}
        totalCount={data.total_count}
        status={status}
        error={error}
        onRetry={retry}
        onPageChange={changePage}
        onPerPageChange={(next) => {
          setPerPage(next);
          setPage(1);
        }}
        paginationLabel="Related courses pages"
        // Not the browser's lazy loading: it fetched the first related picture before the course
        // page's first paint, a request Lighthouse's simulation counts against it (CourseCard.tsx).
        lazyByScript
      />
    </div>
  );
}

export default withBoundary(RelatedCourses, 'RelatedCourses');
