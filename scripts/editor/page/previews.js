// The preview beside the form: each page type as the site shows it, over the site's own global.css
// (preview.css adds the page's layout). Pictures already in content/ show as they will on the page.
/* global CMS, h */
import { formatDuration } from '#features/courses/format-duration.ts';
import { formatDate, formatNaira } from '#lib/format.ts';

CMS.registerPreviewStyle('preview.css');

/** As the course page shows a price; nothing while the field holds no number yet. */
const naira = (value) => {
  const amount = Number(value ?? 0);
  return Number.isFinite(amount) ? formatNaira(amount, { decimals: 0 }) : '';
};
const list = (value) => (value && value.toJS ? value.toJS() : []);

/** The field at these names (through objects and lists), so a picture's path is read as that field says. */
function fieldAt(fields, names) {
  let field;
  let within = fields;
  for (const name of names) {
    field = within?.find((candidate) => candidate.get('name') === name);
    within = field?.get('fields');
  }
  return field;
}

/**
 * A picture of the entry at these keys ('image', or 'hero', 'image'): its path is relative to the
 * entry's file, so the field's folders tell Decap where it is. `value` is the path when it comes
 * from a list item rather than from the entry's data.
 */
function picture({ entry, getAsset, fields }, names, { alt = '', className = 'preview-image', value } = {}) {
  const path = value ?? entry.getIn(['data', ...names]);
  if (!path) return null;
  return h('img', { className, src: getAsset(path, fieldAt(fields, names)).toString(), alt });
}

const text = (data, ...names) => data.getIn(names) ?? '';
const button = (cta, className = 'btn') => (cta ? h('span', { className }, cta.get('label')) : null);
const page = (...children) => h('article', { className: 'preview' }, ...children);
const section = (heading, body, ...rest) =>
  h('section', { className: 'preview-section' }, h('h2', null, heading), body ? h('p', null, body) : null, ...rest);

CMS.registerPreviewTemplate('courses', (props) => {
  const { entry, widgetFor } = props;
  const data = entry.get('data');
  return h(
    'article',
    { className: 'preview' },
    h('p', { className: 'preview-crumb' }, 'E-learning'),
    h('h1', null, data.get('title')),
    h('p', { className: 'preview-lead' }, data.get('description')),
    picture(props, ['image'], { alt: data.get('imageAlt') }),
    h('h2', null, 'Course outline'),
    h(
      'ul',
      null,
      list(data.get('summary')).map((line, index) => h('li', { key: index }, line)),
    ),
    h('h2', null, 'Course information'),
    h(
      'dl',
      { className: 'preview-facts' },
      h('dt', null, 'Duration'),
      h('dd', null, formatDuration(data.get('duration') ?? '')),
      h('dt', null, 'Mode of Study'),
      h('dd', null, data.get('study_mode')),
      h('dt', null, 'Price'),
      h('dd', { 'data-preview-price': '' }, naira(data.get('price_naira'))),
    ),
    h('div', { className: 'preview-body' }, widgetFor('body')),
  );
});

CMS.registerPreviewTemplate('projects', (props) => {
  const { entry, widgetFor } = props;
  const data = entry.get('data');
  return h(
    'article',
    { className: 'preview' },
    h('p', { className: 'preview-crumb' }, `Projects · ${data.get('partner') ?? ''}`),
    h('h1', null, data.get('name')),
    h('p', { className: 'preview-lead' }, data.get('summary')),
    picture(props, ['image'], { alt: data.get('imageAlt') }),
    h('div', { className: 'preview-body' }, widgetFor('body')),
  );
});

