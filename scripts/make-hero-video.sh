#!/usr/bin/env bash
# Generates the homepage hero background video (public/media/hero.mp4, hero.webm)
# and its poster (public/media/hero-poster.jpg).
#
# Scene: golden-hour ocean with a low sun, soft drifting cloud streaks, a distant
# headland, rolling waves with sun glints, and palm silhouettes swaying at the edges.
# Everything is drawn procedurally; no external footage, fonts or network access.
#
# Requirements: node (>= 18) and ffmpeg built with libx264, libvpx-vp9 and librsvg
# (Debian's ffmpeg package has all three). Re-runnable; output is overwritten.
#
# Pipeline:
#   1. palms.mjs writes palm silhouette SVGs (static trunks + two crown layers per palm).
#   2. sea.mjs renders the sky/sea background as raw RGB frames on stdout.
#   3. ffmpeg composites the crowns (rotated about the trunk tops for the sway) over the
#      background into a lossless master, then encodes MP4, WebM and the poster from it.
# Every animated term has a period dividing DUR, so the clip loops seamlessly.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OUT="$ROOT/public/media"
W=1280
H=720
FPS=30
DUR=10
FRAMES=$((FPS * DUR))

command -v node >/dev/null || { echo "node is required" >&2; exit 1; }
command -v ffmpeg >/dev/null || { echo "ffmpeg is required" >&2; exit 1; }

TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT
mkdir -p "$OUT"

