#!/usr/bin/env bash
# Builds the home-page hero video (golden-hour ocean with palm silhouettes).
# Outputs: public/media/hero.webm (VP9), public/media/hero.mp4 (H.264), public/media/hero-poster.jpg
# Requires: ffmpeg (libvpx-vp9, libx264) and chromium (for rendering the still SVG layers).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OUT="$ROOT/public/media"
CHROMIUM="${CHROMIUM:-chromium}"
DUR=9          # seconds; all motion is periodic in DUR so the video loops seamlessly
FPS=30
mkdir -p "$OUT"
TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT

# ---------------------------------------------------------------------------
# 1. Still background: sky gradient, sun + glow, sea base, soft reflection.
# ---------------------------------------------------------------------------
cat > "$TMP/bg.svg" <<'SVG'
<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="720" viewBox="0 0 1280 720">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#0b1630"/>
      <stop offset="0.35" stop-color="#23284d"/>
      <stop offset="0.62" stop-color="#5c3f5e"/>
      <stop offset="0.85" stop-color="#a75a4c"/>
      <stop offset="1" stop-color="#d98a55"/>
    </linearGradient>
    <linearGradient id="sea" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#6b4657"/>
      <stop offset="0.25" stop-color="#3a3050"/>
      <stop offset="1" stop-color="#0b1428"/>
    </linearGradient>
    <radialGradient id="glow" cx="0.5" cy="0.5" r="0.5">
      <stop offset="0" stop-color="#ffd79a" stop-opacity="0.85"/>
      <stop offset="0.18" stop-color="#f5a863" stop-opacity="0.45"/>
      <stop offset="0.5" stop-color="#d0705a" stop-opacity="0.16"/>
      <stop offset="1" stop-color="#d0705a" stop-opacity="0"/>
    </radialGradient>
    <radialGradient id="refl" cx="0.5" cy="0" r="1" gradientTransform="translate(0.5 0) scale(0.25 1) translate(-0.5 0)">
      <stop offset="0" stop-color="#f3a868" stop-opacity="0.45"/>
      <stop offset="1" stop-color="#f3a868" stop-opacity="0"/>
    </radialGradient>
    <radialGradient id="vig" cx="0.5" cy="0.55" r="0.75">
      <stop offset="0.55" stop-color="#000" stop-opacity="0"/>
      <stop offset="1" stop-color="#000" stop-opacity="0.45"/>
    </radialGradient>
  </defs>
  <rect width="1280" height="400" fill="url(#sky)"/>
  <circle cx="700" cy="392" r="420" fill="url(#glow)"/>
  <circle cx="700" cy="384" r="34" fill="#ffe2b0"/>
  <rect y="400" width="1280" height="320" fill="url(#sea)"/>
  <rect x="380" y="400" width="640" height="320" fill="url(#refl)"/>
  <rect y="399" width="1280" height="2" fill="#e9a06a" opacity="0.35"/>
  <rect width="1280" height="720" fill="url(#vig)"/>
</svg>
SVG

