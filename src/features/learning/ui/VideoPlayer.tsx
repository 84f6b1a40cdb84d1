// The course page's video player, loaded only when a student opens a video (CourseMaterials.tsx
// imports it lazily: the page's script on load stays as it was). The browser's own <video> plays
// the MP4s (docs/decisions/020-lessons-video.md: no player library); a lesson added from the
// console has renditions, and this picks the one the connection carries (../renditions.ts) and
// lets the student choose another, keeping the position. A copy saved on the phone plays from there.
import { useId, useRef, useState, type RefObject, type SyntheticEvent } from 'react';
import { formatBytes } from '#lib/format.ts';
import { browserConnection, startingHeight, type Rendition } from '../renditions.ts';

export interface VideoPlayerProps {
  title: string;
  /** The material's own link (a lesson's default rendition, or a catalogue video's file). */
  url: string;
  poster: string | null;
  renditions: readonly Rendition[];
  captionsUrl: string | null;
  /** The copy saved on this phone, played instead of the network's; null when none is. */
  saved: { url: string; height: number | null } | null;
  /** Data is saved (the browser's Save-Data or 2G, or the page's Data saver): 240p, nothing before play. */
  dataSaver: boolean;
  autoPlay: boolean;
  videoRef: RefObject<HTMLVideoElement | null>;
  onError: () => void;
}

/** Where the video was when the student chose another quality: the new one resumes there. */
interface Resume {
  time: number;
  playing: boolean;
}

export default function VideoPlayer({
  title,
  url,
  poster,
  renditions,
  captionsUrl,
  saved,
  dataSaver,
  autoPlay,
  videoRef,
  onError,
}: VideoPlayerProps) {
  // Chosen once, when the player opens: a connection that changes later is the student's to act on.
  const [height, setHeight] = useState(() =>
    startingHeight(
      renditions.map((r) => r.height),
      browserConnection(),
      dataSaver,
    ),
  );
  const resume = useRef<Resume | null>(null);
  const rendition = renditions.find((r) => r.height === height);
  const src = saved?.url ?? rendition?.url ?? url;
  const choices = saved ? [] : renditions;
  const qualityId = useId();

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

  return (
    <>
      {/* Catalogue videos have no captions (no field in content/ for them): only lessons carry a track. */}
      {/* eslint-disable-next-line jsx-a11y-x/media-has-caption */}
      <video
        ref={videoRef}
        controls
        // Nothing heavy before play: the header only (a few KB, for the length), none when saving data.
        preload={saved || !dataSaver ? 'metadata' : 'none'}
        src={src}
        poster={poster ?? undefined}
        autoPlay={autoPlay}
        aria-label={`Video: ${title}`}
        data-height={saved ? (saved.height ?? undefined) : (rendition?.height ?? undefined)}
        onLoadedMetadata={onLoadedMetadata}
        onError={onError}
      >
        {captionsUrl && <track kind="captions" src={captionsUrl} srcLang="en" label="English" default />}
        <a href={src}>Download the video: {title}</a>
      </video>
      {choices.length > 1 && (
        <p className="video-quality">
          <label htmlFor={qualityId}>Quality</label>
          <select id={qualityId} value={height ?? undefined} onChange={(event) => choose(Number(event.currentTarget.value))}>
            {choices.map((choice) => (
              <option key={choice.height} value={choice.height}>
                {choice.height}p{choice.size !== null ? ` (${formatBytes(choice.size)})` : ''}
              </option>
            ))}
          </select>
        </p>
      )}
      {saved?.height && <p className="video-quality">Playing the {saved.height}p copy saved on this phone.</p>}
    </>
  );
}
