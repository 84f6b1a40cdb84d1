#!/usr/bin/env bash
# make-process-video.sh — re-makes the home page's "garment process" video.
#
# Writes:
#   public/media/process.mp4  H.264 (yuv420p), 1280x720, 25 fps, 25 s, no audio, +faststart
#   public/media/process.vtt  WebVTT captions, one cue per slide, in step with the video
#
# The video is five titled slides on plain backgrounds in the academy palette
# (deep indigo #1e1b4b, indigo #312e81, adire blue #1d4ed8, ochre #b45309, cream #fdf6ec):
#   1. Sketch  2. Pattern  3. Cut  4. Sew  5. Finish
# Each slide fades in and out and carries a short caption, an ochre rule and a row of five
# progress dots. Edit the SLIDES table below and run the script again to change the wording;
# the captions file is generated from the same table, so the two never drift apart.
#
# Needs: bash, ffmpeg built with libx264 and libfreetype (Debian: apt-get install -y ffmpeg),
# and a TrueType font (DejaVu Sans by default; set FONT_BOLD / FONT_REGULAR to override).
#
# Usage (from anywhere):  bash scripts/content/make-process-video.sh
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
OUT_DIR="$ROOT/public/media"
MP4="$OUT_DIR/process.mp4"
VTT="$OUT_DIR/process.vtt"

W=1280
H=720
FPS=25
SECS=5            # length of each slide, in seconds
FADE=0.5          # fade in / fade out, in seconds

find_font() { fc-match -f '%{file}' "$1" 2>/dev/null || true; }
FONT_BOLD="${FONT_BOLD:-$(find_font 'DejaVu Sans:style=Bold')}"
FONT_REGULAR="${FONT_REGULAR:-$(find_font 'DejaVu Sans')}"
for f in "$FONT_BOLD" "$FONT_REGULAR"; do
  [[ -f "$f" ]] || { echo "Font not found: '$f' (set FONT_BOLD / FONT_REGULAR)" >&2; exit 1; }
done
command -v ffmpeg >/dev/null || { echo "ffmpeg is not installed (apt-get install -y ffmpeg)" >&2; exit 1; }

# background|title colour|caption colour|title|caption
SLIDES=(
  "0x1e1b4b|0xffffff|0xfdf6ec|1. Sketch|Every garment starts on paper: the silhouette, the fabric and the fit."
  "0x312e81|0xffffff|0xfdf6ec|2. Pattern|We draft the pattern to real measurements, block by block."
  "0x1d4ed8|0xffffff|0xfdf6ec|3. Cut|Fabric is laid on grain and cut with care, wasting as little as we can."
  "0xb45309|0xffffff|0xfdf6ec|4. Sew|Seams are stitched and pressed in order, with a fitting at every stage."
  "0xfdf6ec|0x1e1b4b|0x312e81|5. Finish|Hems, buttons and a final press: ready for the runway or the market."
)

TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT
mkdir -p "$OUT_DIR"

# drawtext reads the words from files, so no quoting or escaping of punctuation is needed.
inputs=()
filters=""
concat=""
n=${#SLIDES[@]}
for i in "${!SLIDES[@]}"; do
  IFS='|' read -r bg fg cap title caption <<<"${SLIDES[$i]}"
  printf '%s' "$title" >"$TMP/title$i.txt"
  printf '%s' "$caption" >"$TMP/caption$i.txt"
  printf '%s' "Adire Fashion Academy  ·  How a garment is made" >"$TMP/footer.txt"
  inputs+=(-f lavfi -i "color=c=${bg}:s=${W}x${H}:r=${FPS}:d=${SECS}")

  # Progress dots: the current step is ochre (cream on the ochre slide), the others outlined.
  accent="0xb45309"; [[ "$bg" == "0xb45309" ]] && accent="0xfdf6ec"
  dots=""
  for j in $(seq 0 $((n - 1))); do
    x=$(( W / 2 - (n * 36) / 2 + j * 36 + 8 ))
    if [[ $j -eq $i ]]; then
      dots+=",drawbox=x=${x}:y=$((H - 96)):w=20:h=20:color=${accent}:t=fill"
    else
      dots+=",drawbox=x=${x}:y=$((H - 96)):w=20:h=20:color=${cap}@0.6:t=2"
    fi
  done

  filters+="[$i:v]"
  filters+="drawtext=fontfile=${FONT_BOLD}:textfile=${TMP}/title$i.txt:fontsize=96:fontcolor=${fg}:x=(w-text_w)/2:y=h*0.30"
  filters+=",drawbox=x=$((W / 2 - 60)):y=$((H * 30 / 100 + 130)):w=120:h=6:color=${accent}:t=fill"
  filters+=",drawtext=fontfile=${FONT_REGULAR}:textfile=${TMP}/caption$i.txt:fontsize=30:fontcolor=${cap}:x=(w-text_w)/2:y=h*0.30+170"
  filters+=",drawtext=fontfile=${FONT_REGULAR}:textfile=${TMP}/footer.txt:fontsize=22:fontcolor=${cap}@0.8:x=(w-text_w)/2:y=h-52"
  filters+="${dots}"
  filters+=",fade=t=in:st=0:d=${FADE},fade=t=out:st=$(awk "BEGIN{print ${SECS}-${FADE}}"):d=${FADE}"
  filters+=",format=yuv420p[s$i];"
  concat+="[s$i]"
done
filters+="${concat}concat=n=${n}:v=1:a=0[v]"

ffmpeg -hide_banner -loglevel error -y "${inputs[@]}" \
  -filter_complex "$filters" -map "[v]" \
  -c:v libx264 -profile:v high -preset slow -tune stillimage -crf 26 \
  -pix_fmt yuv420p -r "$FPS" -movflags +faststart -an "$MP4"

# WebVTT: one cue per slide, timed to match.
ts() { printf '%02d:%02d:%02d.000' $(($1 / 3600)) $(($1 % 3600 / 60)) $(($1 % 60)); }
{
  echo "WEBVTT"
  echo
  for i in "${!SLIDES[@]}"; do
    IFS='|' read -r _ _ _ title caption <<<"${SLIDES[$i]}"
    echo "$((i + 1))"
    echo "$(ts $((i * SECS))) --> $(ts $(((i + 1) * SECS)))"
    echo "$title"
    echo "$caption"
    echo
  done
} >"$VTT"

echo "Wrote $MP4 ($(wc -c <"$MP4") bytes) and $VTT"
