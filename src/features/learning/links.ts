// The dashboard's addresses (docs/product.md#dashboard-routes), shared by My courses, which links to
// a course's materials and to the next one to do, and the course page, which reads `#material-<id>`
// to select and scroll to that material.
export const dashboardCoursePath = (courseId: string) => `/dashboard/courses/${encodeURIComponent(courseId)}`;

const HASH_PREFIX = '#material-';

/** The element id of a material on its course page. */
export const materialAnchor = (id: string) => HASH_PREFIX.slice(1) + id;

/** A link to one material of a course: its page, with the material selected. */
export const materialHref = (courseId: string, materialId: string) =>
  `${dashboardCoursePath(courseId)}${HASH_PREFIX}${encodeURIComponent(materialId)}`;

/** The material the hash names (`#material-<id>`), if any. */
export function materialIdFromHash(hash: string): string | null {
  if (!hash.startsWith(HASH_PREFIX)) return null;
  try {
    return decodeURIComponent(hash.slice(HASH_PREFIX.length)) || null;
  } catch {
    return null;
  }
}
