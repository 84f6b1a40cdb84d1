// The course page's materials (docs/product.md#dashboard-routes): each video and PDF with its kind,
// length and a completion checkbox saved at once; the course's progress, updated at once and read
// out politely; a player for the selected video (its poster shown until it plays; 'Watch video'
// starts it; the player's code loads then, not with the page: ./VideoPlayer.tsx) and a new-tab link
// for each PDF. A video lesson shows its renditions' sizes; the page's Data saver and the quality
// saving for offline keeps are set in 'Study offline'. `#material-<id>`
// in the URL selects that material and scrolls to it. A student who is not enrolled is told so and
// sent to the checkout, never shown the materials.
import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useRef, useState, type ComponentType } from 'react';
import { savedFileUrl } from '#lib/offline/keys.ts';
import { $saved, refreshSaved, removeFromPhone } from '../offline/saved.ts';
import { $online, $saving, bytesOf, offlineFile, saveForOffline } from '../offline/saving.ts';
import { $dataSaverSetting, $offlineQuality, savingData } from '../video-settings.ts';
import { progressOver } from '../offline/save-progress.ts';
import { formatBytes, formatTime } from '#lib/format.ts';
import { $session } from '#lib/session.ts';
import { materialAnchor, materialIdFromHash } from '../links.ts';
import { withBoundary } from '#lib/react/IslandBoundary.tsx';
import type { Material } from '../schemas.ts';
import type { Rendition } from '../renditions.ts';
import { startOfflineStudy } from '../offline/start.ts';
import { $queuedTicks } from '../offline/tick-queue.ts';
import {
  $materials,
  formatLength,
  loadMaterials,
  progressOf,
  reloadAfterVideoError,
  resyncMaterials,
  selectMaterial,
  setCompleted,
} from '../stores.ts';
import './CourseMaterials.css';

interface CourseMaterialsProps {
  courseId: string;
}

/** The player's code, fetched when a student first opens a video (or reaches for its button), never with the page. */
const loadPlayer = () => import('./VideoPlayer.tsx');
// A course with video lessons: its settings and each lesson's sizes (./LessonOptions.tsx), loaded for such a course only.
const loadOptions = () => import('./LessonOptions.tsx');
// Not fetched (offline, the course never saved): the page goes on without them.
const nothing = { default: () => null };
const VideoSettings = lazy<ComponentType<{ materials: readonly Material[] }>>(() =>
  loadOptions().then(
    (m) => ({ default: m.VideoSettings }),
    () => nothing,
  ),
);
const RenditionSizes = lazy<ComponentType<{ renditions: readonly Rendition[]; keeps: number | null }>>(() =>
  loadOptions().then(
    (m) => ({ default: m.RenditionSizes }),
    () => nothing,
  ),
);
// 'Remove', which asks first: shown only for what is saved on this phone, so fetched then.
const ConfirmRemove = lazy(() => import('./ConfirmRemove.tsx'));
const VideoPlayer = lazy(() =>
  loadPlayer().catch(() => ({
    // Its script could not be fetched (offline, before the page was saved): say so in the player's place.
    default: () => (
      <p role="alert" className="material-error">
        This video could not be loaded. Reload the page to try again.
      </p>
    ),
  })),
);

const scrollToMaterial = (id: string) => document.getElementById(materialAnchor(id))?.scrollIntoView({ block: 'start' });

