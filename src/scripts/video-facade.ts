// Swaps a video facade for the real player on click, and starts playback. The player shows the
// facade's picture as its poster until the first frame arrives.
export function enhanceVideoFacades() {
  document.querySelectorAll<HTMLElement>('[data-video]').forEach((holder) => {
    const button = holder.querySelector('button');
    button?.addEventListener('click', () => {
      const video = document.createElement('video');
      video.src = holder.dataset.src!;
      if (holder.dataset.poster) video.poster = holder.dataset.poster;
      video.controls = true;
      video.autoplay = true;
      video.playsInline = true;
      video.preload = 'auto';
      video.setAttribute('aria-label', holder.dataset.title ?? 'Video');
      if (holder.dataset.captions) {
        const track = document.createElement('track');
        track.kind = 'captions';
        track.srclang = 'en';
        track.label = 'English';
        track.src = holder.dataset.captions;
        track.default = true;
        video.append(track);
      }
      holder.replaceChildren(video);
      video.focus();
    });
  });
}
