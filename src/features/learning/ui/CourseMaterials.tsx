// The course page's materials (docs/product.md#dashboard-routes): each video and PDF with its kind,
// length and a completion checkbox saved at once; the course's progress, updated at once and read
// out politely; a player for the selected video (its poster shown until it plays; 'Watch video'
// starts it) and a new-tab link for each PDF. `#material-<id>`
// in the URL selects that material and scrolls to it. A student who is not enrolled is told so and
// sent to the checkout, never shown the materials.
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { materialAnchor, materialIdFromHash } from '../links.ts';
import { withBoundary } from '#lib/react/IslandBoundary.tsx';
import type { Material } from '../schemas.ts';
import { $materials, formatLength, loadMaterials, progressOf, reloadAfterVideoError, selectMaterial, setCompleted } from '../stores.ts';

interface CourseMaterialsProps {
  courseId: string;
}

const scrollToMaterial = (id: string) => document.getElementById(materialAnchor(id))?.scrollIntoView({ block: 'start' });

function CourseMaterials({ courseId }: CourseMaterialsProps) {
  const state = useStore($materials);
  const scrolled = useRef(false);

  useEffect(() => {
    scrolled.current = false;
    void loadMaterials(courseId, materialIdFromHash(location.hash));
    const onHashChange = () => {
      const id = materialIdFromHash(location.hash);
      if (id && selectMaterial(id)) requestAnimationFrame(() => scrollToMaterial(id));
    };
    addEventListener('hashchange', onHashChange);
    return () => removeEventListener('hashchange', onHashChange);
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
      return <MaterialList materials={state.materials} selectedId={state.selectedId} linkReloads={state.linkReloads} />;
  }
}

interface MaterialListProps {
  materials: Material[];
  selectedId: string | null;
  linkReloads: number;
}

function MaterialList({ materials, selectedId, linkReloads }: MaterialListProps) {
  const progress = progressOf(materials);
  if (!materials.length) return <p className="materials-status">This course has no materials yet.</p>;
  return (
    <div className="course-materials">
      <div className="course-progress" aria-live="polite">
        <p className="course-progress-figure">{progress}% complete</p>
        <progress max={100} value={progress} aria-label="Course progress" />
      </div>
      <ol className="materials" aria-label="Course materials">
        {materials.map((material) => (
          <MaterialItem key={material.id} material={material} selected={material.id === selectedId} linkReloads={linkReloads} />
        ))}
      </ol>
    </div>
  );
}

function MaterialItem({ material, selected, linkReloads }: { material: Material; selected: boolean; linkReloads: number }) {
  const [failed, setFailed] = useState(false);
  // Set by a click on 'Watch video', not by a link to the material: only a click starts playback.
  const [playOnOpen, setPlayOnOpen] = useState(false);
  const video = useRef<HTMLVideoElement>(null);
  const anchor = materialAnchor(material.id);
  const checkbox = `complete-${material.id}`;
  const player = `player-${material.id}`;
  const select = () => {
    if (selectMaterial(material.id)) history.replaceState(history.state, '', `#${anchor}`);
  };
  const watch = () => {
    setPlayOnOpen(true);
    select();
    // Already open: the click is still the gesture that lets it play, with its sound.
    void video.current?.play().catch(() => undefined);
  };
  const onVideoError = () => {
    void reloadAfterVideoError().then((reloading) => {
      if (!reloading) setFailed(true);
    });
  };

  return (
    <li id={anchor} className={selected ? 'material is-selected' : 'material'} aria-current={selected ? 'true' : undefined}>
      <div className="material-head">
        <div className="material-text">
          <h2 className="material-title">{material.title}</h2>
          <p className="material-meta">
            <span className="material-kind">{material.kind === 'video' ? 'Video' : 'PDF'}</span>
            <span aria-hidden="true"> · </span>
            <span className="material-length">{formatLength(material)}</span>
          </p>
        </div>
        <div className="material-done">
          <input
            type="checkbox"
            id={checkbox}
            checked={material.completed}
            onChange={(event) => void setCompleted(material.id, event.currentTarget.checked)}
          />
          <label htmlFor={checkbox}>
            Completed<span className="visually-hidden">: {material.title}</span>
          </label>
        </div>
      </div>
      <div className="material-actions">
        {material.kind === 'video' ? (
          <button
            type="button"
            className="btn btn-outline"
            aria-expanded={selected}
            aria-controls={selected ? player : undefined}
            onClick={watch}
          >
            Watch video<span className="visually-hidden">: {material.title}</span>
          </button>
        ) : (
          <a className="btn btn-outline" href={material.url} target="_blank" rel="noopener" onClick={select}>
            Open PDF<span className="visually-hidden">: {material.title} (opens in a new tab)</span>
          </a>
        )}
      </div>
      {selected && material.kind === 'video' && (
        <div className="material-player" id={player}>
          {/* The catalogue has no caption files for materials yet (no field in content/ nor the API): a known gap. */}
          {/* eslint-disable-next-line jsx-a11y-x/media-has-caption */}
          <video
            ref={video}
            key={`${linkReloads}:${material.url}`}
            controls
            preload="metadata"
            src={material.url}
            poster={material.poster_url ?? undefined}
            autoPlay={playOnOpen}
            onError={onVideoError}
          >
            <a href={material.url}>Download the video: {material.title}</a>
          </video>
          {failed && (
            <p role="alert" className="material-error">
              This video could not be loaded. Reload the page to try again.
            </p>
          )}
        </div>
      )}
    </li>
  );
}

export default withBoundary(CourseMaterials, 'CourseMaterials');
