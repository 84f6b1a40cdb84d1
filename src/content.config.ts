// Every text an editor may change lives in content/. These schemas are the contract: a missing or
// mistyped field stops the build with the file and the field named.
import { defineCollection } from 'astro:content';
import { file, glob } from 'astro/loaders';
import { z } from 'astro/zod';
import { parse } from 'yaml';

/**
 * A content path as the build reads it: from the project's folder, or from CONTENT_ROOT when a
 * publish builds the content repository's commit (src/features/staff/server/publishing.ts).
 */
const at = (path: string) => (process.env.CONTENT_ROOT ? `${process.env.CONTENT_ROOT}/${path.replace(/^\.\//, '')}` : path);

const seo = {
  /** The <title> of the page, unique across the site. */
  title: z.string().min(5).max(70),
  /** The meta description, shown by search engines. */
  description: z.string().min(50).max(170),
};

/**
 * A YAML file holding one list under the collection's name, each item with its `id`: the browser
 * editor (npm run edit) edits it as one list, in the order shown on the pages. Astro's store keeps
 * entries by id, so each item is given its `position` in the file (1 first; never written in the
 * file, see listed) and the pages show the list sorted by it (src/lib/in-file-order.ts).
 */
const listFile = (path: string, key: string) =>
  file(path, {
    parser: (text) =>
      ((parse(text) as Record<string, Record<string, unknown>[]>)[key] ?? []).map((item, index) => ({ ...item, position: index + 1 })),
  });

/** The fields of a list file's items, with the position listFile gives each. */
const listed = <T extends z.ZodRawShape>(shape: T) => z.object({ ...shape, position: z.number().int().min(1) });

const link = z.object({ label: z.string().min(1), href: z.string().min(1) });

const site = defineCollection({
  loader: file(at('content/site.yaml')),
  schema: z.object({
    name: z.string().min(2),
    shortName: z.string().min(2),
    tagline: z.string().min(2),
    promo: z.string().min(2),
    promoLink: link,
    email: z.email(),
    phone: z.string().min(7),
    socials: z.array(z.object({ network: z.enum(['instagram', 'facebook', 'x', 'youtube', 'tiktok', 'linkedin']), href: z.url() })).min(1),
    newsletter: z.object({ heading: z.string(), text: z.string() }),
  }),
});

const home = defineCollection({
  loader: glob({ pattern: 'home.md', base: at('./content/pages') }),
  schema: ({ image }) =>
    z.object({
      ...seo,
      hero: z.object({ eyebrow: z.string(), heading: z.string(), text: z.string(), cta: link, image: image(), imageAlt: z.string() }),
      video: z.object({
        heading: z.string(),
        text: z.string(),
        poster: image(),
        posterAlt: z.string(),
        /** A file in public/, e.g. /media/process.mp4: played only after the visitor clicks. */
        src: z.string().startsWith('/'),
        captions: z.string().startsWith('/').optional(),
      }),
      courses: z.object({ heading: z.string(), text: z.string(), cta: link, empty: z.string() }),
      partners: z.object({ heading: z.string() }),
      products: z.object({ heading: z.string(), text: z.string(), cta: link, empty: z.string() }),
      projects: z.object({
        heading: z.string(),
        text: z.string(),
        /** Four cards, in order; each names a project and where its card links. */
        cards: z.array(z.object({ project: z.string(), href: z.string() })).length(4),
        more: link,
      }),
      services: z.object({
        heading: z.string(),
        text: z.string(),
        items: z.array(z.object({ title: z.string(), text: z.string(), icon: z.enum(['machine', 'engineer', 'consult']) })).length(3),
        cta: link,
      }),
      testimonials: z.object({ heading: z.string() }),
      cta: z.object({ heading: z.string(), text: z.string(), links: z.array(link).length(3) }),
      claim: z.object({ figure: z.string(), text: z.string() }),
    }),
});

const about = defineCollection({
  loader: glob({ pattern: 'about.md', base: at('./content/pages') }),
  schema: ({ image }) =>
    z.object({
      ...seo,
      heading: z.string(),
      intro: z.string(),
      image: image(),
      imageAlt: z.string(),
      mission: z.object({
        heading: z.string(),
        text: z.string(),
        values: z.array(z.object({ title: z.string(), text: z.string() })).min(1),
      }),
      facultyHeading: z.string(),
      testimonialsHeading: z.string(),
    }),
});

const legal = defineCollection({
  loader: glob({ pattern: '*.md', base: at('./content/legal') }),
  schema: z.object({ ...seo, heading: z.string(), updated: z.coerce.date(), order: z.number().int() }),
});

const projects = defineCollection({
  loader: glob({ pattern: '*.md', base: at('./content/projects') }),
  schema: ({ image }) =>
    z.object({
      ...seo,
      name: z.string(),
      partner: z.string(),
      summary: z.string().max(220),
      image: image(),
      imageAlt: z.string(),
      /** Place on /projects; a project without one is not listed there (its page still exists). */
      listOrder: z.number().int().optional(),
      scholarship: z
        .object({
          applyUrl: z.url(),
          applyLabel: z.string(),
          ageRange: z.object({ min: z.number().int(), max: z.number().int() }).optional(),
        })
        .optional(),
      links: z.array(link).default([]),
    }),
});

