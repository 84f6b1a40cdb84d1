import { describe, expect, it } from 'vitest';
import { connectionSavesData, offlineHeight } from './renditions.ts';
import { startingHeight } from './starting-rendition.ts';

const ALL = [240, 360, 720];

describe('startingHeight', () => {
  it('starts at 240p when data is saved: Save-Data, a 2g or slow-2g connection, or the page’s own Data saver', () => {
    expect(startingHeight(ALL, { saveData: true, downlink: 10 }, false)).toBe(240);
    expect(startingHeight(ALL, { effectiveType: '2g', downlink: 10 }, false)).toBe(240);
    expect(startingHeight(ALL, { effectiveType: 'slow-2g' }, false)).toBe(240);
    expect(startingHeight(ALL, { effectiveType: '4g', downlink: 10 }, true)).toBe(240);
  });

  it('goes by the measured downlink otherwise', () => {
    expect(startingHeight(ALL, { effectiveType: '3g', downlink: 0.4 }, false)).toBe(240);
    expect(startingHeight(ALL, { effectiveType: '3g', downlink: 0.8 }, false)).toBe(360);
    expect(startingHeight(ALL, { effectiveType: '4g', downlink: 1.6 }, false)).toBe(360);
    expect(startingHeight(ALL, { effectiveType: '4g', downlink: 2.5 }, false)).toBe(720);
    expect(startingHeight(ALL, { effectiveType: '4g', downlink: 10 }, false)).toBe(720);
  });

  it('takes 360p where the browser tells nothing of the connection (no Network Information API, or no estimate)', () => {
    expect(startingHeight(ALL, undefined, false)).toBe(360);
    expect(startingHeight(ALL, {}, false)).toBe(360);
    expect(startingHeight(ALL, { downlink: 0 }, false)).toBe(360);
  });

  it('never goes above what is wanted among the heights a lesson has, and takes its lowest when none is low enough', () => {
    // A 480-line source has 240p and 360p only.
    expect(startingHeight([240, 360], { downlink: 10 }, false)).toBe(360);
    expect(startingHeight([360, 240], { downlink: 1 }, false)).toBe(360);
    expect(startingHeight([360, 720], { saveData: true }, false)).toBe(360);
    expect(startingHeight([], { downlink: 1 }, false)).toBeNull();
  });
});

describe('offlineHeight', () => {
  it('keeps 360p by default, 240p when data is saved, and the student’s choice over both', () => {
    expect(offlineHeight(ALL, null, false)).toBe(360);
    expect(offlineHeight(ALL, null, true)).toBe(240);
    expect(offlineHeight(ALL, 720, true)).toBe(720);
    expect(offlineHeight(ALL, 240, false)).toBe(240);
    expect(offlineHeight([240], 720, false)).toBe(240);
  });
});

describe('connectionSavesData', () => {
  it('reads Save-Data and 2G, and nothing else', () => {
    expect(connectionSavesData(undefined)).toBe(false);
    expect(connectionSavesData({ effectiveType: '3g', downlink: 0.3 })).toBe(false);
    expect(connectionSavesData({ saveData: true })).toBe(true);
    expect(connectionSavesData({ effectiveType: 'slow-2g' })).toBe(true);
  });
});