CMS.registerPreviewTemplate('home', (props) => {
  const data = props.entry.get('data');
  const cards = list(data.getIn(['projects', 'cards']));
  return page(
    h(
      'header',
      { className: 'preview-hero' },
      h('div', null, h('p', { className: 'eyebrow' }, text(data, 'hero', 'eyebrow')), h('h1', null, text(data, 'hero', 'heading'))),
      h('p', { className: 'preview-lead' }, text(data, 'hero', 'text')),
      button(data.getIn(['hero', 'cta'])),
      picture(props, ['hero', 'image'], { alt: text(data, 'hero', 'imageAlt') }),
    ),
    section(
      text(data, 'video', 'heading'),
      text(data, 'video', 'text'),
      picture(props, ['video', 'poster'], { alt: text(data, 'video', 'posterAlt') }),
    ),
    section(text(data, 'courses', 'heading'), text(data, 'courses', 'text'), button(data.getIn(['courses', 'cta']), 'btn btn-outline')),
    section(text(data, 'partners', 'heading'), 'The partners’ logos, in the order of Partners.'),
    section(text(data, 'products', 'heading'), text(data, 'products', 'text')),
    section(
      text(data, 'projects', 'heading'),
      text(data, 'projects', 'text'),
      h('ol', { className: 'preview-cards' }, ...cards.map((card, index) => h('li', { key: index, className: 'card' }, card.project))),
    ),
    section(
      text(data, 'services', 'heading'),
      text(data, 'services', 'text'),
      h(
        'div',
        { className: 'preview-cards' },
        ...list(data.getIn(['services', 'items'])).map((item, index) =>
          h('div', { key: index, className: 'card' }, h('h3', null, item.title), h('p', null, item.text)),
        ),
      ),
    ),
    section(text(data, 'testimonials', 'heading'), 'The quotes marked “home” in Testimonials, in their order there.'),
    section(text(data, 'cta', 'heading'), text(data, 'cta', 'text')),
    h('p', { className: 'preview-claim' }, h('strong', null, text(data, 'claim', 'figure')), ' ', text(data, 'claim', 'text')),
  );
});

CMS.registerPreviewTemplate('about', (props) => {
  const data = props.entry.get('data');
  return page(
    h('h1', null, data.get('heading')),
    h('p', { className: 'preview-lead' }, data.get('intro')),
    picture(props, ['image'], { alt: data.get('imageAlt') }),
    section(
      text(data, 'mission', 'heading'),
      text(data, 'mission', 'text'),
      h(
        'div',
        { className: 'preview-cards' },
        ...list(data.getIn(['mission', 'values'])).map((value, index) =>
          h('div', { key: index, className: 'card' }, h('h3', null, value.title), h('p', null, value.text)),
        ),
      ),
    ),
    section(data.get('facultyHeading'), 'The people in Faculty, in their order.'),
    section(data.get('testimonialsHeading'), 'The quotes marked “about” in Testimonials, in their order there.'),
    h('div', { className: 'prose preview-body' }, props.widgetFor('body')),
  );
});

CMS.registerPreviewTemplate('legal', ({ entry, widgetFor }) => {
  const updated = entry.getIn(['data', 'updated']);
  return page(
    h('h1', null, entry.getIn(['data', 'heading'])),
    updated ? h('p', { className: 'preview-crumb' }, `Last updated ${formatDate(updated)}`) : null,
    h('div', { className: 'prose preview-body' }, widgetFor('body')),
  );
});

CMS.registerPreviewTemplate('tutors', (props) => {
  const data = props.entry.get('data');
  return page(
    h(
      'div',
      { className: 'preview-person' },
      picture(props, ['portrait'], { alt: data.get('portraitAlt'), className: 'preview-portrait' }),
      h('div', null, h('h1', null, data.get('full_name')), h('p', { className: 'preview-crumb' }, data.get('position'))),
    ),
    h('div', { className: 'prose preview-body' }, props.widgetFor('body')),
  );
});

CMS.registerPreviewTemplate('faculty', (props) => {
  const data = props.entry.get('data');
  return page(
    h('h1', null, 'Faculty, as the about page shows them'),
    h(
      'figure',
      { className: 'card preview-faculty' },
      picture(props, ['portrait'], { alt: data.get('portraitAlt'), className: 'preview-portrait' }),
      h('figcaption', null, h('strong', null, data.get('name')), h('br'), data.get('role')),
    ),
  );
});

