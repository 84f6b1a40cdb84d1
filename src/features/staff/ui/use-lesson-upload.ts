// One file's upload on the lessons page, as the page shows it: its name, bytes sent, and whether it is
// sending, paused or waiting for the network. Leaving the form pauses it (the server keeps the bytes;
// the same file chosen again resumes).
import { useCallback, useEffect, useRef, useState } from 'react';
import { sendLessonFile, type RunningUpload } from '../lesson-upload.ts';
import { $uploadsUnderWay } from '../session.ts';

export type UploadPhase = 'sending' | 'paused' | 'interrupted';
export interface UploadView {
  name: string;
  sent: number;
  total: number;
  phase: UploadPhase;
}

export function useLessonUpload() {
  const [view, setView] = useState<UploadView | null>(null);
  const running = useRef<RunningUpload | null>(null);
  const phase = (next: UploadPhase) => setView((shown) => shown && { ...shown, phase: next });

  const send = useCallback(async (file: File): Promise<string> => {
    setView({ name: file.name, sent: 0, total: file.size, phase: 'sending' });
    $uploadsUnderWay.set($uploadsUnderWay.get() + 1);
    try {
      const upload = await sendLessonFile(file, {
        onProgress: (sent, total) => setView((shown) => shown && { ...shown, sent, total }),
        onInterrupted: () => phase('interrupted'),
        onResumed: () => phase('sending'),
      });
      running.current = upload;
      return await upload.done;
    } finally {
      $uploadsUnderWay.set($uploadsUnderWay.get() - 1);
      running.current = null;
      setView(null);
    }
  }, []);

  useEffect(() => () => running.current?.pause(), []);

  return {
    view,
    send,
    pause: () => {
      running.current?.pause();
      phase('paused');
    },
    resume: () => {
      running.current?.resume();
      phase('sending');
    },
  };
}
