// The course page's video player, loaded only when a student opens a video (CourseMaterials.tsx
// imports it lazily: the page's script on load stays as it was). The browser's own <video> plays
// the MP4s (docs/decisions/020-lessons-video.md: no player library); a lesson added from the
// console has renditions, and this picks the one the connection carries (../starting-rendition.ts)
// and lets the student choose another, keeping the position. A copy saved on the phone plays from
// there. A link that fails reloads the course's list once (links expire), else says so.
import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState, type RefObject, type SyntheticEvent } from 'react';
import { formatBytes } from '#lib/format.ts';
import { browserConnection } from '../renditions.ts';
import type { Material } from '../schemas.ts';
import { startingHeight } from '../starting-rendition.ts';
import { $dataSaverSetting, savingData } from '../video-settings.ts';

export interface VideoPlayerProps {
  /** The element's id, which 'Watch video' controls. */
  id: string;
  material: Material;
  /** The material's own link, or its copy saved on this phone (played instead, whatever the connection). */
  url: string;
  poster: string | null;
  /** The bytes of the copy saved on this phone (with its poster); null when none is. */
  savedBytes: number | null;
  /** How many times 'Watch video' was pressed: it plays on the first, and each brings it into view. */
  watched: number;
  videoRef: RefObject<HTMLVideoElement | null>;
  /**
   * Fetches fresh links, once (the course page's store: reloadAfterVideoError); answers whether it
   * did. Handed in rather than imported, so the store stays in the page's own chunk, not one shared
   * with this lazy one.
   */
  reloadLinks: () => Promise<boolean>;
}

/** Where the video was when the student chose another quality: the new one resumes there. */
interface Resume {
  time: number;
  playing: boolean;
}

export default function VideoPlayer({ id, material, url, poster, savedBytes, watched, videoRef, reloadLinks }: VideoPlayerProps) {
  const renditions = material.renditions ?? [];
  // Data is saved (the browser's Save-Data or 2G, or the page's Data saver): 240p, nothing before play.
  const dataSaver = useStore($dataSaverSetting) || savingData();
  // Chosen once, when the player opens: a connection that changes later is the student's to act on.
  const [height, setHeight] = useState(() =>
    startingHeight(
      renditions.map((r) => r.height),
      browserConnection(),
      dataSaver,
    ),
  );
  const [failed, setFailed] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const resume = useRef<Resume | null>(null);
  const qualityId = useId();
  const saved = savedBytes !== null;
  // The rendition saved on the phone is the one whose size (with the poster's, when that was saved) it takes.
  const savedHeight = renditions.find(
    (r) => r.size !== null && [r.size, r.size + (material.poster_size ?? 0)].includes(savedBytes ?? -1),
  )?.height;
  const rendition = saved ? undefined : renditions.find((r) => r.height === height);
  const src = rendition?.url ?? url;

  // The player opens under the card's buttons: on a phone, for a lower card, below the screen's
  // edge while it already plays. Scrolled the least that shows it whole, gently unless the person
  // asked for reduced motion.
  useEffect(() => {
    if (!watched) return;
    const smooth = !matchMedia('(prefers-reduced-motion: reduce)').matches;
    box.current?.scrollIntoView({ block: 'nearest', behavior: smooth ? 'smooth' : 'auto' });
  }, [watched]);

  const choose = (next: number) => {
    const video = videoRef.current;
    if (video) resume.current = { time: video.currentTime, playing: !video.paused };
    setHeight(next);
  };
  // The new source has loaded its header: back to where the student was, playing if it was.
  const onLoadedMetadata = (event: SyntheticEvent<HTMLVideoElement>) => {
    const at = resume.current;
    if (!at) return;
    resume.current = null;
    const video = event.currentTarget;
    video.currentTime = at.time;
    if (at.playing) void video.play().catch(() => undefined);
  };
  // Links expire after 2 hours: the list is fetched again (once), which gives this player new ones.
  // A link refused before React listened (the element is made, and starts loading, as the lazy player
  // commits) leaves no event to hear: the element's own error says so, looked at once it is mounted.
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const onError = () => {
      void reloadLinks().then((reloading) => {
        if (!reloading) setFailed(true);
      });
    };
    if (video.error) onError();
    video.addEventListener('error', onError);
    return () => video.removeEventListener('error', onError);
  }, [videoRef, src, reloadLinks]);

  return (
    <div className="material-player" id={id} ref={box}>
      {/* Catalogue videos have no captions (no field in content/ for them): only lessons carry a track. */}
      {/* eslint-disable-next-line jsx-a11y-x/media-has-caption */}
      <video
        ref={videoRef}
        controls
        // Nothing heavy before play: the header only (a few KB, for the length), none when saving data.
        preload={saved || !dataSaver ? 'metadata' : 'none'}
        src={src}
        poster={poster ?? undefined}
        autoPlay={watched > 0}
        aria-label={`Video: ${material.title}`}
        onLoadedMetadata={onLoadedMetadata}
      >
        {material.captions_url && <track kind="captions" src={material.captions_url} srcLang="en" label="English" default />}
        <a href={src}>Download the video: {material.title}</a>
      </video>
      {!saved && renditions.length > 1 && (
        <p className="video-quality">
          <label htmlFor={qualityId}>Quality</label>
          <select id={qualityId} value={height ?? undefined} onChange={(event) => choose(Number(event.currentTarget.value))}>
            {renditions.map((choice) => (
              <option key={choice.height} value={choice.height}>
                {choice.height}p{choice.size !== null ? ` (${formatBytes(choice.size)})` : ''}
              </option>
            ))}
          </select>
        </p>
      )}
      {savedHeight && <p className="video-quality">Playing the {savedHeight}p copy saved on this phone.</p>}
      {failed && (
        <p role="alert" className="material-error">
          This video could not be loaded. Reload the page to try again.
        </p>
      )}
    </div>
  );
}
