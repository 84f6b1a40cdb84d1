// /staff/courses/lessons?id=: a course's lessons (docs/product.md#lessons), in order, with their status;
// staff add a video or a PDF, move, rename, replace the file and retire. While a video is being
// processed the list is looked at again every 5 seconds, so 'ready' (or 'failed') shows by itself.
import { useEffect, useRef, useState } from 'react';
import type { Lesson } from '#lib/schemas/lessons.ts';
import { withBoundary } from '#lib/react/IslandBoundary.tsx';
import { lessonApi } from '../lesson-api.ts';
import type { CourseOption } from '../links.ts';
import { LessonForm } from './LessonForm.tsx';
import { LessonItem, type LessonActions } from './LessonItem.tsx';
import { LoadState } from './parts.tsx';
import { queryParam, useLoad } from './use-load.ts';
import './lessons.css';

const LOOK_AGAIN_MS = 5_000;

function Lessons({ courses }: { courses: CourseOption[] }) {
  const [courseId] = useState(() => queryParam('id'));
  const course = courses.find((option) => option.id === courseId);
  const { data, busy, error, reload } = useLoad(() => lessonApi.list(courseId), [courseId]);
  const lessons = data?.lessons ?? [];
  const [said, setSaid] = useState('');
  const refocus = useRef<{ id: string; by: -1 | 1 } | null>(null);

  const waiting = lessons.some((lesson) => lesson.status === 'processing' || lesson.replacement?.status === 'processing');
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(reload, LOOK_AGAIN_MS);
    return () => clearInterval(timer);
  }, [waiting, reload]);

  // A moved lesson keeps the focus on its button in its new place (or the other one, at an end).
  useEffect(() => {
    const wanted = refocus.current;
    if (!wanted || busy) return;
    refocus.current = null;
    const button = (by: number) => document.getElementById(`${by < 0 ? 'up' : 'down'}-${wanted.id}`) as HTMLButtonElement | null;
    const same = button(wanted.by);
    (same && !same.disabled ? same : button(-wanted.by))?.focus();
  }, [data, busy]);

  const actions: LessonActions = {
    move: (lesson, by) => {
      const index = lessons.findIndex((l) => l.id === lesson.id);
      const other = lessons[index + by];
      if (!other) return;
      // Swapping places keeps the others where they are; equal places are numbered afresh.
      const order = [...lessons];
      [order[index], order[index + by]] = [other, lesson];
      const changes: [Lesson, number][] =
        lesson.position !== other.position
          ? [
              [lesson, other.position],
              [other, lesson.position],
            ]
          : order.map((l, i): [Lesson, number] => [l, i + 1]).filter(([l, place]) => l.position !== place);
      void (async () => {
        for (const [l, position] of changes) await lessonApi.change(courseId, l.id, { position }, true);
        setSaid(`${lesson.title} moved ${by < 0 ? 'up' : 'down'}, to place ${index + by + 1}.`);
      })()
        .catch(() => undefined)
        .finally(() => {
          refocus.current = { id: lesson.id, by };
          reload();
        });
    },
    rename: (lesson, title) => lessonApi.change(courseId, lesson.id, { title }).then(reload),
    replace: (lesson, values) =>
      lessonApi
        .change(courseId, lesson.id, {
          ...(values.upload ? { upload: values.upload } : {}),
          ...(values.captions_upload ? { captions_upload: values.captions_upload } : {}),
        })
        .then(reload),
    retire: (lesson) => lessonApi.retire(courseId, lesson.id).then(reload),
  };

  return (
    <>
      <p className="staff-name-line">
        <strong>{course?.title ?? courseId}</strong> · <a href="/staff/courses">All courses</a>
      </p>
      <p className="visually-hidden" role="status">
        {said}
      </p>
      {/* A course made in the editor is 'Coming soon' until its first lesson is ready (src/lib/course-for-sale.ts). */}
      {data && !data.for_sale && (
        <p className="staff-muted">Not for sale until it has a lesson: its page shows ‘Coming soon’ until the first lesson is ready.</p>
      )}
      <LoadState busy={busy && !data} error={error}>
        {data &&
          (lessons.length ? (
            <ol className="lesson-list" aria-label="Lessons">
              {lessons.map((lesson, index) => (
                <LessonItem key={lesson.id} lesson={lesson} first={index === 0} last={index === lessons.length - 1} actions={actions} />
              ))}
            </ol>
          ) : (
            <p className="staff-muted">No lessons yet.</p>
          ))}
      </LoadState>
      {data && (
        <section className="staff-card" aria-labelledby="add-lesson">
          <h2 id="add-lesson">Add a lesson</h2>
          <LessonForm
            labelledBy="add-lesson"
            submitLabel="Add lesson"
            onSave={async ({ title, kind, position, upload, captions_upload }) => {
              await lessonApi.create(courseId, {
                title,
                kind,
                upload: upload!,
                ...(position !== undefined ? { position } : {}),
                ...(captions_upload ? { captions_upload } : {}),
              });
              reload();
            }}
          />
        </section>
      )}
    </>
  );
}

export default withBoundary(Lessons, 'Lessons');