function CourseMaterials({ courseId }: CourseMaterialsProps) {
  const state = useStore($materials);
  const scrolled = useRef(false);

  const student = useStore($session)?.user.id ?? null;
  useEffect(() => {
    if (student) void refreshSaved(student);
  }, [student]);

  useEffect(() => {
    startOfflineStudy();
    scrolled.current = false;
    void loadMaterials(courseId, materialIdFromHash(location.hash));
    const onHashChange = () => {
      const id = materialIdFromHash(location.hash);
      if (id && selectMaterial(id)) requestAnimationFrame(() => scrollToMaterial(id));
    };
    // Back online: the queued ticks go, then the list is fetched again and the page says it is synced.
    const onOnline = () => void resyncMaterials();
    addEventListener('hashchange', onHashChange);
    addEventListener('online', onOnline);
    return () => {
      removeEventListener('hashchange', onHashChange);
      removeEventListener('online', onOnline);
    };
  }, [courseId]);

  // The materials arrive after the browser looked for the hash's target: scroll to it ourselves, once.
  useEffect(() => {
    if (state.kind !== 'ready' || scrolled.current) return;
    scrolled.current = true;
    const id = materialIdFromHash(location.hash);
    if (id && state.materials.some((material) => material.id === id)) scrollToMaterial(id);
  }, [state]);

  switch (state.kind) {
    case 'loading':
      return (
        <p className="materials-status" role="status">
          Loading the course materials…
        </p>
      );
    case 'failed':
      return (
        <div className="materials-status" role="alert">
          <p>{state.message}</p>
          <button type="button" className="btn btn-outline" onClick={() => void loadMaterials(courseId, materialIdFromHash(location.hash))}>
            Try again
          </button>
        </div>
      );
    case 'not-enrolled':
      return (
        <div className="materials-status not-enrolled">
          <p>{state.message}</p>
          <a className="btn" href={`/courses/${encodeURIComponent(courseId)}/checkout`}>
            Enrol in this course
          </a>
        </div>
      );
    case 'ready':
      return (
        <MaterialList
          courseId={state.course.id}
          student={student}
          materials={state.materials}
          selectedId={state.selectedId}
          linkReloads={state.linkReloads}
          syncedAt={state.syncedAt}
          resyncedAt={state.resyncedAt}
        />
      );
  }
}

interface MaterialListProps {
  courseId: string;
  student: string | null;
  materials: Material[];
  selectedId: string | null;
  linkReloads: number;
  syncedAt: string | null;
  resyncedAt: string | null;
}

function MaterialList({ courseId, student, materials, selectedId, linkReloads, syncedAt, resyncedAt }: MaterialListProps) {
  const progress = progressOf(materials);
  const queued = useStore($queuedTicks);
  if (!materials.length) return <p className="materials-status">This course has no materials yet.</p>;
  return (
    <div className="course-materials">
      {(syncedAt || resyncedAt || queued > 0) && (
        <div className={syncedAt ? 'offline-status' : 'offline-status is-synced'} role="status">
          {syncedAt ? (
            <p>Offline, last synced {formatTime(syncedAt)}</p>
          ) : (
            resyncedAt && <p>Back online, synced {formatTime(resyncedAt)}</p>
          )}
          {queued > 0 && (
            <p>{queued === 1 ? '1 tick is' : `${queued} ticks are`} saved on this phone and will be sent when you are back online.</p>
          )}
        </div>
      )}
      <div className="course-progress" aria-live="polite">
        <p className="course-progress-figure">{progress}% complete</p>
        <progress max={100} value={progress} aria-label="Course progress" />
      </div>
      {student && <SaveCourse courseId={courseId} student={student} materials={materials} offline={syncedAt !== null} />}
      <ol className="materials" aria-label="Course materials">
        {materials.map((material) => (
          <MaterialItem
            key={material.id}
            courseId={courseId}
            student={student}
            material={material}
            selected={material.id === selectedId}
            linkReloads={linkReloads}
            offline={syncedAt !== null}
          />
        ))}
      </ol>
    </div>
  );
}