# ---------------------------------------------------------------------------
# 2. Foreground mask: palm trees + beach, white on black (used as alpha).
# ---------------------------------------------------------------------------
cat > "$TMP/fg.svg" <<'SVG'
<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="720" viewBox="0 0 1280 720">
  <defs>
    <g id="f" stroke="#fff" stroke-linecap="round"><polyline points="0 0 13 1 27 2 40 5 53 10 67 15 80 22 93 29 107 38 120 49 133 60 147 73 160 86" fill="none" stroke-width="3"/><path d="M13 1Q19 11 20 20M13 1Q25 -2 33 -5M21 1Q29 16 30 29M21 1Q38 -1 49 -5M29 3Q38 20 39 37M29 3Q50 1 64 -3M37 5Q47 25 47 44M37 5Q62 4 77 1M45 7Q55 30 55 51M45 7Q72 7 90 5M53 9Q63 35 62 57M53 9Q83 11 101 10M61 12Q70 40 69 63M61 12Q92 16 111 15M69 16Q78 44 76 67M69 16Q100 21 120 21M77 20Q85 49 82 71M77 20Q108 26 128 27M85 24Q92 53 89 75M85 24Q115 32 135 33M93 29Q99 56 95 77M93 29Q121 37 140 39M101 34Q106 60 102 79M101 34Q127 43 145 45M109 40Q113 63 109 81M109 40Q132 48 148 51M117 46Q120 66 116 81M117 46Q137 54 150 56M125 53Q127 69 124 81M125 53Q141 59 152 62M133 60Q134 72 132 80M133 60Q144 65 152 67M141 67Q141 74 140 79M141 67Q147 70 152 71M149 75Q149 77 148 79M149 75Q151 76 152 76" fill="none" stroke-width="2.4"/></g>
  </defs>
  <rect width="1280" height="720" fill="#000"/>
  <g fill="#fff">
    <path d="M0,690 C120,668 250,676 360,700 L360,720 L0,720 Z"/>
    <path d="M1280,676 C1160,664 1030,684 940,720 L1280,720 Z"/>
    <path d="M-6,770 Q22,540 64,352 L76,354 Q44,560 26,770 Z"/>
    <path d="M50,760 Q96,430 214,204 L228,210 Q122,440 94,760 Z"/>
    <path d="M1220,760 Q1188,450 1104,232 L1118,227 Q1214,440 1262,760 Z"/>
    <circle cx="70" cy="352" r="8"/><circle cx="221" cy="206" r="10"/><circle cx="1111" cy="230" r="10"/>
  </g>
  <g transform="translate(70 352) scale(0.8)">
    <use href="#f" transform="rotate(-30)"/><use href="#f" transform="rotate(5) scale(0.9)"/><use href="#f" transform="rotate(35) scale(0.8)"/>
    <g transform="scale(-1 1)"><use href="#f" transform="rotate(-25) scale(0.9)"/><use href="#f" transform="rotate(15) scale(0.8)"/></g>
    <use href="#f" transform="rotate(-70) scale(0.7)"/>
  </g>
  <g transform="translate(221 206) scale(1.15)">
    <use href="#f" transform="rotate(-40)"/><use href="#f" transform="rotate(-12) scale(1.05)"/><use href="#f" transform="rotate(18) scale(0.95)"/><use href="#f" transform="rotate(48) scale(0.8)"/>
    <g transform="scale(-1 1)"><use href="#f" transform="rotate(-35) scale(0.95)"/><use href="#f" transform="rotate(-5)"/><use href="#f" transform="rotate(30) scale(0.85)"/></g>
    <use href="#f" transform="rotate(-75) scale(0.75)"/><g transform="scale(-1 1)"><use href="#f" transform="rotate(-78) scale(0.7)"/></g>
  </g>
  <g transform="translate(1111 230) scale(1.1)">
    <use href="#f" transform="rotate(-38) scale(0.95)"/><use href="#f" transform="rotate(-6)"/><use href="#f" transform="rotate(28) scale(0.85)"/>
    <g transform="scale(-1 1)"><use href="#f" transform="rotate(-42)"/><use href="#f" transform="rotate(-14) scale(1.05)"/><use href="#f" transform="rotate(16) scale(0.95)"/><use href="#f" transform="rotate(46) scale(0.8)"/></g>
    <use href="#f" transform="rotate(-76) scale(0.7)"/><g transform="scale(-1 1)"><use href="#f" transform="rotate(-74) scale(0.75)"/></g>
  </g>
</svg>
SVG

render() { # svg -> png at 1280x720
  "$CHROMIUM" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
    --disable-background-networking --disable-component-update --disable-sync \
    --hide-scrollbars --user-data-dir="$TMP/chrome" \
    --screenshot="$2" --window-size=1280,720 "file://$1" >/dev/null 2>&1
}
render "$TMP/bg.svg" "$TMP/bg.png"
render "$TMP/fg.svg" "$TMP/fg.png"

