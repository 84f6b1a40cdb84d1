// The course page's own video settings, kept on this browser (they are about the phone and its data
// plan, not the student's account): Data saver, for a plan the browser does not know is metered
// (videos start at 240p and do not preload), and the quality saving for offline keeps. Read here,
// with the page; set by ./ui/LessonOptions.tsx, which loads only for a course with video lessons.
import { atom } from 'nanostores';
import { browserConnection, connectionSavesData } from './renditions.ts';

export const DATA_SAVER_KEY = 'adire.data-saver';
export const OFFLINE_QUALITY_KEY = 'adire.offline-quality';
/** The heights the quality for offline saving can be set to (the renditions lessons are made at). */
export const OFFLINE_QUALITIES = [240, 360, 720] as const;

const read = (key: string) => {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage.getItem(key);
  } catch {
    return null;
  }
};
/** The page's Data saver, as the student set it here (the browser's own is read apart). */
export const $dataSaverSetting = atom(read(DATA_SAVER_KEY) === 'on');
/** The quality saving for offline keeps, as the student chose it; null: the default (360p, 240p saving data). */
export const $offlineQuality = atom<number | null>(
  OFFLINE_QUALITIES.find((height) => String(height) === read(OFFLINE_QUALITY_KEY)) ?? null,
);

/** Data is saved: the browser says so (Save-Data, 2G), or the student turned the page's Data saver on. */
export const savingData = () => connectionSavesData(browserConnection()) || $dataSaverSetting.get();
