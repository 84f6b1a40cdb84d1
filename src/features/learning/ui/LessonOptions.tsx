// What the course page adds for a course with video lessons (docs/product.md#offline-study), loaded
// only for such a course (CourseMaterials.tsx imports it lazily, so a course without lessons loads
// none of it): the page's Data saver and the quality saving for offline keeps, each quality with
// what saving the course's lessons at it takes, and each lesson's renditions with their sizes.
import { useStore } from '@nanostores/react';
import { formatBytes } from '#lib/format.ts';
import { $saved } from '../offline/saved.ts';
import { offlineHeight, type Rendition } from '../renditions.ts';
import type { Material } from '../schemas.ts';
import {
  $dataSaverSetting,
  $offlineQuality,
  DATA_SAVER_KEY,
  OFFLINE_QUALITIES,
  OFFLINE_QUALITY_KEY,
  savingData,
} from '../video-settings.ts';

const write = (key: string, value: string | null) => {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // A private window may keep nothing: the setting holds for this page only.
  }
};

function setDataSaver(on: boolean) {
  write(DATA_SAVER_KEY, on ? 'on' : null);
  $dataSaverSetting.set(on);
}

function setOfflineQuality(height: number) {
  write(OFFLINE_QUALITY_KEY, String(height));
  $offlineQuality.set(height);
}

/** 'Data saver' and 'Quality for offline saving', in the course's 'Study offline'. */
export function VideoSettings({ materials }: { materials: readonly Material[] }) {
  const saved = useStore($saved);
  const dataSaverSetting = useStore($dataSaverSetting);
  const chosen = useStore($offlineQuality);
  const lessons = materials.filter((m) => m.renditions?.length && !saved[m.id]);
  // What saving the course's unsaved lessons at a quality takes (a lesson without it keeps its nearest below).
  const bytesAt = (height: number) =>
    lessons.reduce((sum, m) => {
      const renditions = m.renditions!;
      const kept = offlineHeight(
        renditions.map((r) => r.height),
        height,
        false,
      );
      return sum + (renditions.find((r) => r.height === kept)?.size ?? 0);
    }, 0);
  return (
    <div className="video-settings">
      <p className="video-setting">
        <input
          type="checkbox"
          id="data-saver"
          checked={dataSaverSetting}
          onChange={(event) => setDataSaver(event.currentTarget.checked)}
          aria-describedby="data-saver-hint"
        />
        <label htmlFor="data-saver">Data saver</label>
        <span id="data-saver-hint" className="video-setting-hint">
          Videos start at 240p and load only when you press play.
        </span>
      </p>
      {lessons.length > 0 && (
        <p className="video-setting">
          <label htmlFor="offline-quality">Quality for offline saving</label>
          <select
            id="offline-quality"
            value={chosen ?? (savingData() ? 240 : 360)}
            onChange={(event) => setOfflineQuality(Number(event.currentTarget.value))}
          >
            {OFFLINE_QUALITIES.map((height) => (
              <option key={height} value={height}>
                {height}p ({formatBytes(bytesAt(height))})
              </option>
            ))}
          </select>
        </p>
      )}
    </div>
  );
}

/**
 * A lesson's renditions and their sizes, `Sizes: 240p 1.1 MB · 360p 2.1 MB · 720p 6 MB`, and
 * (not saved yet) the one saving it for offline keeps.
 */
export function RenditionSizes({ renditions, keeps }: { renditions: readonly Rendition[]; keeps: number | null }) {
  return (
    <p className="material-renditions">
      {keeps && <>Saving for offline keeps {keeps}p. </>}
      Sizes:{' '}
      {renditions.map((r, i) => (
        <span key={r.height}>
          {i > 0 && <span aria-hidden="true"> · </span>}
          {r.height}p {r.size !== null ? formatBytes(r.size) : 'size unknown'}
        </span>
      ))}
    </p>
  );
}
