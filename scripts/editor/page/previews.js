// The preview beside the form: each page type as the site shows it, over the site's own global.css
// (preview.css adds the page's layout). Pictures already in content/ show as they will on the page.
/* global CMS, h */
import { formatDuration } from '#features/courses/format-duration.ts';
import { formatNaira } from '#lib/format.ts';

CMS.registerPreviewStyle('preview.css');

/** As the course page shows a price; nothing while the field holds no number yet. */
const naira = (value) => {
  const amount = Number(value ?? 0);
  return Number.isFinite(amount) ? formatNaira(amount, { decimals: 0 }) : '';
};
const list = (value) => (value && value.toJS ? value.toJS() : []);

/** The entry's picture: its path is relative to the entry, so the field says where to find it. */
function picture({ entry, getAsset, fields }, name, alt) {
  const path = entry.getIn(['data', name]);
  const field = fields.find((candidate) => candidate.get('name') === name);
  return path ? h('img', { className: 'preview-image', src: getAsset(path, field).toString(), alt: alt ?? '' }) : null;
}

CMS.registerPreviewTemplate('courses', (props) => {
  const { entry, widgetFor } = props;
  const data = entry.get('data');
  return h(
    'article',
    { className: 'preview' },
    h('p', { className: 'preview-crumb' }, 'E-learning'),
    h('h1', null, data.get('title')),
    h('p', { className: 'preview-lead' }, data.get('description')),
    picture(props, 'image', data.get('imageAlt')),
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
    picture(props, 'image', data.get('imageAlt')),
    h('div', { className: 'preview-body' }, widgetFor('body')),
  );
});