# ---------------------------------------------------------------- palm silhouettes
cat >"$TMP/palms.mjs" <<'JS'
// Writes palm-tree silhouette SVGs: trunks.svg (full frame, static) and crown-<n>-<a|b>.svg
// (square, crown centre = image centre, so ffmpeg's rotate filter sways them about the trunk top).
import { writeFileSync } from 'node:fs';
const [dir, W, H] = [process.argv[2], Number(process.argv[3]), Number(process.argv[4])];
const INK = '#0b0c13';
let seed = 7;
const rnd = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 4294967296);
const f1 = (v) => v.toFixed(1);
const bez = (p0, p1, p2, u) => [
  (1 - u) ** 2 * p0[0] + 2 * (1 - u) * u * p1[0] + u * u * p2[0],
  (1 - u) ** 2 * p0[1] + 2 * (1 - u) * u * p1[1] + u * u * p2[1],
];
const bezT = (p0, p1, p2, u) => {
  const x = 2 * (1 - u) * (p1[0] - p0[0]) + 2 * u * (p2[0] - p1[0]);
  const y = 2 * (1 - u) * (p1[1] - p0[1]) + 2 * u * (p2[1] - p1[1]);
  const l = Math.hypot(x, y) || 1; return [x / l, y / l];
};
// one frond: curved rachis plus feathery leaflets hanging from both sides
function frond(angle, len, droop, leaf) {
  const c = Math.cos(angle), s = Math.sin(angle);
  const p0 = [0, 0], p1 = [c * len * 0.6, s * len * 0.45 - len * 0.22], p2 = [c * len * 0.95, s * len * 0.7 + droop * len];
  let d = '';
  // rachis as a thin tapered ribbon
  const L = [], R = [];
  for (let i = 0; i <= 16; i++) {
    const u = i / 16, [x, y] = bez(p0, p1, p2, u), [tx, ty] = bezT(p0, p1, p2, u), w = 3.2 * (1 - u) + 0.4;
    L.push([x - ty * w, y + tx * w]); R.push([x + ty * w, y - tx * w]);
  }
  d += 'M' + L.map((p) => f1(p[0]) + ' ' + f1(p[1])).join('L') + 'L' + R.reverse().map((p) => f1(p[0]) + ' ' + f1(p[1])).join('L') + 'Z';
  // leaflets as narrow tapered blades
  for (let u = 0.08; u < 0.98; u += 0.02) {
    const [x, y] = bez(p0, p1, p2, u), [tx, ty] = bezT(p0, p1, p2, u);
    const ll = leaf * Math.pow(Math.sin(Math.PI * Math.min(1, u * 1.15)), 0.7) * (0.85 + 0.3 * rnd());
    for (const side of [-1, 1]) {
      // leaflet direction: forward along the rachis, bent outward and pulled down by gravity
      let nx = tx * 0.6 - side * ty * 0.75, ny = ty * 0.6 + side * tx * 0.75 + 0.9;
      const nl = Math.hypot(nx, ny); nx /= nl; ny /= nl;
      const ex = x + nx * ll, ey = y + ny * ll, w = 1.9 + 1.2 * (1 - u);
      const mx = x + nx * ll * 0.5 + ny * side * 3, my = y + ny * ll * 0.5 - nx * side * 3;
      d += `M${f1(x - ny * w)} ${f1(y + nx * w)}Q${f1(mx)} ${f1(my)} ${f1(ex)} ${f1(ey)}Q${f1(mx - ny * w * 0.6)} ${f1(my + nx * w * 0.6)} ${f1(x + ny * w)} ${f1(y - nx * w)}Z`;
    }
  }
  return d;
}
function crown(size, n, len, tilt) {
  const parts = [[], []];
  for (let i = 0; i < n; i++) {
    const a = tilt + (i / n) * Math.PI * 2 + (rnd() - 0.5) * 0.35;
    const up = -Math.sin(a);                       // 1 = pointing up
    const l = len * (0.75 + 0.3 * rnd()) * (up > 0.6 ? 0.8 : 1);
    const droop = 0.25 + 0.35 * Math.max(0, up) + 0.15 * rnd();
    parts[i % 2].push(frond(a, l, droop, len * 0.27));
  }
  const h = size / 2;
  const nut = `<circle r="${f1(len * 0.07)}"/><circle cx="${f1(len * 0.05)}" cy="${f1(len * 0.04)}" r="${f1(len * 0.05)}"/>`;
  return parts.map((p, k) =>
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="${-h} ${-h} ${size} ${size}"><g fill="${INK}">${p.map((d) => `<path d="${d}"/>`).join('')}${k ? nut : ''}</g></svg>`);
}
function trunk(base, top, bend, w0, w1) {
  const ctrl = [(base[0] + top[0]) / 2 + bend, (base[1] + top[1]) / 2];
  const L = [], R = [];
  for (let i = 0; i <= 40; i++) {
    const u = i / 40, [x, y] = bez(base, ctrl, top, u), [tx, ty] = bezT(base, ctrl, top, u);
    const w = (w0 + (w1 - w0) * u) * (1 + 0.06 * Math.sin(u * 90));   // ring bumps
    L.push([x - ty * w, y + tx * w]); R.push([x + ty * w, y - tx * w]);
  }
  return 'M' + L.map((p) => f1(p[0]) + ' ' + f1(p[1])).join('L') + 'L' + R.reverse().map((p) => f1(p[0]) + ' ' + f1(p[1])).join('L') + 'Z';
}
export const PALMS = JSON.parse(process.env.PALMS);
let trunks = '';
PALMS.forEach((p, i) => {
  trunks += `<path d="${trunk(p.base, p.top, p.bend, p.w0, p.w1)}"/>`;
  const [a, b] = crown(p.size, p.fronds, p.len, p.tilt);
  writeFileSync(`${dir}/crown-${i}-a.svg`, a);
  writeFileSync(`${dir}/crown-${i}-b.svg`, b);
});
// low dune and beach grass along the bottom corners
let grass = '';
for (const [x0, x1] of [[-20, 300], [1010, 1300]]) {
  for (let x = x0; x < x1; x += 2 + rnd() * 4) {
    const h = (10 + rnd() * 26) * (1 - Math.abs((x - (x0 + x1) / 2) / ((x1 - x0) / 2)) * 0.6), lean = (rnd() - 0.5) * 34;
    grass += `M${f1(x - 2.5)} ${H}Q${f1(x + lean * 0.3)} ${f1(H - h * 0.6)} ${f1(x + lean)} ${f1(H - h)}Q${f1(x + lean * 0.3 + 2)} ${f1(H - h * 0.5)} ${f1(x + 2.5)} ${H}Z`;
  }
}
const dune = `M-10 ${H + 5}L-10 ${H - 22}Q140 ${H - 40} 320 ${H - 6}L330 ${H + 5}Z M1290 ${H + 5}L1290 ${H - 26}Q1140 ${H - 44} 990 ${H - 4}L980 ${H + 5}Z`;
writeFileSync(`${dir}/trunks.svg`,
  `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"><g fill="${INK}">${trunks}<path d="${dune}"/><path d="${grass}"/></g></svg>`);
JS

# ---------------------------------------------------------------- sky and sea frames
cat >"$TMP/sea.mjs" <<'JS'
// Procedural golden-hour ocean background. Writes raw rgb24 frames to stdout.
// Every time-dependent term has a period that divides the loop length, so the last frame flows into the first.
const [W, H, FPS, DUR] = process.argv.slice(2).map(Number);
const ONLY = process.env.FRAME !== undefined ? Number(process.env.FRAME) : -1;
const N = FPS * DUR, TAU = Math.PI * 2;
const HY = Math.round(H * 0.57);            // horizon row
const SX = W * 0.64, SY = HY - H * 0.075;   // sun centre
const SR = H * 0.038;                       // sun radius
const clamp = (v, a = 0, b = 1) => (v < a ? a : v > b ? b : v);
const mix = (a, b, t) => a + (b - a) * t;
const sstep = (a, b, v) => { const t = clamp((v - a) / (b - a)); return t * t * (3 - 2 * t); };

function hash(ix, iy) {
  let h = Math.imul(ix, 374761393) + Math.imul(iy, 668265263) | 0;
  h = Math.imul(h ^ (h >>> 13), 1274126177);
  return ((h ^ (h >>> 16)) >>> 0) / 4294967296;
}
function vnoise(x, y) {
  const ix = Math.floor(x), iy = Math.floor(y), fx = x - ix, fy = y - iy;
  const ux = fx * fx * (3 - 2 * fx), uy = fy * fy * (3 - 2 * fy);
  const a = hash(ix, iy), b = hash(ix + 1, iy), c = hash(ix, iy + 1), d = hash(ix + 1, iy + 1);
  return mix(mix(a, b, ux), mix(c, d, ux), uy);
}
function fbm(x, y) {
  let s = 0, a = 0.5;
  for (let i = 0; i < 4; i++) { s += a * vnoise(x, y); x = x * 2.03 + 17.1; y = y * 2.07 + 5.3; a *= 0.5; }
  return s / 0.9375;
}
// sky gradient stops (position 0 = top, 1 = horizon), sRGB
const SKY = [
  [0.00, [18, 26, 50]], [0.40, [44, 50, 84]], [0.68, [112, 84, 100]],
  [0.86, [196, 128, 96]], [1.00, [232, 164, 108]],
];
function skyAt(v, out) {
  let i = 0; while (i < SKY.length - 2 && v > SKY[i + 1][0]) i++;
  const [p0, c0] = SKY[i], [p1, c1] = SKY[i + 1], t = clamp((v - p0) / (p1 - p0));
  out[0] = mix(c0[0], c1[0], t); out[1] = mix(c0[1], c1[1], t); out[2] = mix(c0[2], c1[2], t);
}
// waves: [kz, kx, amplitude, cycles per loop (signed), phase]; units: 1 = sea height in px at the bottom edge
const WAVES = [
  [10, 2.5, 1.0, 2, 0.0], [14, -7.0, 0.7, 3, 1.7], [23, 11.0, 0.45, 4, 4.1],
  [37, -17.0, 0.3, 5, 2.3], [58, 26.0, 0.2, 7, 5.2], [90, -40.0, 0.13, 9, 0.9], [140, 55.0, 0.08, 12, 3.3],
];
const SEA = H - HY, EPS = 0.035;
const buf = Buffer.alloc(W * H * 3);
const cloudW = Math.ceil(W / 4) + 2, cloudH = Math.ceil(HY / 4) + 2;
const cloud = new Float32Array(cloudW * cloudH);
const row = [0, 0, 0], top = [0, 0, 0], hor = [0, 0, 0];
// distant headland profile (static)
const ridge = new Float32Array(W);
for (let x = 0; x < W; x++) {
  const u = x / W;
  const base = 46 * Math.pow(clamp(1 - u / 0.36), 0.8) + 14 * Math.pow(clamp(1 - Math.abs(u - 0.16) / 0.12), 2);
  ridge[x] = base > 0 ? base + 5 * (fbm(x / 55, 3.3) - 0.5) * clamp(base / 10) : 0;
}
const islet = (x) => { const u = (x / W - 0.9) / 0.06; return Math.abs(u) < 1 ? 9 * (1 - u * u) : 0; };

function frame(f) {
  const t = f / N;                               // 0..1 loop phase
  const warm = 0.5 + 0.5 * Math.cos(TAU * t);    // slow breathing of the light
  const drift = 0.5 * Math.sin(TAU * t);
  // clouds: two drifting copies cross-faded (flow-map trick) so the drift loops seamlessly
  const ph0 = t, ph1 = (t + 0.5) % 1;
  const w0 = 1 - Math.abs(2 * ph0 - 1), w1 = 1 - w0;
  for (let cy = 0; cy < cloudH; cy++) for (let cx = 0; cx < cloudW; cx++) {
    const x = cx * 4, y = cy * 4;
    const nx = x / 520, ny = y / 46;
    const a = fbm(nx + ph0 * 0.09, ny + 0.3 * fbm(nx * 2, ny));
    const b = fbm(nx + ph1 * 0.09 + 3.7, ny + 0.3 * fbm(nx * 2 + 3.7, ny) + 1.3);
    const v = a * w0 + b * w1;
    const band = sstep(0.12, 0.32, y / HY) * (1 - sstep(0.74, 0.93, y / HY));
    cloud[cy * cloudW + cx] = sstep(0.5, 0.78, v) * band;
  }
  let p = 0;
  for (let y = 0; y < H; y++) {
    if (y < HY) {
      const v = y / HY;
      skyAt(v, row);
      const warmRow = 1 + 0.07 * (warm - 0.5) * v * v;
      for (let x = 0; x < W; x++) {
        let r = row[0] * warmRow, g = row[1] * warmRow, b = row[2] * (2 - warmRow);
        // sun glow
        const dx = x - SX, dy = (y - SY) * 1.25, dist = Math.sqrt(dx * dx + dy * dy);
        const glow = Math.exp(-dist / 210) * (0.5 + 0.08 * warm) + Math.exp(-dist / 55) * 0.3;
        r += 240 * glow * 0.7; g += 150 * glow * 0.7; b += 90 * glow * 0.6;
        // clouds (bilinear from coarse grid)
        const gx = x / 4, gy = y / 4, ix = gx | 0, iy = gy | 0, fx = gx - ix, fy = gy - iy;
        const k = iy * cloudW + ix;
        const c = mix(mix(cloud[k], cloud[k + 1], fx), mix(cloud[k + cloudW], cloud[k + cloudW + 1], fx), fy);
        if (c > 0.001) {
          const lit = Math.exp(-Math.abs(dx) / 380) * sstep(0.3, 0.9, v);
          const cr = mix(62, 236, lit), cg = mix(52, 150, lit), cb = mix(78, 112, lit);
          const a = c * 0.72;
          r = mix(r, cr, a); g = mix(g, cg, a); b = mix(b, cb, a);
        }
        // sun disc, partly veiled by the lowest haze
        const sd = Math.sqrt((x - SX) ** 2 + (y - SY) ** 2);
        const disc = clamp((SR - sd) / 1.6 + 0.5) * (0.85 - 0.35 * c);
        r = mix(r, 255, disc); g = mix(g, 236, disc); b = mix(b, 190, disc);
        // horizon haze line
        const haze = Math.exp(-(HY - y) / 10) * 0.25;
        r = mix(r, 240, haze); g = mix(g, 176, haze); b = mix(b, 126, haze);
        // headland + islet silhouettes
        const hgt = Math.max(ridge[x], islet(x));
        if (hgt > 0) {
          const cover = clamp(y - (HY - hgt) + 0.5);
          if (cover > 0) {
            const fog = Math.exp(-(HY - y) / 18) * 0.35;
            const sr = mix(44, 150, fog), sg = mix(36, 98, fog), sb = mix(58, 92, fog);
            r = mix(r, sr, cover); g = mix(g, sg, cover); b = mix(b, sb, cover);
          }
        }
        buf[p++] = clamp(r, 0, 255); buf[p++] = clamp(g, 0, 255); buf[p++] = clamp(b, 0, 255);
      }
    } else {
      const d = (y - HY + 0.5) / SEA;                 // 0 at horizon, 1 at bottom
      const Z = (1 + EPS) / (d + EPS);               // depth (1 at bottom)
      const dZdy = (1 + EPS) / ((d + EPS) * (d + EPS)) / SEA;
      const att = WAVES.map(([kz, kx]) => { const f = Math.hypot(kz * dZdy, kx * Z / SEA); return Math.exp(-f * f * 4); });
      let norm = 0; for (let i = 0; i < WAVES.length; i++) norm += WAVES[i][2] * att[i];
      skyAt(0.35, top); skyAt(0.97, hor);
      const fres = 0.25 + 0.75 * Math.pow(1 - d, 2.5);
      const deep = [mix(34, 10, d), mix(40, 24, d), mix(64, 40, d)];
      const colW = 10 + 330 * Math.pow(d, 1.05);
      const streak = Math.exp(-d * 1.6);
      for (let x = 0; x < W; x++) {
        const X = (x - W / 2) / SEA * Z;
        let s = 0, spark = 0;
        for (let i = 0; i < WAVES.length; i++) {
          const w = WAVES[i];
          if (att[i] < 0.01) continue;
          const ph = w[0] * Z + w[1] * X + 1.1 * Math.sin(0.17 * w[0] * X + 0.05 * w[0] * Z + w[4]) - TAU * w[3] * t + w[4];
          s += w[2] * att[i] * Math.cos(ph);
          if (i >= 2) spark += att[i] * Math.sin(ph * 1.0 + i);
        }
        const tilt = norm > 0 ? s / (norm + 0.25) : 0;        // ~[-1,1]
        const refl = clamp(0.52 + 0.5 * tilt);
        let r = mix(top[0], hor[0], refl), g = mix(top[1], hor[1], refl), b = mix(top[2], hor[2], refl);
        r = mix(deep[0], r, fres); g = mix(deep[1], g, fres); b = mix(deep[2], b, fres);
        // sun path: soft column + glints riding the ripples
        const u = (x - SX) / colW, m = Math.exp(-u * u);
        if (m > 0.003) {
          const dash = vnoise(x / 34 + 1.4 * Math.sin(TAU * t + y * 0.21), y / 1.3);
          const far = mix(0.25 + 1.1 * sstep(0.45, 0.8, dash), 1, sstep(0.05, 0.3, d));
          const gl = Math.pow(clamp(0.42 + 0.3 * spark + 0.35 * tilt), 9);
          const amt = m * (0.2 * streak + 1.5 * gl * (1 - 0.6 * d)) * far;
          r += 255 * amt; g += 205 * amt; b += 140 * amt;
        }
        buf[p++] = clamp(r, 0, 255); buf[p++] = clamp(g, 0, 255); buf[p++] = clamp(b, 0, 255);
      }
    }
  }
  // grade: slightly darker top and edges so white headline text reads well
  p = 0;
  for (let y = 0; y < H; y++) {
    const vy = y / H, topShade = 0.72 + 0.28 * sstep(0.0, 0.45, vy), botShade = 1 - 0.25 * sstep(0.8, 1.0, vy);
    for (let x = 0; x < W; x++) {
      const vx = (x / W - 0.5) * 2, vig = 1 - 0.22 * vx * vx;
      const k = 0.86 * topShade * botShade * vig;
      buf[p] = buf[p] * k; buf[p + 1] = buf[p + 1] * k; buf[p + 2] = buf[p + 2] * k; p += 3;
    }
  }
  return buf;
}

const out = process.stdout;
async function main() {
  const frames = ONLY >= 0 ? [ONLY] : [...Array(N).keys()];
  for (const f of frames) {
    if (!out.write(Buffer.from(frame(f)))) await new Promise((r) => out.once('drain', r));
  }
}
main();
JS

# Palms: crown centre (x y) and crown image size for each palm; trunks end at the crown centre.
PALMS='[
 {"base":[70,760],"top":[176,100],"bend":-70,"w0":17,"w1":10,"size":640,"fronds":13,"len":265,"tilt":0.2},
 {"base":[1255,760],"top":[1110,160],"bend":55,"w0":16,"w1":9,"size":600,"fronds":12,"len":240,"tilt":1.1},
 {"base":[1300,760],"top":[1262,372],"bend":-20,"w0":11,"w1":7,"size":400,"fronds":11,"len":160,"tilt":0.6}
]'
PALMS="$PALMS" node "$TMP/palms.mjs" "$TMP" "$W" "$H"

# Rasterise the SVGs once (librsvg, keeps transparency).
for svg in "$TMP"/*.svg; do
  ffmpeg -hide_banner -loglevel error -y -i "$svg" -frames:v 1 "${svg%.svg}.png"
done

# Filter graph: trunks over the sea, then each palm's two crown layers, rotated
# about their centre (= trunk top) with slightly different periods and phases.
INPUTS=(-f rawvideo -pix_fmt rgb24 -s "${W}x${H}" -r "$FPS" -i pipe:0 -i "$TMP/trunks.png")
FC="[1]format=rgba[trunks];[0][trunks]overlay=format=rgb[s0]"
idx=2
prev=s0
n=0
for spec in "176 100 320" "1110 160 300" "1262 372 200"; do
  read -r cx cy half <<<"$spec"
  INPUTS+=(-loop 1 -framerate "$FPS" -i "$TMP/crown-$n-a.png" -loop 1 -framerate "$FPS" -i "$TMP/crown-$n-b.png")
  FC+=";[$idx]format=rgba,rotate=a='0.028*sin(2*PI*t/$DUR+$n)':c=none[ca$n]"
  FC+=";[$((idx + 1))]format=rgba,rotate=a='0.022*sin(4*PI*t/$DUR+2*$n+1)':c=none[cb$n]"
  FC+=";[$prev][ca$n]overlay=$((cx - half)):$((cy - half)):format=rgb[m$n]"
  FC+=";[m$n][cb$n]overlay=$((cx - half)):$((cy - half)):format=rgb[s$((n + 1))]"
  prev="s$((n + 1))"
  idx=$((idx + 2))
  n=$((n + 1))
done

# Lossless master (FFV1, RGB).
node "$TMP/sea.mjs" "$W" "$H" "$FPS" "$DUR" |
  ffmpeg -hide_banner -loglevel error -nostdin -y "${INPUTS[@]}" \
    -filter_complex "$FC" -map "[$prev]" -frames:v "$FRAMES" \
    -c:v ffv1 -pix_fmt bgr0 "$TMP/master.mkv"

# H.264 MP4: no audio, yuv420p, moov atom up front for progressive playback.
ffmpeg -hide_banner -loglevel error -y -i "$TMP/master.mkv" -an \
  -c:v libx264 -preset slow -crf 22 -maxrate 1200k -bufsize 2400k \
  -profile:v high -level 4.0 -pix_fmt yuv420p -g "$FPS" \
  -movflags +faststart "$OUT/hero.mp4"

# VP9 WebM (constrained quality: CRF 31, bitrate capped at 1.1 Mbit/s).
ffmpeg -hide_banner -loglevel error -y -i "$TMP/master.mkv" -an \
  -c:v libvpx-vp9 -crf 31 -b:v 1100k \
  -deadline good -cpu-used 2 -row-mt 1 -pix_fmt yuv420p -g "$FPS" \
  "$OUT/hero.webm"

# Poster: the first frame, as a JPEG.
ffmpeg -hide_banner -loglevel error -y -i "$TMP/master.mkv" -frames:v 1 \
  -pix_fmt yuvj420p -q:v 4 "$OUT/hero-poster.jpg"

ls -l "$OUT/hero.mp4" "$OUT/hero.webm" "$OUT/hero-poster.jpg"