# ---------------------------------------------------------------------------
# 3. Animate: sea shimmer (geq, periodic in DUR) over the background,
#    then the dark palm silhouettes on top. Sea occupies y=400..720.
#    The shimmer is computed at half resolution (640x160) and scaled up.
#    ph  = perspective-compressed wave phase (rows tighten toward the horizon)
#    xph = horizontal phase, also perspective-scaled -> long horizontal glints
#    col = brighter glitter path under the sun (x=700 -> 350 at half res)
# ---------------------------------------------------------------------------
W="(2*PI/$DUR)"
PH="(53*log(Y+18))"
XPH="(9*(X-350)/(Y+18))"
V1="sin($PH-2*$W*T+1.6*sin(0.7*$XPH+$W*T))*sin($XPH+0.9*sin(0.3*$PH-$W*T)+$W*T)"
V2="sin(0.55*$PH-$W*T+2.1*sin(0.35*$XPH-2*$W*T))*sin(0.6*$XPH-$W*T)"
COL="exp(-pow((X-350)/(28+0.85*Y),2))"
SHIMMER="255*min(1,(0.9*$COL+0.14)*(pow(max(0,$V1),3)*1.1+0.6*pow(max(0,$V2),4))*(0.55+0.45*min(1,Y/12)))"

ffmpeg -hide_banner -loglevel error -y \
  -loop 1 -framerate $FPS -t $DUR -i "$TMP/bg.png" \
  -loop 1 -framerate $FPS -t $DUR -i "$TMP/fg.png" \
  -f lavfi -t $DUR -i "color=c=0xffd39a:s=1280x320:r=$FPS" \
  -f lavfi -t $DUR -i "color=c=0x04070e:s=1280x720:r=$FPS" \
  -filter_complex "
    [0:v]scale=1280:720,format=rgb24,setsar=1[bg];
    nullsrc=s=640x160:r=$FPS:d=$DUR,format=gray,geq=lum='$SHIMMER',
      scale=1280:320:flags=bicubic,gblur=sigma=1.2:sigmaV=0.6[sh];
    [2:v][sh]alphamerge[glint];
    [bg][glint]overlay=0:400:format=rgb[lit];
    [1:v]scale=1280:720,format=gray[m];
    [3:v][m]alphamerge[palms];
    [lit][palms]overlay=0:0:format=rgb,format=yuv420p[v]" \
  -map "[v]" -an -r $FPS -t $DUR -c:v libx264 -preset slow -crf 12 -pix_fmt yuv420p "$TMP/master.mp4"

# ---------------------------------------------------------------------------
# 4. Delivery encodes + poster (first frame).
# ---------------------------------------------------------------------------
ffmpeg -hide_banner -loglevel error -y -i "$TMP/master.mp4" -an \
  -c:v libvpx-vp9 -b:v 900k -maxrate 1200k -bufsize 2400k -crf 36 -deadline good -cpu-used 2 \
  -row-mt 1 -tile-columns 2 -g 90 -pix_fmt yuv420p -pass 1 -passlogfile "$TMP/vp9" -f null /dev/null
ffmpeg -hide_banner -loglevel error -y -i "$TMP/master.mp4" -an \
  -c:v libvpx-vp9 -b:v 900k -maxrate 1200k -bufsize 2400k -crf 36 -deadline good -cpu-used 2 \
  -row-mt 1 -tile-columns 2 -g 90 -pix_fmt yuv420p -pass 2 -passlogfile "$TMP/vp9" "$OUT/hero.webm"

ffmpeg -hide_banner -loglevel error -y -i "$TMP/master.mp4" -an \
  -c:v libx264 -preset slow -crf 24 -maxrate 1200k -bufsize 2400k -profile:v high -level 4.0 \
  -pix_fmt yuv420p -g 90 -movflags +faststart "$OUT/hero.mp4"

ffmpeg -hide_banner -loglevel error -y -i "$TMP/master.mp4" -frames:v 1 -q:v 4 "$OUT/hero-poster.jpg"

ls -l "$OUT"/hero.webm "$OUT"/hero.mp4 "$OUT"/hero-poster.jpg