/** Save the whole course for offline study, with its size first; then what it takes, with 'remove'. */
function SaveCourse({
  courseId,
  student,
  materials,
  offline,
}: {
  courseId: string;
  student: string;
  materials: Material[];
  offline: boolean;
}) {
  const saved = useStore($saved);
  const saving = useStore($saving);
  // The list came from the phone: the server could not be reached, whatever the browser says.
  const online = useStore($online) && !offline;
  // Read through savingData and offlineFile; subscribed so the sizes follow a change of setting.
  useStore($dataSaverSetting);
  useStore($offlineQuality);
  const dataSaver = savingData();
  const unsaved = materials.filter((m) => !saved[m.id]);
  const savedBytes = materials.reduce((sum, m) => sum + (saved[m.id]?.bytes ?? 0), 0);
  const toSave = unsaved.reduce((sum, m) => sum + bytesOf(m), 0);
  const inFlight = Object.keys(saving).length > 0;
  // Over everything being saved, so it only moves forward.
  const { loaded, total } = progressOver(saving);
  const hasLessons = materials.some((m) => m.renditions?.length);
  return (
    <section className="save-offline" aria-labelledby="save-offline-heading">
      <h2 id="save-offline-heading">Study offline</h2>
      {dataSaver && <p className="data-saver">Data saver is on: videos load only when you press play.</p>}
      {hasLessons && (
        <Suspense>
          <VideoSettings materials={materials} />
        </Suspense>
      )}
      <p>
        {savedBytes > 0
          ? `${materials.length - unsaved.length} of ${materials.length} materials saved on this phone (${formatBytes(savedBytes)}).`
          : `Save this course on your phone while you are on Wi-Fi, and study it without a connection.`}
      </p>
      {inFlight ? (
        <p className="save-progress">
          <progress max={total || 1} value={loaded} aria-label="Saving for offline" /> Saving… {formatBytes(loaded)} of {formatBytes(total)}
        </p>
      ) : (
        <div className="save-actions">
          {unsaved.length > 0 && (
            <button
              type="button"
              className="btn"
              disabled={!online}
              aria-describedby={online ? undefined : 'save-offline-why'}
              onClick={() => void saveForOffline(student, courseId, unsaved)}
            >
              Save course for offline ({formatBytes(toSave)})
            </button>
          )}
          {savedBytes > 0 && (
            <Suspense>
              <ConfirmRemove what="this course" online={online} onRemove={() => void removeFromPhone(student, { course: courseId })}>
                Remove course from this phone
              </ConfirmRemove>
            </Suspense>
          )}
          {!online && unsaved.length > 0 && (
            <p id="save-offline-why" className="save-offline-why">
              You are offline: saving needs a connection.
            </p>
          )}
        </div>
      )}
    </section>
  );
}

interface MaterialItemProps {
  courseId: string;
  student: string | null;
  material: Material;
  selected: boolean;
  linkReloads: number;
  /** The list came from the phone: the server could not be reached. */
  offline: boolean;
}

