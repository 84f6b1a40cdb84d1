// The console's scholarship calls (docs/product.md 'Scholarships and discount codes'): each names the
// schema of the data it expects, from the scholarships' own schemas.
import { CodesSchema, ScholarshipSchema, ScholarshipsPageSchema, type CreateScholarship } from '#lib/schemas/scholarships.ts';
import { staffHttp } from './http.ts';

const id = encodeURIComponent;

export const scholarshipApi = {
  list: (params: { page: number; per_page: number }) =>
    staffHttp.get('scholarships', { data: ScholarshipsPageSchema, searchParams: params }),
  one: (scholarshipId: string) => staffHttp.get(`scholarships/${id(scholarshipId)}`, { data: ScholarshipSchema }),
  create: (input: CreateScholarship) => staffHttp.post('scholarships', input, { data: ScholarshipSchema, toastSuccess: true }),
  edit: (scholarshipId: string, input: CreateScholarship) =>
    staffHttp.patch(`scholarships/${id(scholarshipId)}`, input, { data: ScholarshipSchema, toastSuccess: true }),
  close: (scholarshipId: string) =>
    staffHttp.post(`scholarships/${id(scholarshipId)}/close`, {}, { data: ScholarshipSchema, toastSuccess: true }),
  makeCodes: (scholarshipId: string, count: number) =>
    staffHttp.post(`scholarships/${id(scholarshipId)}/codes`, { count }, { data: CodesSchema, toastSuccess: true }),
};
