// A lesson video's poster: a still from the middle of its title slide (the first frames fade in
// from black), made beside the video by scripts/content/make-materials.ts and served through the same kind
// of signed link as the video, so the player shows what the lesson is before a byte of it plays.
// One naming rule for the script that writes the file and the route that reads it.
export const posterFileOf = (videoFile: string) => `${videoFile.replace(/\.mp4$/, '')}.poster.webp`;
