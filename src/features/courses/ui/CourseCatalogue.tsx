// The catalogue (docs/product.md#course-pages): a search field and the paged grid of course cards.
// Page 1 is built into the HTML from content, so it reads without JavaScript; the island then keeps
// page, per_page and search in the query string (typing replaces the history entry, paging pushes
// one), reads them back on load and on Back/Forward, and asks the API for each page.
import { useCallback, useEffect, useRef, useState } from 'react';
import { SearchField } from '#lib/forms/SearchField.tsx';
import { withBoundary } from '#lib/react/IslandBoundary.tsx';
import { cataloguePath, coursesApi, type CatalogueQuery } from '../api.ts';
import { PER_PAGE_DEFAULT, PER_PAGE_MAX } from '../schemas.ts';
import { CourseGrid, useCoursePage, type CoursePage } from './CourseGrid.tsx';

interface CourseCatalogueProps {
  /** Page 1, 10 per page, no search: as the API would answer it. */
  initial: CoursePage;
  /** The courses whose picture the page wrote into its HTML (courseArtId): its first screen's. */
  inlineArt: string[];
}

type Query = CatalogueQuery;

const DEFAULT_QUERY: Query = { page: 1, perPage: PER_PAGE_DEFAULT, search: '' };
const SEARCH_MAX = 100;

const wholeNumber = (text: string | null, min: number, max: number, fallback: number) => {
  const value = Number(text);
  return text && /^\d{1,6}$/.test(text) && value >= min && value <= max ? value : fallback;
};

/** The query from the address bar; anything the API would refuse falls back to the default. */
function readQuery(): Query {
  const params = new URLSearchParams(location.search);
  return {
    page: wholeNumber(params.get('page'), 1, 100_000, 1),
    perPage: wholeNumber(params.get('per_page'), 1, PER_PAGE_MAX, PER_PAGE_DEFAULT),
    search: (params.get('search') ?? '').trim().slice(0, SEARCH_MAX),
  };
}

/** The address for a query: the bare path when everything is the default. */
function urlOf({ page, perPage, search }: Query): string {
  if (page === 1 && perPage === PER_PAGE_DEFAULT && !search) return location.pathname;
  const params = new URLSearchParams({ page: String(page), per_page: String(perPage) });
  if (search) params.set('search', search);
  return `${location.pathname}?${params.toString()}`;
}

function CourseCatalogue({ initial, inlineArt }: CourseCatalogueProps) {
  // The first render matches the built HTML; the address bar is read once hydrated.
  const [query, setQuery] = useState<Query>(DEFAULT_QUERY);
  // A new key remounts the search field when the search comes from outside it (address bar, history).
  const [fieldKey, setFieldKey] = useState(0);
  const top = useRef<HTMLDivElement>(null);
  const { data, status, error, retry } = useCoursePage(cataloguePath(query), coursesApi.catalogue, {
    key: cataloguePath(DEFAULT_QUERY),
    data: initial,
  });

  useEffect(() => {
    const fromAddress = () => {
      const next = readQuery();
      setQuery(next);
      if (next.search) setFieldKey((n) => n + 1);
      return next;
    };
    const fromHistory = () => {
      fromAddress();
      setFieldKey((n) => n + 1);
    };
    if (location.search) fromAddress();
    addEventListener('popstate', fromHistory);
    return () => removeEventListener('popstate', fromHistory);
  }, []);

  const change = useCallback((next: Query, push: boolean) => {
    setQuery(next);
    history[push ? 'pushState' : 'replaceState'](null, '', urlOf(next));
  }, []);

  return (
    <div className="course-catalogue" ref={top}>
      <div className="course-catalogue-search">
        <SearchField
          key={fieldKey}
          label="Search courses"
          placeholder="Search by title or topic"
          defaultValue={query.search}
          onSearch={(search) => change({ ...query, search: search.slice(0, SEARCH_MAX), page: 1 }, false)}
        />
      </div>
      <CourseGrid
        courses={data.courses}
        page={query.page}
        perPage={query.perPage}
        totalPages={data.total_pages}
        totalCount={data.total_count}
        status={status}
        error={error}
        onRetry={retry}
        onPageChange={(page) => {
          change({ ...query, page }, true);
          const box = top.current?.getBoundingClientRect();
          if (box && box.top < 0) top.current?.scrollIntoView({ block: 'start' });
        }}
        onPerPageChange={(perPage) => change({ ...query, perPage, page: 1 }, true)}
        paginationLabel="Course catalogue pages"
        headingLevel="h2"
        // No picture is fetched before the first paint (Lighthouse's simulation counts every request
        // that ends before it): the first screen's is in the page, the others come by the page script.
        inlineArt={inlineArt}
        lazyByScript
        search={query.search}
      />
    </div>
  );
}

export default withBoundary(CourseCatalogue, 'CourseCatalogue');