CMS.registerPreviewTemplate('testimonials', (props) => {
  const items = list(props.entry.getIn(['data', 'testimonials']));
  return page(
    h('h1', null, 'Testimonials, in the order the pages show them'),
    h(
      'div',
      { className: 'preview-cards' },
      ...items.map((item, index) =>
        h(
          'figure',
          { key: index, className: 'card preview-quote' },
          h('blockquote', null, h('p', null, `“${item.quote ?? ''}”`)),
          h(
            'figcaption',
            null,
            picture(props, ['testimonials', 'avatar'], { value: item.avatar, className: 'preview-avatar' }),
            h(
              'span',
              null,
              h('strong', null, item.name),
              h('br'),
              item.role,
              h('br'),
              h('small', null, `On: ${(item.on ?? []).join(', ')}`),
            ),
          ),
        ),
      ),
    ),
  );
});

CMS.registerPreviewTemplate('campuses', ({ entry }) =>
  page(
    h('h1', null, 'Campuses, in the order the pages show them'),
    h(
      'ul',
      { className: 'preview-cards' },
      ...list(entry.getIn(['data', 'campuses'])).map((campus, index) =>
        h(
          'li',
          { key: index, className: 'card' },
          h('h3', null, campus.city, campus.status === 'coming-soon' ? ' (coming soon)' : ''),
          h('p', null, campus.address),
          campus.phone ? h('p', null, campus.phone) : null,
        ),
      ),
    ),
  ),
);

CMS.registerPreviewTemplate('partners', (props) =>
  page(
    h('h1', null, 'Partners, in the order the home page shows them'),
    h(
      'ul',
      { className: 'preview-logos' },
      ...list(props.entry.getIn(['data', 'partners'])).map((partner, index) =>
        h(
          'li',
          { key: index },
          picture(props, ['partners', 'logo'], { value: partner.logo, alt: partner.name, className: 'preview-logo' }),
        ),
      ),
    ),
  ),
);

CMS.registerPreviewTemplate('site', ({ entry }) => {
  const site = entry.getIn(['data', 'main']);
  if (!site) return page();
  return page(
    h('p', { className: 'preview-promo' }, text(site, 'promo'), ' ', h('u', null, text(site, 'promoLink', 'label'))),
    h('h1', null, text(site, 'name')),
    h('p', { className: 'preview-lead' }, text(site, 'tagline')),
    section(text(site, 'newsletter', 'heading'), text(site, 'newsletter', 'text')),
    h(
      'footer',
      { className: 'preview-footer' },
      h('p', null, text(site, 'email'), ' · ', text(site, 'phone')),
      h(
        'p',
        null,
        list(site.get('socials'))
          .map((social) => social.network)
          .join(' · '),
      ),
    ),
  );
});

CMS.registerPreviewTemplate('auth', (props) => {
  const data = props.entry.get('data');
  const pages = data.get('pages');
  return page(
    h(
      'div',
      { className: 'preview-panel' },
      h('h1', null, text(data, 'panel', 'heading')),
      h('p', null, text(data, 'panel', 'text')),
      h('ul', null, ...list(data.getIn(['panel', 'points'])).map((point, index) => h('li', { key: index }, point))),
      picture(props, ['panel', 'image']),
    ),
    ...(pages ? [...pages.entries()] : []).map(([name, auth]) =>
      h('section', { key: name, className: 'preview-section' }, h('h2', null, auth.get('heading')), h('p', null, auth.get('lead'))),
    ),
  );
});

CMS.registerPreviewTemplate('wip', ({ entry }) =>
  page(
    h('h1', null, entry.getIn(['data', 'heading'])),
    h('p', { className: 'preview-lead' }, entry.getIn(['data', 'text'])),
    h('span', { className: 'btn' }, entry.getIn(['data', 'button'])),
  ),
);