const faculty = defineCollection({
  loader: glob({ pattern: '*.md', base: at('./content/faculty') }),
  schema: ({ image }) =>
    z.object({ name: z.string(), role: z.string(), order: z.number().int(), portrait: image(), portraitAlt: z.string() }),
});

/** Where each quote appears (`on`): exactly three carry `home`. */
const testimonials = defineCollection({
  loader: listFile(at('content/testimonials.yaml'), 'testimonials'),
  schema: ({ image }) =>
    listed({
      quote: z.string().min(20),
      name: z.string(),
      role: z.string(),
      avatar: image(),
      on: z.array(z.enum(['home', 'about'])).min(1),
    }),
});

/** Shown in the file's order; `status: coming-soon` marks a campus not yet open. */
const campuses = defineCollection({
  loader: listFile(at('content/campuses.yaml'), 'campuses'),
  schema: listed({
    city: z.string(),
    address: z.string(),
    phone: z.string().optional(),
    status: z.enum(['open', 'coming-soon']),
  }),
});

/** Logos are our own simple wordmarks, not the partners' official marks. */
const partners = defineCollection({
  loader: listFile(at('content/partners.yaml'), 'partners'),
  schema: ({ image }) => listed({ name: z.string(), logo: image() }),
});

const wip = defineCollection({
  loader: glob({ pattern: 'work-in-progress.md', base: at('./content/pages') }),
  schema: z.object({ heading: z.string(), text: z.string(), button: z.string() }),
});

const authPage = z.object({ ...seo, heading: z.string().min(2), lead: z.string().min(2) });
/** The auth pages' texts (docs/product.md#auth-routes): the marketing panel and each page's heading. */
const auth = defineCollection({
  loader: glob({ pattern: 'auth.md', base: at('./content/pages') }),
  schema: ({ image }) =>
    z.object({
      panel: z.object({
        heading: z.string(),
        text: z.string(),
        points: z.array(z.string()).min(1).max(5),
        /** Decoration beside the words on a laptop: it says nothing the words do not, so it has no alternative text. */
        image: image(),
      }),
      pages: z.object({
        login: authPage,
        signup: authPage,
        verify: authPage,
        emailVerification: authPage,
        kyc: authPage,
        signedUp: authPage,
        forgot: authPage,
        reset: authPage,
        resetDone: authPage,
        logout: authPage,
      }),
    }),
});

/** The people who teach the e-learning courses (docs/product.md#course-pages): a collection apart from faculty. */
const tutors = defineCollection({
  loader: glob({ pattern: '*.md', base: at('./content/tutors') }),
  schema: ({ image }) =>
    z.object({
      full_name: z.string().min(3),
      /** Shown under the name, e.g. 'Head of Pattern Drafting'. */
      position: z.string().min(3),
      portrait: image(),
      portraitAlt: z.string().min(5),
    }),
  // the Markdown body is the tutor's biography: 2 short paragraphs, 60 to 140 words in all
});

/** The course catalogue (docs/product.md#course-pages); the file name is the course id. */
const courses = defineCollection({
  loader: glob({ pattern: '*.md', base: at('./content/courses') }),
  schema: ({ image }) =>
    z.object({
      title: z.string().min(5).max(70),
      /** One or two sentences for cards and the banner; also the page's meta description. */
      description: z.string().min(50).max(170),
      /** The course outline: what a student learns, one line each. */
      summary: z.array(z.string().min(5)).min(4).max(10),
      /** As the college writes it: '3 months', '6 weeks', or a bare number of months such as '4'. */
      duration: z.string().min(1).max(30),
      study_mode: z.enum(['Physical', 'Online', 'Hybrid']),
      /** Whole naira, e.g. 150000 for ₦150,000. */
      price_naira: z.number().int().min(1000).max(5_000_000),
      image: image(),
      imageAlt: z.string().min(5),
      /** Tutor file names (without .md), first is the lead tutor. */
      tutors: z.array(z.string()).min(1).max(3),
      /** Place in the catalogue, 1 first. */
      order: z.number().int().min(1),
      /**
       * Materials kept in the repository, files in content/materials/<course-slug>/ made by
       * scripts/content/make-materials.ts (the seeded courses). A course made in the editor has none:
       * its lessons are added in the staff console, and it is for sale once the first is ready.
       */
      materials: z
        .array(
          z.object({
            /** Stable within the course, URL-safe: 'm1', 'cutting-the-bodice', ... */
            id: z.string().regex(/^[a-z0-9-]+$/),
            title: z.string().min(3),
            kind: z.enum(['video', 'pdf']),
            /** The file in content/materials/<course-slug>/. */
            file: z.string().regex(/^[a-z0-9-]+\.(mp4|pdf)$/),
            /** Seconds for a video, pages for a PDF. */
            length: z.number().int().positive(),
          }),
        )
        .max(8)
        .default([]),
    }),
  // the Markdown body is a longer course description: 2 to 3 short paragraphs
});

export const collections = { site, home, about, auth, legal, projects, faculty, testimonials, campuses, partners, wip, tutors, courses };
