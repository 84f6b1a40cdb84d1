// What the course page makes of the scholarship call's answer: the open scholarship's name, or
// nothing (no scholarship, or an answer it cannot read); and the same API base as the HTTP client.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_BASE } from '#lib/api-base.ts';
import { scholarshipName } from './course-scholarship.ts';

describe("the course page's scholarship line", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('names the open scholarship', () => {
    const body = {
      message: 'Scholarship',
      data: { scholarship: { name: 'LSETF Fashion Skills 2027', partner: 'lsetf', partner_name: 'x' } },
    };
    expect(scholarshipName(body)).toBe('LSETF Fashion Skills 2027');
  });

  it('says nothing without one, or for an answer it cannot read', () => {
    for (const body of [
      { data: { scholarship: null } },
      { data: {} },
      null,
      'text',
      { data: { scholarship: { name: 7 } } },
      { data: { scholarship: { name: '  ' } } },
    ])
      expect(scholarshipName(body)).toBeNull();
  });

  it('asks the API where the HTTP client does', async () => {
    const fetched: string[] = [];
    const line = { dataset: { courseScholarship: 'pattern-drafting-foundations' }, textContent: '' };
    const { showScholarship } = await import('./course-scholarship.ts');
    vi.stubGlobal('document', { querySelector: () => line });
    vi.stubGlobal('fetch', (url: string) => {
      fetched.push(url);
      return Promise.resolve({ ok: true, json: () => Promise.resolve({ data: { scholarship: { name: 'LSETF Fashion Skills 2027' } } }) });
    });
    await showScholarship();
    expect(fetched).toEqual([`${API_BASE}user/courses/pattern-drafting-foundations/scholarship`]);
    expect(line.textContent).toBe('Scholarship: LSETF Fashion Skills 2027');
  });
});
