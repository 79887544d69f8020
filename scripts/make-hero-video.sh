#!/usr/bin/env bash
# Renders the home page's hero clip (a calm golden-hour sea) from ffmpeg's own filters: no
# footage or network needed. Writes public/media/hero.{webm,mp4} and hero-poster.jpg.
set -euo pipefail
cd "$(dirname "$0")/.."
out=public/media
mkdir -p "$out"

# 640x360 at 24 fps for 10 s, scaled up (the scene is soft by design). Horizon at y=205.
horizon=205
sky_t="pow(Y/${horizon},1.4)"
sun_d="hypot(X-320,Y-192)"
glow="(140*exp(-${sun_d}/38)+60*exp(-${sun_d}/120))"
disc="lt(${sun_d},21)"
depth="((Y-${horizon})/155)"
# Light on the water: a column under the sun that ripples, and slow swells everywhere.
ripple="(0.5+0.5*sin(Y*0.85-T*2.6+2*sin(X*0.045+T*0.9)))"
column="exp(-abs(X-320)/(26+${depth}*140))"
swell="(6*sin(Y*0.45+T*1.6+X*0.015))"
shine="(170*${column}*${ripple}*(1-0.45*${depth}))"

r="if(lt(Y,${horizon}), if(${disc},255, min(255, 24+(236-24)*${sky_t}+${glow})), min(255, 22+48*(1-${depth})+${shine}+${swell}))"
g="if(lt(Y,${horizon}), if(${disc},226, min(255, 38+(150-38)*${sky_t}+0.75*${glow})), min(255, 52+58*(1-${depth})+0.8*${shine}+${swell}))"
b="if(lt(Y,${horizon}), if(${disc},170, min(255, 72+(110-72)*${sky_t}+0.35*${glow})), min(255, 70+40*(1-${depth})+0.45*${shine}+${swell}))"

ffmpeg -y -loglevel error -f lavfi -i "color=c=black:s=640x360:r=24:d=10" \
  -vf "format=rgb24,geq=r='${r}':g='${g}':b='${b}',gblur=sigma=0.8,scale=1280:720:flags=bicubic,format=yuv420p" \
  -c:v libvpx-vp9 -b:v 900k -crf 36 -row-mt 1 -deadline good -cpu-used 4 -an "$out/hero.webm"

ffmpeg -y -loglevel error -i "$out/hero.webm" -c:v libx264 -preset slow -crf 26 -pix_fmt yuv420p \
  -movflags +faststart -an "$out/hero.mp4"

ffmpeg -y -loglevel error -i "$out/hero.webm" -frames:v 1 -q:v 5 "$out/hero-poster.jpg"
ls -l "$out"