function MaterialItem({ courseId, student, material, selected, linkReloads, offline }: MaterialItemProps) {
  const savedCopy = useStore($saved)[material.id];
  const saved = Boolean(savedCopy);
  // Subscribed so the size of what saving keeps follows the settings (offlineFile reads them).
  useStore($offlineQuality);
  useStore($dataSaverSetting);
  const renditions = material.renditions ?? [];
  // A lesson: the rendition saving keeps (./LessonOptions.tsx says which).
  const keeps = renditions.length ? offlineFile(material) : null;
  // Done ones stay in $saving until the whole sweep is (for its progress); this one is saved or failed.
  const entry = useStore($saving)[material.id];
  const saving = entry && !entry.done ? entry : undefined;
  const online = useStore($online) && !offline;
  const where = student ? { student, course: courseId, material: material.id } : null;
  // Saved: played from the phone (no data spent), online or not.
  const url = saved && where ? savedFileUrl({ ...where, poster: false }) : material.url;
  const poster = saved && where && material.poster_url ? savedFileUrl({ ...where, poster: true }) : material.poster_url;
  const reachable = saved || online;
  // Counts the clicks on 'Watch video' (a link to the material does not count): only a click starts
  // playback, and each click brings the player into view.
  const [watched, setWatched] = useState(0);
  const video = useRef<HTMLVideoElement>(null);
  const anchor = materialAnchor(material.id);
  const checkbox = `complete-${material.id}`;
  const player = `player-${material.id}`;
  const select = () => {
    if (selectMaterial(material.id)) history.replaceState(history.state, '', `#${anchor}`);
  };
  const watch = () => {
    setWatched((count) => count + 1);
    select();
    // Already open: the click is still the gesture that lets it play, with its sound.
    void video.current?.play().catch(() => undefined);
  };
  return (
    <li id={anchor} className={selected ? 'material is-selected' : 'material'} aria-current={selected ? 'true' : undefined}>
      {/* Each control's name is in its own aria-label: a visually hidden span (absolutely placed) is
          read with a space before it, 'Completed : …'. */}
      <div className="material-head">
        <div className="material-text">
          <h2 className="material-title">{material.title}</h2>
          <p className="material-meta">
            <span className="material-kind">{material.kind === 'video' ? 'Video' : 'PDF'}</span>
            <span aria-hidden="true"> · </span>
            <span className="material-length">{formatLength(material)}</span>
            {(keeps ?? material).size !== null && (
              <>
                <span aria-hidden="true"> · </span>
                <span className="material-size">{formatBytes(saved && keeps ? savedCopy!.bytes : bytesOf(material))}</span>
              </>
            )}
            {saved && (
              <>
                <span aria-hidden="true"> · </span>
                <span className="material-saved">Saved on this phone</span>
              </>
            )}
          </p>
          {renditions.length > 1 && (
            <Suspense>
              <RenditionSizes renditions={renditions} keeps={saved ? null : (keeps?.height ?? null)} />
            </Suspense>
          )}
        </div>
        <div className="material-done">
          <input
            type="checkbox"
            id={checkbox}
            checked={material.completed}
            onChange={(event) => void setCompleted(material.id, event.currentTarget.checked)}
            aria-label={`Completed: ${material.title}`}
          />
          <label htmlFor={checkbox}>Completed</label>
        </div>
      </div>
      <div className="material-actions">
        {!reachable ? (
          <p className="material-needs-connection">
            This {material.kind === 'video' ? 'video' : 'PDF'} is not saved on this phone: it needs a connection.
          </p>
        ) : material.kind === 'video' ? (
          <button
            type="button"
            className="btn btn-outline"
            aria-expanded={selected}
            aria-controls={selected ? player : undefined}
            onClick={watch}
            // Reaching for the button fetches the player's code, so the press finds it there.
            onPointerDown={() => void loadPlayer().catch(() => undefined)}
            aria-label={`Watch video: ${material.title}`}
          >
            Watch video
          </button>
        ) : (
          <a
            className="btn btn-outline"
            href={url}
            target="_blank"
            rel="noopener"
            onClick={select}
            aria-label={`Open PDF: ${material.title} (opens in a new tab)`}
          >
            Open PDF
          </a>
        )}
        {where &&
          (saving ? (
            <span className="material-saving" role="status">
              Saving… {saving.total ? Math.floor((saving.loaded / saving.total) * 100) : 0}%
            </span>
          ) : saved ? (
            <Suspense>
              <ConfirmRemove
                label={`Remove from phone: ${material.title}`}
                what={`‘${material.title}’`}
                online={online}
                onRemove={() => void removeFromPhone(where.student, { material: material.id })}
              >
                Remove from phone
              </ConfirmRemove>
            </Suspense>
          ) : (
            online && (
              <button
                type="button"
                className="btn btn-outline"
                onClick={() => void saveForOffline(where.student, courseId, [material])}
                aria-label={`Save for offline: ${material.title}`}
              >
                Save for offline
              </button>
            )
          ))}
      </div>
      {selected && reachable && material.kind === 'video' && (
        <Suspense fallback={<div className="video-loading" />}>
          <VideoPlayer
            key={linkReloads}
            id={player}
            material={material}
            url={url}
            poster={poster ?? null}
            savedBytes={savedCopy?.bytes ?? null}
            watched={watched}
            videoRef={video}
            reloadLinks={reloadAfterVideoError}
          />
        </Suspense>
      )}
    </li>
  );
}

export default withBoundary(CourseMaterials, 'CourseMaterials');
