import { describe, expect, it } from 'vitest';
import { dashboardCoursePath, materialAnchor, materialHref, materialIdFromHash } from './links.ts';

describe('dashboard links', () => {
  it('link to a material so that its course page reads the same material back from the hash', () => {
    expect(dashboardCoursePath('adire-basics')).toBe('/dashboard/courses/adire-basics');
    const href = materialHref('adire-basics', 'week 1/intro');
    expect(href).toBe('/dashboard/courses/adire-basics#material-week%201%2Fintro');
    expect(materialIdFromHash(new URL(href, 'http://x.test').hash)).toBe('week 1/intro');
    expect(materialAnchor('intro')).toBe('material-intro');
  });

  it('read no material from another hash, an empty one or a broken escape', () => {
    expect(materialIdFromHash('')).toBeNull();
    expect(materialIdFromHash('#top')).toBeNull();
    expect(materialIdFromHash('#material-')).toBeNull();
    expect(materialIdFromHash('#material-%E0%A4%A')).toBeNull();
  });
});
