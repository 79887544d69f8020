/**
 * Generated demo pictures: deterministic flat-illustration SVG scenes of resorts.
 *
 * Pure TypeScript with no runtime imports, so it runs both under Node's type stripping
 * (the seed script) and inside the Workers bundle. The same options always give the
 * same string; the seed varies the time of day, the composition and the details.
 */
import type { SceneKind } from "./types.ts";

export interface SceneOptions {
  kind: SceneKind;
  title: string;
  caption: string;
  seed: number;
  width: number;
  height: number;
}

type Rng = () => number;
type V2 = [number, number];
type V3 = [number, number, number];

interface Sky {
  name: "sunrise" | "midday" | "golden" | "dusk";
  top: string;
  mid: string;
  low: string;
  sun: string;
  glow: string;
  /** Sun altitude as a share of the sky's height. */
  alt: number;
  haze: string;
  seaFar: string;
  seaNear: string;
  glint: string;
  cloud: string;
  cloudShade: string;
  /** Colour that landscape colours drift towards at this time of day. */
  tint: string;
  tintAmt: number;
  /** Lit windows. */
  lamps: number;
}

interface Ctx {
  W: number;
  H: number;
  rnd: Rng;
  sky: Sky;
  defs: string[];
  out: string[];
  p: string;
  n: number;
}

interface Cam {
  cx: number;
  cy: number;
  f: number;
  ey: number;
}

interface Face {
  pts: V3[];
  fill: string;
}

const SERIF = "Georgia, 'Times New Roman', serif";
const SANS = "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif";

const SKIES: Sky[] = [
  { name: "sunrise", top: "#7d9fd6", mid: "#f2bfb4", low: "#ffe3bd", sun: "#fff6dc", glow: "#ffd9a6", alt: 0.2, haze: "#f1d2c8", seaFar: "#9fc4d8", seaNear: "#3f7fa6", glint: "#fff1d0", cloud: "#fff0ea", cloudShade: "#ebbdb9", tint: "#6a5a8a", tintAmt: 0.12, lamps: 0.25 },
  { name: "sunrise", top: "#8aa3da", mid: "#f3b3b8", low: "#ffdab3", sun: "#fff3d6", glow: "#ffc9a0", alt: 0.14, haze: "#efcacb", seaFar: "#a6c0da", seaNear: "#4a78a8", glint: "#ffe9cf", cloud: "#ffe9e7", cloudShade: "#e0aabb", tint: "#6a5a8a", tintAmt: 0.15, lamps: 0.3 },
  { name: "midday", top: "#2b7bd0", mid: "#6db4ea", low: "#d6eefb", sun: "#ffffff", glow: "#fff8dc", alt: 0.8, haze: "#c6e2f3", seaFar: "#2fb0cc", seaNear: "#0b6992", glint: "#ffffff", cloud: "#ffffff", cloudShade: "#d5e6f4", tint: "#1b3a5a", tintAmt: 0, lamps: 0 },
  { name: "midday", top: "#1d86d3", mid: "#5bbfee", low: "#d2f3fc", sun: "#ffffff", glow: "#fffbe6", alt: 0.72, haze: "#c4e8f5", seaFar: "#27bfd0", seaNear: "#08749a", glint: "#ffffff", cloud: "#ffffff", cloudShade: "#cfe5f3", tint: "#1b3a5a", tintAmt: 0.03, lamps: 0 },
  { name: "golden", top: "#4a74b3", mid: "#efb676", low: "#ffdc98", sun: "#fff2c2", glow: "#ffc56a", alt: 0.28, haze: "#f0cc9f", seaFar: "#6fa6bb", seaNear: "#235a7d", glint: "#ffe4a0", cloud: "#ffe7c6", cloudShade: "#eaa97e", tint: "#8a4a20", tintAmt: 0.12, lamps: 0.35 },
  { name: "golden", top: "#5a70aa", mid: "#f2a86e", low: "#ffd492", sun: "#fff0c0", glow: "#ffb865", alt: 0.2, haze: "#eec39a", seaFar: "#7198b6", seaNear: "#2a4f78", glint: "#ffdc98", cloud: "#ffe0c0", cloudShade: "#e29b7e", tint: "#7a3a2a", tintAmt: 0.15, lamps: 0.45 },
  { name: "dusk", top: "#222b62", mid: "#8b5b9c", low: "#f7a47f", sun: "#ffd9ab", glow: "#ff9c78", alt: 0.045, haze: "#b98ca6", seaFar: "#6d6aa0", seaNear: "#262c5a", glint: "#ffc79b", cloud: "#f2aaa2", cloudShade: "#7d5b91", tint: "#2a2456", tintAmt: 0.36, lamps: 0.8 },
  { name: "dusk", top: "#19264f", mid: "#5b5d9e", low: "#f2a779", sun: "#ffdcae", glow: "#ffa070", alt: 0.03, haze: "#a88aa8", seaFar: "#5f6c9e", seaNear: "#1f2a55", glint: "#ffcf9c", cloud: "#e9a59c", cloudShade: "#5c5689", tint: "#1f2450", tintAmt: 0.4, lamps: 0.85 },
];

const TIMES: Record<SceneKind, Array<Sky["name"]>> = {
  beach: ["sunrise", "midday", "midday", "golden", "dusk"],
  tropical: ["sunrise", "midday", "midday", "golden"],
  mountain: ["sunrise", "midday", "golden", "dusk"],
  desert: ["sunrise", "midday", "golden", "golden", "dusk"],
  city: ["golden", "dusk", "dusk", "midday"],
  lake: ["sunrise", "midday", "golden", "dusk"],
  pool: ["midday", "midday", "golden", "sunrise"],
  room: ["midday", "midday", "golden", "sunrise"],
  villa: ["midday", "midday", "golden", "sunrise"],
};

/* ------------------------------------------------------------------ basics */

function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A compact number for SVG attributes. */
function f(v: number): string {
  return String(Math.abs(v) >= 50 ? Math.round(v) : Math.round(v * 10) / 10);
}

/** Always one decimal place: for shapes drawn in small unit coordinates and scaled. */
function f1(v: number): string {
  return String(Math.round(v * 10) / 10);
}

function esc(s: string): string {
  return s
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

function truncate(s: string, max: number): string {
  const chars = Array.from(s.replace(/\s+/g, " ").trim());
  if (chars.length <= max) return chars.join("");
  return chars.slice(0, max - 1).join("").trimEnd() + "\u2026";
}

function rgb(hex: string): V3 {
  const v = parseInt(hex.slice(1), 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}

function mix(a: string, b: string, t: number): string {
  const x = rgb(a);
  const y = rgb(b);
  let s = "#";
  for (let i = 0; i < 3; i++) {
    const v = Math.round(x[i] + (y[i] - x[i]) * t);
    s += Math.max(0, Math.min(255, v)).toString(16).padStart(2, "0");
  }
  return s;
}

function light(a: string, t: number): string {
  return t >= 0 ? mix(a, "#ffffff", t) : mix(a, "#000000", -t);
}

function range(c: Ctx, a: number, b: number): number {
  return a + (b - a) * c.rnd();
}

function pick<T>(c: Ctx, list: readonly T[]): T {
  return list[Math.floor(c.rnd() * list.length) % list.length];
}

function uid(c: Ctx): string {
  return c.p + (c.n++).toString(36);
}

/** Landscape colour shifted towards the time of day's tint. */
function tn(c: Ctx, col: string, k = 1): string {
  return mix(col, c.sky.tint, Math.min(1, c.sky.tintAmt * k));
}

type Stop = [number, string, number?];

function stops(list: Stop[]): string {
  return list
    .map(([o, col, op]) => `<stop offset="${f(o * 100)}%" stop-color="${col}"${op === undefined ? "" : ` stop-opacity="${Math.round(op * 100) / 100}"`}/>`)
    .join("");
}

/** A linear gradient (bounding-box units, top to bottom unless told). */
function lin(c: Ctx, list: Stop[], x1 = 0, y1 = 0, x2 = 0, y2 = 1): string {
  const id = uid(c);
  c.defs.push(`<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${stops(list)}</linearGradient>`);
  return `url(#${id})`;
}

/** A linear gradient in user space. */
function linU(c: Ctx, list: Stop[], x1: number, y1: number, x2: number, y2: number): string {
  const id = uid(c);
  c.defs.push(`<linearGradient id="${id}" gradientUnits="userSpaceOnUse" x1="${f(x1)}" y1="${f(y1)}" x2="${f(x2)}" y2="${f(y2)}">${stops(list)}</linearGradient>`);
  return `url(#${id})`;
}

function rad(c: Ctx, list: Stop[], cx: number, cy: number, r: number): string {
  const id = uid(c);
  c.defs.push(`<radialGradient id="${id}" gradientUnits="userSpaceOnUse" cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}">${stops(list)}</radialGradient>`);
  return `url(#${id})`;
}

function pts(list: V2[], fmt = f): string {
  return list.map((p) => `${fmt(p[0])},${fmt(p[1])}`).join(" ");
}

function polyPath(list: V2[]): string {
  return `M${pts(list)}Z`;
}

/** A smooth open curve through points (Catmull-Rom as cubic Béziers). */
function smooth(list: V2[]): string {
  let d = `M${f(list[0][0])},${f(list[0][1])}`;
  for (let i = 0; i < list.length - 1; i++) {
    const p0 = list[i - 1] ?? list[i];
    const p1 = list[i];
    const p2 = list[i + 1];
    const p3 = list[i + 2] ?? p2;
    d += `C${f(p1[0] + (p2[0] - p0[0]) / 6)},${f(p1[1] + (p2[1] - p0[1]) / 6)} ${f(p2[0] - (p3[0] - p1[0]) / 6)},${f(p2[1] - (p3[1] - p1[1]) / 6)} ${f(p2[0])},${f(p2[1])}`;
  }
  return d;
}

/** Points along a gently rolling line across the picture. */
function rolling(c: Ctx, y: number, amp: number, n: number, x0 = -20, x1 = c.W + 20): V2[] {
  const ph1 = c.rnd() * 6.28;
  const ph2 = c.rnd() * 6.28;
  const k1 = range(c, 1.2, 2.4);
  const k2 = range(c, 3, 5.5);
  const out: V2[] = [];
  for (let i = 0; i <= n; i++) {
    const t = i / n;
    const v = 0.62 * Math.sin(t * k1 * Math.PI + ph1) + 0.38 * Math.sin(t * k2 * Math.PI + ph2);
    out.push([x0 + (x1 - x0) * t, y - amp * (0.5 + 0.5 * v)]);
  }
  return out;
}

/** A jagged ridge by midpoint displacement between key points. */
function jagged(c: Ctx, keys: V2[], rough: number, depth: number): V2[] {
  let list = keys;
  let r = rough;
  for (let d = 0; d < depth; d++) {
    const next: V2[] = [list[0]];
    for (let i = 1; i < list.length; i++) {
      const a = list[i - 1];
      const b = list[i];
      const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
      next.push([(a[0] + b[0]) / 2 + (c.rnd() - 0.5) * len * r * 0.3, (a[1] + b[1]) / 2 + (c.rnd() - 0.5) * len * r], b);
    }
    list = next;
    r *= 0.6;
  }
  return list;
}

function fill(c: Ctx, d: string, col: string, extra = ""): void {
  c.out.push(`<path d="${d}" fill="${col}"${extra}/>`);
}

/* ------------------------------------------------------------------ 3D helpers */

function pr(cam: Cam, x: number, y: number, z: number): V2 {
  return [cam.cx + (cam.f * x) / z, cam.cy - (cam.f * (y - cam.ey)) / z];
}

function path3(cam: Cam, list: V3[]): string {
  return polyPath(list.map((p) => pr(cam, p[0], p[1], p[2])));
}

/** Draws the faces of a convex solid that face the camera. */
function solid(c: Ctx, cam: Cam, faces: Face[], extra = ""): void {
  let sx = 0;
  let sy = 0;
  let sz = 0;
  let n = 0;
  for (const fc of faces) for (const p of fc.pts) {
    sx += p[0];
    sy += p[1];
    sz += p[2];
    n++;
  }
  const ctr: V3 = [sx / n, sy / n, sz / n];
  for (const fc of faces) {
    const [a, b, d] = fc.pts;
    const u: V3 = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
    const v: V3 = [d[0] - a[0], d[1] - a[1], d[2] - a[2]];
    let nx = u[1] * v[2] - u[2] * v[1];
    let ny = u[2] * v[0] - u[0] * v[2];
    let nz = u[0] * v[1] - u[1] * v[0];
    let fx = 0;
    let fy = 0;
    let fz = 0;
    for (const p of fc.pts) {
      fx += p[0] / fc.pts.length;
      fy += p[1] / fc.pts.length;
      fz += p[2] / fc.pts.length;
    }
    if (nx * (fx - ctr[0]) + ny * (fy - ctr[1]) + nz * (fz - ctr[2]) < 0) {
      nx = -nx;
      ny = -ny;
      nz = -nz;
    }
    if (nx * (0 - a[0]) + ny * (cam.ey - a[1]) + nz * (0 - a[2]) > 1e-9) {
      c.out.push(`<path d="${path3(cam, fc.pts)}" fill="${fc.fill}"${extra}/>`);
    }
  }
}

function boxFaces(x0: number, x1: number, y0: number, y1: number, z0: number, z1: number, top: string, front: string, side: string, bottom = side): Face[] {
  return [
    { pts: [[x0, y0, z0], [x1, y0, z0], [x1, y1, z0], [x0, y1, z0]], fill: front },
    { pts: [[x0, y0, z1], [x1, y0, z1], [x1, y1, z1], [x0, y1, z1]], fill: front },
    { pts: [[x0, y1, z0], [x1, y1, z0], [x1, y1, z1], [x0, y1, z1]], fill: top },
    { pts: [[x0, y0, z0], [x1, y0, z0], [x1, y0, z1], [x0, y0, z1]], fill: bottom },
    { pts: [[x0, y0, z0], [x0, y1, z0], [x0, y1, z1], [x0, y0, z1]], fill: side },
    { pts: [[x1, y0, z0], [x1, y1, z0], [x1, y1, z1], [x1, y0, z1]], fill: side },
  ];
}

function box(c: Ctx, cam: Cam, x0: number, x1: number, y0: number, y1: number, z0: number, z1: number, top: string, front: string, side: string): void {
  solid(c, cam, boxFaces(x0, x1, y0, y1, z0, z1, top, front, side));
}

/** A hipped roof over the box x0..x1 × z0..z1 whose eaves sit at height y. */
function hipRoof(c: Ctx, cam: Cam, x0: number, x1: number, y: number, z0: number, z1: number, o: number, rh: number, front: string, side: string, under: string): void {
  const a: V3 = [x0 - o, y, z0 - o];
  const b: V3 = [x1 + o, y, z0 - o];
  const cc: V3 = [x1 + o, y, z1 + o];
  const d: V3 = [x0 - o, y, z1 + o];
  const zm = (z0 + z1) / 2;
  const xm = (x0 + x1) / 2;
  const faces: Face[] = [{ pts: [a, b, cc, d], fill: under }];
  if (x1 - x0 >= z1 - z0) {
    const hw = (z1 - z0) / 2 + o;
    const r1: V3 = [x0 - o + hw, y + rh, zm];
    const r2: V3 = [x1 + o - hw, y + rh, zm];
    faces.push({ pts: [a, b, r2, r1], fill: front }, { pts: [cc, d, r1, r2], fill: front }, { pts: [d, a, r1], fill: side }, { pts: [b, cc, r2], fill: side });
  } else {
    const hw = (x1 - x0) / 2 + o;
    const r1: V3 = [xm, y + rh, z0 - o + hw];
    const r2: V3 = [xm, y + rh, z1 + o - hw];
    faces.push({ pts: [a, b, r1], fill: front }, { pts: [cc, d, r2], fill: front }, { pts: [d, a, r1, r2], fill: side }, { pts: [b, cc, r2, r1], fill: side });
  }
  solid(c, cam, faces);
}

/** A gabled roof whose ridge runs front to back (gable end towards the camera). */
function gableRoof(c: Ctx, cam: Cam, x0: number, x1: number, y: number, z0: number, z1: number, o: number, rh: number, slope: string, gable: string, under: string): void {
  const xm = (x0 + x1) / 2;
  const zf = z0 - o;
  const zb = z1 + o;
  solid(c, cam, [
    { pts: [[x0 - o, y, zf], [x1 + o, y, zf], [x1 + o, y, zb], [x0 - o, y, zb]], fill: under },
    { pts: [[x0 - o, y, zf], [xm, y + rh, zf], [xm, y + rh, zb], [x0 - o, y, zb]], fill: slope },
    { pts: [[x1 + o, y, zf], [xm, y + rh, zf], [xm, y + rh, zb], [x1 + o, y, zb]], fill: slope },
    { pts: [[x0 - o, y, zf], [x1 + o, y, zf], [xm, y + rh, zf]], fill: gable },
    { pts: [[x0 - o, y, zb], [x1 + o, y, zb], [xm, y + rh, zb]], fill: gable },
  ]);
}

/* ------------------------------------------------------------------ sky & water */

interface Sun {
  x: number;
  y: number;
  r: number;
}

/** A flat cloud: puffs sitting on a rounded base, with a soft shadow lip. */
function cloud(c: Ctx, cx: number, cy: number, w: number, op: number): void {
  const h = w * range(c, 0.13, 0.17);
  const n = 3 + Math.floor(c.rnd() * 2);
  const puffs: Array<[number, number]> = [];
  for (let i = 0; i < n; i++) {
    const t = (i + 0.5) / n;
    const big = Math.sin(Math.PI * t);
    const r = h * (0.75 + 1.25 * big) * range(c, 0.8, 1.15);
    puffs.push([cx - w / 2 + w * (0.12 + 0.76 * t) + (c.rnd() - 0.5) * w * 0.06, r]);
  }
  const shape = (dx: number, dy: number): string => {
    let d = `M${f(cx - w / 2 + h / 2 + dx)},${f(cy + dy)}a${f(h / 2)},${f(h / 2)} 0 0 1 0,${f(-h)}H${f(cx + w / 2 - h / 2 + dx)}a${f(h / 2)},${f(h / 2)} 0 0 1 0,${f(h)}Z`;
    for (const [px, r] of puffs) d += `M${f(px - r + dx)},${f(cy - r + dy)}a${f(r)},${f(r)} 0 1 1 ${f(2 * r)},0a${f(r)},${f(r)} 0 1 1 ${f(-2 * r)},0`;
    return d;
  };
  c.out.push(`<g opacity="${op}"><path d="${shape(w * 0.025, h * 0.28)}" fill="${c.sky.cloudShade}"/><path d="${shape(0, 0)}" fill="${c.sky.cloud}"/></g>`);
}

/** Long thin streaks of cloud, for low sun. */
function streaks(c: Ctx, hy: number, xr: V2): void {
  let d = "";
  const n = 2 + Math.floor(c.rnd() * 3);
  for (let i = 0; i < n; i++) {
    const w = (xr[1] - xr[0]) * range(c, 0.12, 0.3);
    const x = xr[0] + (xr[1] - xr[0]) * c.rnd() - w / 2;
    const y = hy * range(c, 0.45, 0.85);
    const t = c.H * range(c, 0.006, 0.012);
    d += `M${f(x)},${f(y)}h${f(w)}M${f(x + w * 0.3)},${f(y + t * 2.2)}h${f(w * 0.6)}`;
  }
  c.out.push(`<path d="${d}" stroke="${c.sky.cloud}" stroke-opacity=".55" stroke-width="${f(c.H * 0.009)}" stroke-linecap="round"/>`);
}

function drawSky(c: Ctx, hy: number, o: { sunX?: number; clouds?: number; xr?: V2; sunScale?: number } = {}): Sun {
  const { W, H, sky } = c;
  const xr = o.xr ?? [0, W];
  const span = xr[1] - xr[0];
  c.out.push(`<rect width="${W}" height="${f(hy)}" fill="${lin(c, [[0, sky.top], [0.62, sky.mid], [1, sky.low]])}"/><rect y="${f(hy - 1)}" width="${W}" height="${f(H * 0.25)}" fill="${sky.low}"/>`);
  if (sky.name === "dusk") {
    let d = "";
    for (let i = 0; i < 40; i++) {
      const x = xr[0] + c.rnd() * span;
      const y = Math.pow(c.rnd(), 1.6) * hy * 0.55;
      d += `M${f(x)},${f(y)}h.1`;
    }
    c.out.push(`<path d="${d}" stroke="#fff" stroke-opacity=".75" stroke-width="${f(Math.max(1.5, c.W * 0.0017))}" stroke-linecap="round"/>`);
  }
  const sx = o.sunX ?? xr[0] + span * range(c, 0.18, 0.82);
  const sy = hy - hy * 0.88 * sky.alt;
  const sr = Math.min(W, H) * 0.05 * (o.sunScale ?? 1) * (sky.name === "midday" ? 0.8 : 1);
  c.out.push(`<circle cx="${f(sx)}" cy="${f(sy)}" r="${f(W * 0.55)}" fill="${rad(c, [[0, sky.glow, 0.75], [0.25, sky.glow, 0.28], [1, sky.glow, 0]], sx, sy, W * 0.55)}"/>`);
  c.out.push(`<circle cx="${f(sx)}" cy="${f(sy)}" r="${f(sr * 1.7)}" fill="${sky.sun}" opacity=".22"/><circle cx="${f(sx)}" cy="${f(sy)}" r="${f(sr)}" fill="${sky.sun}"/>`);
  if (sky.name === "dusk") {
    const mx = sx < xr[0] + span / 2 ? xr[0] + span * range(c, 0.7, 0.88) : xr[0] + span * range(c, 0.12, 0.3);
    const my = hy * range(c, 0.16, 0.3);
    const r = Math.min(W, H) * 0.022;
    c.out.push(`<path d="M${f(mx)},${f(my - r)}A${f(r)},${f(r)} 0 1 1 ${f(mx)},${f(my + r)}A${f(r * 1.3)},${f(r * 1.3)} 0 0 0 ${f(mx)},${f(my - r)}Z" fill="#fff4de" transform="rotate(-25 ${f(mx)} ${f(my)})"/>`);
  }
  if (sky.name !== "midday") streaks(c, hy, xr);
  const count = o.clouds ?? 3;
  for (let i = 0; i < count; i++) {
    const w = Math.min(W * range(c, 0.14, 0.24), span * 0.55);
    const x = xr[0] + span * ((i + 0.2 + c.rnd() * 0.6) / count);
    const y = hy * range(c, 0.2, 0.62);
    if (Math.abs(x - sx) < w * 0.7 && Math.abs(y - sy) < sr * 2.5) continue;
    cloud(c, x, y, w, sky.name === "midday" ? 0.96 : 0.9);
  }
  return { x: sx, y: sy, r: sr };
}

function drawSea(c: Ctx, hy: number, y2: number, sun: Sun, o: { far?: string; near?: string; xr?: V2; waves?: number; glint?: boolean } = {}): void {
  const { sky } = c;
  const xr = o.xr ?? [0, c.W];
  const span = xr[1] - xr[0];
  const far = o.far ?? sky.seaFar;
  const near = o.near ?? sky.seaNear;
  c.out.push(`<rect x="${f(xr[0])}" y="${f(hy)}" width="${f(span)}" height="${f(y2 - hy)}" fill="${lin(c, [[0, mix(far, sky.haze, 0.45)], [0.12, far], [1, near]])}"/>`);
  // Wave lines, denser near the horizon.
  const n = o.waves ?? 46;
  const groups: string[] = ["", "", ""];
  for (let i = 0; i < n; i++) {
    const t = Math.pow(c.rnd(), 1.7);
    const y = hy + (y2 - hy) * (0.03 + 0.95 * t);
    const len = span * (0.008 + 0.05 * t) * range(c, 0.6, 1.4);
    const x = xr[0] + c.rnd() * span;
    groups[t < 0.25 ? 0 : t < 0.6 ? 1 : 2] += `M${f(x)},${f(y)}h${f(len)}`;
  }
  const sw = c.H * 0.0016;
  groups.forEach((d, i) => {
    if (d) c.out.push(`<path d="${d}" stroke="#fff" stroke-opacity="${[0.28, 0.22, 0.18][i]}" stroke-width="${f(sw * (1 + i * 0.9))}" stroke-linecap="round"/>`);
  });
  if (o.glint !== false) glint(c, hy, y2, sun);
}

/** The sun's path of light on water. */
function glint(c: Ctx, hy: number, y2: number, sun: Sun): void {
  if (sun.y > hy) return;
  const { sky } = c;
  let d = "";
  const m = 22;
  for (let k = 0; k < m; k++) {
    const t = k / m;
    const y = hy + (y2 - hy) * Math.pow(t, 1.5) * 0.9 + c.H * 0.004;
    const w = sun.r * (0.4 + 2.6 * t) * range(c, 0.3, 1.1);
    const x = sun.x + (c.rnd() - 0.5) * sun.r * (0.5 + 2 * t) - w / 2;
    d += `M${f(x)},${f(y)}h${f(w)}`;
  }
  c.out.push(`<path d="${d}" stroke="${sky.glint}" stroke-opacity="${sky.name === "midday" ? 0.55 : 0.75}" stroke-width="${f(c.H * 0.004)}" stroke-linecap="round"/>`);
}

/* ------------------------------------------------------------------ plants & props */

interface PalmColors {
  trunk: string;
  ring: string;
  leaf: string;
  dark: string;
}

function palmColors(c: Ctx, k = 1): PalmColors {
  const g = pick(c, ["#2f8a4e", "#2b7d52", "#3a8f45"]);
  return { trunk: tn(c, "#9a7552", k), ring: tn(c, "#6f5239", k), leaf: tn(c, g, k), dark: tn(c, light(g, -0.3), k) };
}

/** One palm frond (also used for potted plants): an arched, serrated leaf from (x, y). */
function frond(x: number, y: number, ang: number, L: number, droop: number, fmt = f): string {
  const a = (ang * Math.PI) / 180;
  const dx = Math.cos(a);
  const dy = Math.sin(a);
  const p2: V2 = [x + dx * L, y + dy * L * 0.7 + L * droop];
  const cp: V2 = [x + dx * L * 0.5, y + dy * L * 0.5 - L * 0.3];
  const up: V2[] = [];
  const lo: V2[] = [];
  const n = 14;
  for (let i = 1; i < n; i++) {
    const t = i / n;
    const bx = (1 - t) * (1 - t) * x + 2 * (1 - t) * t * cp[0] + t * t * p2[0];
    const by = (1 - t) * (1 - t) * y + 2 * (1 - t) * t * cp[1] + t * t * p2[1];
    const tx = 2 * (1 - t) * (cp[0] - x) + 2 * t * (p2[0] - cp[0]);
    const ty = 2 * (1 - t) * (cp[1] - y) + 2 * t * (p2[1] - cp[1]);
    const tl = Math.hypot(tx, ty) || 1;
    const nx = -ty / tl;
    const ny = tx / tl;
    const tooth = i % 2 === 0;
    const w = L * 0.1 * Math.pow(Math.sin(Math.PI * Math.pow(t, 0.7)), 0.8) * (tooth ? 1 : 0.62);
    const sh = tooth ? L * 0.035 : 0;
    up.push([bx + nx * w + (tx / tl) * sh, by + ny * w + (ty / tl) * sh]);
    lo.push([bx - nx * w + (tx / tl) * sh, by - ny * w + (ty / tl) * sh]);
  }
  return `M${fmt(x)},${fmt(y)} ${pts(up, fmt)} ${fmt(p2[0])},${fmt(p2[1])} ${pts(lo.reverse(), fmt)}Z`;
}

/** Defines a palm tree 100 units tall with its base at the origin; returns its id. */
function palmDef(c: Ctx, lean: number, col: PalmColors): string {
  const h = 100;
  const x = 0;
  const y = 0;
  const top: V2 = [x + lean * h * 0.4, y - h];
  const cp: V2 = [x + lean * h * 0.02, y - h * 0.55];
  const left: V2[] = [];
  const right: V2[] = [];
  let rings = "";
  const n = 16;
  for (let i = 0; i <= n; i++) {
    const t = i / n;
    const bx = (1 - t) * (1 - t) * x + 2 * (1 - t) * t * cp[0] + t * t * top[0];
    const by = (1 - t) * (1 - t) * y + 2 * (1 - t) * t * cp[1] + t * t * top[1];
    const tx = 2 * (1 - t) * (cp[0] - x) + 2 * t * (top[0] - cp[0]);
    const ty = 2 * (1 - t) * (cp[1] - y) + 2 * t * (top[1] - cp[1]);
    const tl = Math.hypot(tx, ty) || 1;
    const nx = -ty / tl;
    const ny = tx / tl;
    const w = 2.3 * (1 - t) + 1.5 * t + (t < 0.07 ? 1.2 * (1 - t / 0.07) : 0);
    left.push([bx + nx * w, by + ny * w]);
    right.push([bx - nx * w, by - ny * w]);
    if (i > 0 && i < n) rings += `M${f1(bx + nx * w)},${f1(by + ny * w)}L${f1(bx - nx * w)},${f1(by - ny * w - 0.7)}`;
  }
  const L = range(c, 34, 40);
  const [tx, ty] = top;
  const back = [-150, -100, -50, 172, 8].map((a) => a + range(c, -8, 8));
  const front = [-168, -128, -80, -30, -4, 150, 32].map((a) => a + range(c, -6, 6));
  let db = "";
  for (const a of back) db += frond(tx, ty, a, L * range(c, 0.8, 0.95), range(c, 0.25, 0.4), f1);
  let df = "";
  for (const a of front) df += frond(tx, ty, a, L * range(c, 0.85, 1.05), range(c, 0.2, 0.38), f1);
  const id = uid(c);
  c.defs.push(
    `<g id="${id}"><path d="M${pts(left, f1)} ${pts(right.reverse(), f1)}Z" fill="${col.trunk}"/><path d="${rings}" stroke="${col.ring}" stroke-width=".6" stroke-opacity=".75"/>` +
      `<path d="${db}" fill="${col.dark}"/><g fill="${light(col.ring, -0.25)}"><circle cx="${f1(tx - 1.6)}" cy="${f1(ty + 1.6)}" r="1.8"/><circle cx="${f1(tx + 1.5)}" cy="${f1(ty + 1.8)}" r="1.8"/></g><path d="${df}" fill="${col.leaf}"/></g>`,
  );
  return id;
}

/** Places a palm defined by palmDef, h pixels tall, optionally mirrored. */
function palm(c: Ctx, id: string, x: number, y: number, h: number, mirror = false): void {
  const s = Math.round((h / 100) * 1000) / 1000;
  c.out.push(`<use href="#${id}" transform="translate(${f(x)},${f(y)}) scale(${mirror ? -s : s},${s})"/>`);
}

/** Defines the pine tree shape (100 units tall, base at the origin) and returns its id. */
function pineDef(c: Ctx): string {
  const id = uid(c);
  c.defs.push(
    `<g id="${id}"><path d="M-3,0V-10H3V0ZM-24,-8L0,-50L24,-8Q0,-14 -24,-8ZM-19,-32L0,-76L19,-32Q0,-37 -19,-32ZM-13,-58L0,-100L13,-58Q0,-62 -13,-58Z"/><path d="M0,-50L24,-8Q12,-10 0,-11ZM0,-76L19,-32Q9,-34 0,-35ZM0,-100L13,-58Q6,-60 0,-61Z" fill="#000" fill-opacity=".16"/></g>`,
  );
  return id;
}

function pines(c: Ctx, id: string, list: Array<[number, number, number]>, col: string): void {
  if (!list.length) return;
  c.out.push(`<g fill="${col}">${list.map(([x, y, h]) => `<use href="#${id}" transform="translate(${f(x)},${f(y)}) scale(${Math.round((h / 100) * 1000) / 1000})"/>`).join("")}</g>`);
}

/** A side-view sun lounger facing right, standing at (x, y). */
function lounger(c: Ctx, x: number, y: number, L: number, cushion: string, frame: string): void {
  const t = L * 0.07;
  const by = y - L * 0.16;
  c.out.push(
    `<path d="M${f(x + L * 0.08)},${f(y)}V${f(by)}M${f(x + L * 0.92)},${f(y)}V${f(by)}M${f(x)},${f(by + t * 0.6)}H${f(x + L)}" stroke="${frame}" stroke-width="${f(L * 0.025)}" stroke-linecap="round"/>` +
      `<path d="M${f(x + L * 0.02)},${f(by - L * 0.34)}L${f(x + L * 0.26)},${f(by - t * 0.4)}H${f(x + L * 0.98)}" fill="none" stroke="${cushion}" stroke-width="${f(t)}" stroke-linecap="round" stroke-linejoin="round"/>`,
  );
}

/** A side-view parasol standing at (x, y). */
function parasol(c: Ctx, x: number, y: number, h: number, col: string, pole: string): void {
  const w = h * 1.15;
  const cy = y - h * 0.86;
  const n = 5;
  let d = `M${f(x - w / 2)},${f(cy)}Q${f(x)},${f(cy - h * 0.36)} ${f(x + w / 2)},${f(cy)}`;
  for (let i = n - 1; i >= 0; i--) d += `A${f(w / n / 2)},${f(h * 0.05)} 0 0 1 ${f(x - w / 2 + (i * w) / n)},${f(cy)}`;
  c.out.push(
    `<path d="M${f(x)},${f(y)}V${f(cy - h * 0.2)}" stroke="${pole}" stroke-width="${f(h * 0.025)}" stroke-linecap="round"/><path d="${d}Z" fill="${col}"/>` +
      `<path d="M${f(x - w * 0.22)},${f(cy - h * 0.13)}Q${f(x)},${f(cy - h * 0.26)} ${f(x + w * 0.22)},${f(cy - h * 0.13)}" stroke="#fff" stroke-opacity=".35" stroke-width="${f(h * 0.035)}" fill="none" stroke-linecap="round"/>`,
  );
}

function birds(c: Ctx, x: number, y: number, s: number, col: string): void {
  let d = "";
  const n = 2 + Math.floor(c.rnd() * 3);
  for (let i = 0; i < n; i++) {
    const bx = x + i * s * range(c, 2.2, 3.5);
    const by = y + (c.rnd() - 0.5) * s * 3;
    const k = s * range(c, 0.7, 1.2);
    d += `M${f(bx - k)},${f(by)}q${f(k / 2)},${f(-k / 2)} ${f(k)},0q${f(k / 2)},${f(-k / 2)} ${f(k)},0`;
  }
  c.out.push(`<path d="${d}" fill="none" stroke="${col}" stroke-width="${f(Math.max(1.5, s * 0.22))}" stroke-linecap="round" stroke-linejoin="round" opacity=".7"/>`);
}

function sailboat(c: Ctx, x: number, y: number, s: number): void {
  const hull = tn(c, "#ffffff", 1.2);
  c.out.push(
    `<path d="M${f(x - s * 0.6)},${f(y - s * 0.12)}H${f(x + s * 0.6)}L${f(x + s * 0.42)},${f(y)}H${f(x - s * 0.45)}Z" fill="${tn(c, "#33465e")}"/>` +
      `<path d="M${f(x)},${f(y - s * 0.16)}V${f(y - s * 1.35)}L${f(x + s * 0.55)},${f(y - s * 0.2)}Z" fill="${hull}"/><path d="M${f(x - s * 0.05)},${f(y - s * 0.2)}V${f(y - s * 1.1)}L${f(x - s * 0.5)},${f(y - s * 0.2)}Z" fill="${mix(hull, c.sky.haze, 0.35)}"/>`,
  );
}

/** Windows as a pattern tile placed in user space; returns the fill reference. */
function windowPattern(c: Ctx, x: number, y: number, cw: number, ch: number, glass: string, frame: string | null, lit: string | null, litShare: number, cols = 1, rows = 1): string {
  const id = uid(c);
  let inner = "";
  for (let i = 0; i < cols; i++) {
    for (let j = 0; j < rows; j++) {
      const isLit = lit !== null && c.rnd() < litShare;
      inner += `<rect x="${f(i * cw + cw * 0.22)}" y="${f(j * ch + ch * 0.2)}" width="${f(cw * 0.56)}" height="${f(ch * 0.6)}" fill="${isLit ? lit : glass}"/>`;
    }
  }
  if (frame) inner += `<rect y="${f(ch * 0.8)}" width="${f(cw * cols)}" height="${f(ch * 0.06)}" fill="${frame}"/>`;
  c.defs.push(`<pattern id="${id}" patternUnits="userSpaceOnUse" x="${f(x)}" y="${f(y)}" width="${f(cw * cols)}" height="${f(ch * rows)}">${inner}</pattern>`);
  return `url(#${id})`;
}

/* ------------------------------------------------------------------ scenes */

function sceneBeach(c: Ctx): void {
  const { W, H } = c;
  const hy = H * range(c, 0.42, 0.48);
  const sun = drawSky(c, hy, { clouds: 2 + Math.floor(c.rnd() * 3), xr: [W * 0.2, W] });
  // Headland on the far right with a small resort.
  const hx = W * range(c, 0.58, 0.7);
  const far = tn(c, mix("#5d8a6a", c.sky.haze, 0.55));
  fill(c, smooth([[hx - W * 0.12, hy + 1], [hx + W * 0.05, hy - H * 0.05], [hx + W * 0.2, hy - H * 0.11], [W + 30, hy - H * 0.08]]) + `L${W + 30},${f(hy + 1)}Z`, mix(far, c.sky.haze, 0.35));
  fill(c, smooth([[hx, hy + 1], [hx + W * 0.12, hy - H * 0.045], [hx + W * 0.26, hy - H * 0.06], [W + 30, hy - H * 0.03]]) + `L${W + 30},${f(hy + 1)}Z`, far);
  const bw = W * 0.018;
  for (let i = 0; i < 5; i++) {
    const x = hx + W * 0.1 + i * bw * 1.5;
    const hh = H * range(c, 0.018, 0.032);
    c.out.push(`<rect x="${f(x)}" y="${f(hy - hh - H * 0.022)}" width="${f(bw)}" height="${f(hh + H * 0.022)}" fill="${tn(c, mix("#f7f1e6", c.sky.haze, 0.3))}"/>`);
  }
  drawSea(c, hy, H, sun);
  if (c.rnd() < 0.7) sailboat(c, W * range(c, 0.3, 0.55), hy + H * range(c, 0.03, 0.07), H * 0.04);
  // Shoreline.
  const y0 = H * range(c, 0.6, 0.68);
  const shore: V2[] = [[-20, y0], [W * 0.3, y0 + H * 0.05], [W * 0.62, H * 0.8], [W + 20, H * range(c, 0.9, 1.02)]];
  const lift = (dy: number): V2[] => shore.map(([x, y]) => [x, y - dy]);
  const sand = tn(c, c.sky.name === "dusk" ? "#e3c39b" : "#f2ddb6");
  const wet = tn(c, "#cdb08a");
  fill(c, smooth(lift(H * 0.028)) + `L${W + 20},${H + 20}L-20,${H + 20}Z`, mix(c.sky.seaFar, "#d7f3f0", 0.5), ` opacity=".55"`);
  fill(c, smooth(lift(H * 0.014)) + `L${W + 20},${H + 20}L-20,${H + 20}Z`, wet);
  c.out.push(`<path d="${smooth(lift(H * 0.016))}" fill="none" stroke="#fff" stroke-opacity=".85" stroke-width="${f(H * 0.004)}" stroke-linecap="round"/>`);
  c.out.push(`<path d="${smooth(lift(H * 0.03))}" fill="none" stroke="#fff" stroke-opacity=".5" stroke-width="${f(H * 0.003)}" stroke-dasharray="${f(W * 0.05)} ${f(W * 0.03)}"/>`);
  fill(c, smooth(shore) + `L${W + 20},${H + 20}L-20,${H + 20}Z`, lin(c, [[0, light(sand, 0.08)], [1, light(sand, -0.06)]]));
  let rip = "";
  for (let i = 0; i < 10; i++) {
    const x = range(c, 0, W * 0.55);
    const y = range(c, H * 0.74, H * 0.98);
    const w = W * range(c, 0.03, 0.08);
    rip += `M${f(x)},${f(y)}q${f(w / 2)},${f(-H * 0.008)} ${f(w)},0`;
  }
  c.out.push(`<path d="${rip}" fill="none" stroke="${light(sand, -0.12)}" stroke-width="${f(H * 0.003)}" stroke-linecap="round" opacity=".6"/>`);
  // Parasols and loungers on the sand.
  const ux = W * range(c, 0.44, 0.56);
  const uy = H * 0.9;
  const umb = pick(c, ["#e4573d", "#f2f2ee", "#2d7fa6", "#e8b04a"]);
  lounger(c, ux - H * 0.02, uy, H * 0.13, tn(c, "#ffffff"), tn(c, "#7d6a55"));
  lounger(c, ux + H * 0.13, uy + H * 0.01, H * 0.13, tn(c, "#ffffff"), tn(c, "#7d6a55"));
  parasol(c, ux + H * 0.11, uy + H * 0.005, H * 0.2, tn(c, umb), tn(c, "#6b5a48"));
  // Palms leaning over the sand from the left.
  const pc = palmColors(c);
  const np = 2 + Math.floor(c.rnd() * 2);
  for (let i = 0; i < np; i++) {
    const x = W * (0.04 + i * range(c, 0.08, 0.12));
    palm(c, x, H * range(c, 0.86, 0.98), H * range(c, 0.55, 0.78) * (i === 1 ? 0.85 : 1), range(c, 0.25, 0.6) * (i === 2 ? -0.6 : 1), pc);
  }
  birds(c, W * range(c, 0.3, 0.6), hy * range(c, 0.3, 0.5), H * 0.01, tn(c, "#34425a"));
}

function sceneTropical(c: Ctx): void {
  const { W, H } = c;
  const hy = H * range(c, 0.48, 0.53);
  const sun = drawSky(c, hy, { clouds: 3 + Math.floor(c.rnd() * 2) });
  // Volcanic island peaks.
  const px = W * range(c, 0.22, 0.4);
  const keys: V2[] = [[px - W * 0.32, hy + 2], [px - W * 0.16, hy - H * 0.08], [px - W * 0.05, hy - H * 0.17], [px, hy - H * range(c, 0.28, 0.34)], [px + W * 0.04, hy - H * 0.2], [px + W * 0.12, hy - H * 0.24], [px + W * 0.2, hy - H * 0.1], [px + W * 0.4, hy - H * 0.03], [px + W * 0.55, hy + 2]];
  const far = tn(c, mix("#2f7a55", c.sky.haze, 0.35));
  const ridgePts = jagged(c, keys, 0.5, 4);
  const mid = uid(c);
  c.defs.push(`<path id="${mid}" d="${polyPath(ridgePts)}"/><clipPath id="${mid}c"><use href="#${mid}"/></clipPath>`);
  c.out.push(`<use href="#${mid}" fill="${far}"/>`);
  // Shadowed faces and lush texture.
  let sh = "";
  const peaks = [3, 5];
  for (const k of peaks) {
    const [kx, ky] = keys[k];
    const side = sun.x < kx ? 1 : -1;
    sh += polyPath([[kx, ky - 5], [kx + side * W * 0.02, ky + H * 0.08], [kx + side * W * 0.01, hy + 5], [kx + side * W * 0.3, hy + 5], [kx + side * W * 0.3, ky - 5]]);
  }
  c.out.push(`<g clip-path="url(#${mid}c)"><path d="${sh}" fill="${light(far, -0.2)}" opacity=".55"/>`);
  fill(c, smooth(rolling(c, hy - H * 0.015, H * 0.05, 10)) + `L${W + 20},${f(hy + 5)}L-20,${f(hy + 5)}Z`, light(far, -0.12));
  c.out.push(`</g>`);
  // Lagoon: deep blue far, shallow turquoise near.
  const lag = c.sky.name === "golden" || c.sky.name === "sunrise";
  drawSea(c, hy, H, sun, { far: lag ? mix("#2e8fb0", c.sky.seaFar, 0.5) : "#1c8fbf", near: lag ? mix("#63d3cf", c.sky.glow, 0.2) : "#58d6d2" });
  // Over-water bungalows along a boardwalk.
  const cam: Cam = { cx: W * 0.5, cy: hy, f: W * 0.62, ey: 3.2 };
  const side = c.rnd() < 0.5 ? 1 : -1;
  const walkX = side * range(c, 2.5, 4);
  const wood = tn(c, "#8b6a4c");
  const thatch = tn(c, "#c9a260");
  const wall = tn(c, "#e9dcc4");
  const units: number[] = [];
  for (let z = 62; z >= 12; z -= range(c, 6.5, 8.5)) units.push(z);
  // boardwalk
  box(c, cam, Math.min(walkX, walkX + side * 1.4), Math.max(walkX, walkX + side * 1.4), 1.3, 1.5, 8, 66, light(wood, 0.15), wood, light(wood, -0.15));
  for (const z of units) {
    const bx0 = walkX + side * 3;
    const bx1 = bx0 + side * 5.5;
    const x0 = Math.min(bx0, bx1);
    const x1 = Math.max(bx0, bx1);
    let st = "";
    for (const sx of [x0 + 0.3, x1 - 0.3]) for (const sz of [z + 0.3, z + 4.7]) {
      const a = pr(cam, sx, 0, sz);
      const b = pr(cam, sx, 1.4, sz);
      st += `M${f(a[0])},${f(a[1])}L${f(b[0])},${f(b[1])}`;
    }
    c.out.push(`<path d="${st}" stroke="${light(wood, -0.3)}" stroke-width="${f((cam.f * 0.16) / z)}"/>`);
    // reflection
    const r0 = pr(cam, x0, 0, z);
    const r1 = pr(cam, x1, 0, z);
    c.out.push(`<rect x="${f(Math.min(r0[0], r1[0]))}" y="${f(r0[1])}" width="${f(Math.abs(r1[0] - r0[0]))}" height="${f((cam.f * 1.2) / z)}" fill="${c.sky.seaNear}" opacity=".25"/>`);
    // jetty link
    box(c, cam, Math.min(walkX + side * 1.4, bx0), Math.max(walkX + side * 1.4, bx0), 1.3, 1.5, z + 1.8, z + 3.2, light(wood, 0.15), wood, light(wood, -0.15));
    box(c, cam, x0, x1, 1.3, 1.6, z, z + 5, light(wood, 0.15), wood, light(wood, -0.15));
    box(c, cam, x0 + 0.7, x1 - 0.7, 1.6, 3.6, z + 0.6, z + 4.4, wall, light(wall, -0.04), light(wall, -0.18));
    const win = pr(cam, (x0 + x1) / 2 - 1.1, 3.1, z + 0.6);
    const win2 = pr(cam, (x0 + x1) / 2 + 1.1, 1.9, z + 0.6);
    c.out.push(`<rect x="${f(win[0])}" y="${f(win[1])}" width="${f(win2[0] - win[0])}" height="${f(win2[1] - win[1])}" fill="${c.sky.lamps > 0.5 ? "#ffcf7a" : tn(c, "#3b5a66")}"/>`);
    hipRoof(c, cam, x0 + 0.7, x1 - 0.7, 3.6, z + 0.6, z + 4.4, 0.7, 2.4, thatch, light(thatch, -0.16), light(thatch, -0.4));
  }
  // Sandy corner with palms in the foreground.
  const sand = tn(c, "#f1dcb2");
  fill(c, smooth([[-20, H * 0.7], [W * 0.14, H * 0.75], [W * 0.3, H * 0.86], [W * 0.42, H + 20]]) + `L-20,${H + 20}Z`, mix(c.sky.seaNear, "#bff3ec", 0.6), ` opacity=".6" transform="translate(0,-${f(H * 0.02)})"`);
  fill(c, smooth([[-20, H * 0.7], [W * 0.14, H * 0.75], [W * 0.3, H * 0.86], [W * 0.42, H + 20]]) + `L-20,${H + 20}Z`, sand);
  const pc = palmColors(c);
  palm(c, W * 0.08, H * 0.95, H * 0.82, range(c, 0.45, 0.7), pc);
  palm(c, W * 0.18, H * 0.97, H * 0.6, range(c, 0.2, 0.45), pc);
  if (c.rnd() < 0.6) palm(c, W * 0.03, H * 0.9, H * 0.5, -0.3, pc);
}

function mountainRange(c: Ctx, base: number, peaks: V2[], col: string, snow: string | null, sunX: number, rough = 0.45): void {
  const { W } = c;
  const keys: V2[] = [[-30, base - (base - peaks[0][1]) * 0.3]];
  for (let i = 0; i < peaks.length; i++) {
    keys.push(peaks[i]);
    const nx = i + 1 < peaks.length ? (peaks[i][0] + peaks[i + 1][0]) / 2 : W + 30;
    const depth = i + 1 < peaks.length ? Math.min(peaks[i][1], peaks[i + 1][1]) + (base - Math.min(peaks[i][1], peaks[i + 1][1])) * range(c, 0.3, 0.55) : base - (base - peaks[i][1]) * 0.3;
    keys.push([nx, depth]);
  }
  const ridge = jagged(c, keys, rough, 4);
  ridge.push([W + 30, base + 2], [-30, base + 2]);
  const id = uid(c);
  c.defs.push(`<path id="${id}" d="${polyPath(ridge)}"/><clipPath id="${id}c"><use href="#${id}"/></clipPath>`);
  c.out.push(`<use href="#${id}" fill="${col}"/><g clip-path="url(#${id}c)">`);
  let sh = "";
  let sn = "";
  for (const [kx, ky] of peaks) {
    const side = sunX < kx ? 1 : -1;
    const hgt = base - ky;
    const line = jagged(c, [[kx, ky - 2], [kx + side * hgt * 0.12, ky + hgt * 0.45], [kx - side * hgt * 0.05, base + 4]], 0.35, 3);
    sh += polyPath([...line, [kx + side * hgt * 1.6, base + 4], [kx + side * hgt * 1.6, ky - 4]]);
    if (snow) {
      const sd = hgt * range(c, 0.22, 0.34);
      const zz: V2[] = [];
      const m = 9;
      for (let i = 0; i <= m; i++) {
        const t = i / m;
        zz.push([kx - hgt * 0.9 + hgt * 1.8 * t, ky + sd * (0.6 + 0.4 * Math.sin(t * Math.PI)) + (i % 2 ? sd * 0.35 : -sd * 0.1)]);
      }
      sn += polyPath([[kx - hgt * 0.9, ky - 4], [kx + hgt * 0.9, ky - 4], ...zz.reverse()]);
    }
  }
  if (snow) fill(c, sn, snow);
  fill(c, sh, "#1a2440", ` opacity=".2"`);
  c.out.push(`</g>`);
}

function sceneMountain(c: Ctx): void {
  const { W, H } = c;
  const hy = H * range(c, 0.6, 0.66);
  const sun = drawSky(c, hy, { clouds: 2 + Math.floor(c.rnd() * 2) });
  const haze = c.sky.haze;
  const rock = tn(c, pick(c, ["#6f7f9c", "#76809a", "#6a7a8e"]));
  const snow = tn(c, "#f5f8fc", 0.6);
  const p1x = W * range(c, 0.25, 0.45);
  mountainRange(c, hy, [[p1x - W * 0.28, hy - H * 0.3], [p1x, hy - H * range(c, 0.46, 0.52)], [p1x + W * 0.3, hy - H * 0.36], [p1x + W * 0.55, hy - H * 0.28]], mix(rock, haze, 0.5), mix(snow, haze, 0.25), sun.x);
  mountainRange(c, hy, [[p1x - W * 0.12, hy - H * 0.2], [p1x + W * 0.18, hy - H * 0.26], [p1x + W * 0.45, hy - H * 0.16]], mix(light(rock, -0.1), haze, 0.22), snow, sun.x);
  // Forested hills with pines on the skyline.
  const pid = pineDef(c);
  const greens = ["#3e6b4f", "#2f5a41", "#244a35"].map((g) => tn(c, g, 1.4));
  for (let layer = 0; layer < 3; layer++) {
    const y = hy + H * (layer * 0.07 - 0.02);
    const col = mix(greens[layer], haze, [0.45, 0.25, 0.08][layer]);
    const line = rolling(c, y, H * (0.05 + layer * 0.02), 12);
    fill(c, smooth(line) + `L${W + 20},${H + 20}L-20,${H + 20}Z`, col);
    const trees: Array<[number, number, number]> = [];
    const step = W * (0.012 + layer * 0.008);
    for (let x = -10; x < W + 10; x += step * range(c, 0.6, 1.3)) {
      if (c.rnd() < 0.25) continue;
      const seg = Math.min(line.length - 2, Math.floor(((x + 20) / (W + 40)) * (line.length - 1)));
      const t = ((x + 20) / (W + 40)) * (line.length - 1) - seg;
      const yy = line[seg][1] + (line[seg + 1][1] - line[seg][1]) * t + H * 0.01;
      trees.push([x, yy, H * (0.04 + layer * 0.025) * range(c, 0.7, 1.3)]);
    }
    pines(c, pid, trees, col);
    if (layer === 1) chalet(c, W, H, hy, y);
  }
  // Meadow and foreground pines.
  const meadow = tn(c, "#7fa85a", 1.2);
  fill(c, smooth(rolling(c, H * 0.86, H * 0.06, 8)) + `L${W + 20},${H + 20}L-20,${H + 20}Z`, lin(c, [[0, meadow], [1, light(meadow, -0.25)]]));
  pines(c, pid, [[W * 0.9, H * 1.02, H * 0.5], [W * 0.97, H * 1.04, H * 0.62], [W * 0.83, H * 1.03, H * 0.36]], tn(c, "#1f4030", 1.4));

  function chalet(cW: number, cH: number, horizon: number, groundY: number): void {
    const cam: Cam = { cx: cW * 0.5, cy: horizon - cH * 0.1, f: cW * 0.9, ey: 6 };
    const z = 30;
    const x0 = range(c, 2, 5) * (c.rnd() < 0.5 ? 1 : -1);
    const g = pr(cam, 0, 0, z);
    const shift = groundY + cH * 0.05 - g[1];
    c.out.push(`<g transform="translate(0,${f(shift)})">`);
    const wood = tn(c, "#8a5a3a");
    box(c, cam, x0, x0 + 6, 0, 4.2, z, z + 7, wood, wood, light(wood, -0.2));
    const lit = c.sky.lamps > 0.3 ? "#ffd27a" : tn(c, "#3a4a5a");
    for (const [wx, wy] of [[x0 + 0.8, 0.8], [x0 + 3.4, 0.8], [x0 + 2.1, 2.6]] as V2[]) {
      const a = pr(cam, wx, wy + 1.2, z);
      const b = pr(cam, wx + 1.8, wy, z);
      c.out.push(`<rect x="${f(a[0])}" y="${f(a[1])}" width="${f(b[0] - a[0])}" height="${f(b[1] - a[1])}" fill="${lit}"/>`);
    }
    const ch = pr(cam, x0 + 4.6, 6.8, z + 3);
    const cb = pr(cam, x0 + 5.3, 4.2, z + 3);
    c.out.push(`<rect x="${f(ch[0])}" y="${f(ch[1])}" width="${f(cb[0] - ch[0])}" height="${f(cb[1] - ch[1])}" fill="${tn(c, "#6d6a6a")}"/>`);
    gableRoof(c, cam, x0, x0 + 6, 4.2, z, z + 7, 0.8, 3.2, tn(c, "#f2f5f9"), light(wood, 0.08), light(wood, -0.35));
    c.out.push(`</g>`);
  }
}

function sceneDesert(c: Ctx): void {
  const { W, H } = c;
  const hy = H * range(c, 0.58, 0.64);
  const sun = drawSky(c, hy, { clouds: 1 + Math.floor(c.rnd() * 2) });
  const haze = c.sky.haze;
  const rockBase = tn(c, pick(c, ["#c7714a", "#b9654a", "#c98052"]));
  // Mesas and buttes in two hazy layers.
  for (let layer = 0; layer < 2; layer++) {
    const col = mix(rockBase, haze, layer === 0 ? 0.55 : 0.2);
    const n = layer === 0 ? 3 : 2;
    for (let i = 0; i < n; i++) {
      const cx = W * ((i + 0.3 + c.rnd() * 0.4) / n);
      const w = W * (layer === 0 ? range(c, 0.16, 0.3) : range(c, 0.12, 0.22));
      const h = H * (layer === 0 ? range(c, 0.1, 0.16) : range(c, 0.14, 0.22));
      const top = hy - h;
      const tw = w * range(c, 0.55, 0.75);
      const shape: V2[] = jagged(c, [[cx - w / 2 - w * 0.15, hy + 2], [cx - w / 2, hy - h * 0.25], [cx - tw / 2, top + h * 0.05], [cx - tw / 2 + w * 0.02, top], [cx + tw / 2, top], [cx + tw / 2 + w * 0.01, top + h * 0.08], [cx + w / 2, hy - h * 0.3], [cx + w / 2 + w * 0.2, hy + 2]], 0.12, 2);
      const id = uid(c);
      c.defs.push(`<clipPath id="${id}"><path d="${polyPath(shape)}"/></clipPath>`);
      fill(c, polyPath(shape), col);
      let bands = "";
      for (let b = 1; b < 5; b++) bands += `M${f(cx - w)},${f(top + h * (0.12 + b * 0.14))}h${f(w * 2)}`;
      const side = sun.x < cx ? 1 : -1;
      c.out.push(`<g clip-path="url(#${id})"><path d="${bands}" stroke="${light(col, -0.1)}" stroke-width="${f(h * 0.05)}"/><path d="${polyPath([[cx + (side * tw) / 2 - side * w * 0.08, top - 2], [cx + side * w * 0.7, top - 2], [cx + side * w * 0.7, hy + 2], [cx + (side * w) / 2 - side * w * 0.05, hy + 2]])}" fill="#4a2020" opacity=".18"/><rect x="${f(cx - w)}" y="${f(top - 1)}" width="${f(w * 2)}" height="${f(h * 0.05)}" fill="${light(col, 0.15)}"/></g>`);
    }
  }
  // Desert floor.
  const sand = tn(c, "#e7b98a");
  c.out.push(`<rect y="${f(hy)}" width="${W}" height="${f(H - hy)}" fill="${lin(c, [[0, mix(sand, haze, 0.4)], [0.4, sand], [1, light(sand, -0.12)]])}"/>`);
  for (let i = 0; i < 3; i++) {
    const line = rolling(c, hy + H * (0.05 + i * 0.09), H * 0.035, 6);
    fill(c, smooth(line) + `L${W + 20},${H + 20}L-20,${H + 20}Z`, light(sand, -0.03 - i * 0.03), ` opacity=".55"`);
  }
  // Adobe resort.
  const cam: Cam = { cx: W * 0.5, cy: hy, f: W * 0.75, ey: 2.2 };
  const adobe = tn(c, pick(c, ["#e4b38a", "#dca57d", "#e8bf98"]));
  const ax = range(c, 1, 6) * (c.rnd() < 0.5 ? 1 : -1);
  const lit = c.sky.lamps > 0.3 ? "#ffc766" : tn(c, "#5a3a2a");
  const blocks: Array<[number, number, number, number]> = [[ax - 9, ax - 3, 3.4, 34], [ax - 3.2, ax + 4, 6.2, 32], [ax + 4, ax + 11, 3.4, 35]];
  for (const [x0, x1, h, z] of blocks) {
    box(c, cam, x0, x1, 0, h, z, z + 8, light(adobe, 0.1), adobe, light(adobe, -0.14));
    box(c, cam, x0 - 0.1, x1 + 0.1, h, h + 0.3, z - 0.1, z + 8.1, light(adobe, 0.15), light(adobe, 0.05), light(adobe, -0.1));
    let vig = "";
    for (let x = x0 + 0.5; x < x1; x += 1) {
      const a = pr(cam, x, h - 0.4, z);
      vig += `M${f(a[0])},${f(a[1])}h${f((cam.f * 0.22) / z)}`;
    }
    c.out.push(`<path d="${vig}" stroke="${tn(c, "#6b4630")}" stroke-width="${f((cam.f * 0.2) / z)}"/>`);
    for (let x = x0 + 0.9; x + 1 < x1; x += 2.1) {
      for (let y = 0.9; y + 1.4 < h; y += 2.8) {
        const a = pr(cam, x, y + 1.4, z);
        const b = pr(cam, x + 1, y, z);
        const r = (b[0] - a[0]) / 2;
        c.out.push(`<path d="M${f(a[0])},${f(b[1])}V${f(a[1] + r)}A${f(r)},${f(r)} 0 0 1 ${f(b[0])},${f(a[1] + r)}V${f(b[1])}Z" fill="${c.rnd() < 0.5 + c.sky.lamps * 0.4 ? lit : tn(c, "#6b4532")}"/>`);
      }
    }
  }
  // Pool in front.
  const pool = [[ax - 6, 0.02, 26], [ax + 6, 0.02, 26], [ax + 6, 0.02, 30], [ax - 6, 0.02, 30]] as V3[];
  fill(c, path3(cam, [[ax - 6.6, 0.01, 25.5], [ax + 6.6, 0.01, 25.5], [ax + 6.6, 0.01, 30.5], [ax - 6.6, 0.01, 30.5]]), tn(c, "#f1dcc0"));
  fill(c, path3(cam, pool), tn(c, "#3fc0c8"));
  // Cacti, agaves and rocks.
  const cact = tn(c, "#4f7d4a", 1.2);
  const saguaro = (x: number, y: number, h: number): void => {
    const w = h * 0.12;
    const aL = h * range(c, 0.3, 0.5);
    const aR = h * range(c, 0.35, 0.55);
    let d = `M${f(x)},${f(y)}V${f(y - h)}`;
    d += `M${f(x)},${f(y - aL)}h${f(-w * 1.8)}v${f(-h * range(c, 0.22, 0.35))}`;
    d += `M${f(x)},${f(y - aR)}h${f(w * 1.8)}v${f(-h * range(c, 0.25, 0.4))}`;
    c.out.push(`<path d="${d}" fill="none" stroke="${cact}" stroke-width="${f(w)}" stroke-linecap="round" stroke-linejoin="round"/><path d="M${f(x - w * 0.2)},${f(y)}V${f(y - h)}" stroke="${light(cact, 0.2)}" stroke-width="${f(w * 0.2)}" stroke-linecap="round"/>`);
  };
  saguaro(W * range(c, 0.72, 0.8), H * 0.96, H * range(c, 0.4, 0.5));
  saguaro(W * range(c, 0.9, 0.95), H * 0.9, H * range(c, 0.24, 0.3));
  saguaro(W * range(c, 0.1, 0.3), hy + H * 0.1, H * 0.1);
  saguaro(W * range(c, 0.55, 0.65), hy + H * 0.07, H * 0.07);
  const agave = (x: number, y: number, s: number): void => {
    let d = "";
    for (let i = 0; i < 9; i++) {
      const a = Math.PI * (0.05 + (0.9 * i) / 8);
      const L = s * (0.6 + 0.4 * Math.sin(a));
      const tx = x - Math.cos(a) * L;
      const ty = y - Math.sin(a) * L;
      const nx = Math.sin(a) * s * 0.07;
      const ny = -Math.cos(a) * s * 0.07;
      d += `M${f(x - nx)},${f(y - ny)}L${f(tx)},${f(ty)}L${f(x + nx)},${f(y + ny)}Z`;
    }
    fill(c, d, tn(c, "#6f9a7a", 1.2));
  };
  agave(W * range(c, 0.6, 0.66), H * 0.97, H * 0.1);
  agave(W * 0.86, H * 0.99, H * 0.07);
  fill(c, `M${f(W * 0.5)},${f(H * 0.99)}q${f(W * 0.02)},${f(-H * 0.06)} ${f(W * 0.06)},0Z`, tn(c, "#a0604a"));
}

function sceneCity(c: Ctx): void {
  const { W, H, sky } = c;
  const hy = H * range(c, 0.6, 0.66);
  const sun = drawSky(c, hy, { clouds: sky.name === "dusk" ? 1 : 2 });
  const night = sky.lamps > 0.5;
  const skyline = uid(c);
  c.out.push(`<g id="${skyline}">`);
  const layers = [
    { col: mix(night ? "#3a3f6e" : tn(c, "#8aa0b8"), sky.haze, 0.45), hMax: 0.36, wMin: 0.03, wMax: 0.06 },
    { col: night ? "#262b52" : tn(c, "#6e829c"), hMax: 0.48, wMin: 0.04, wMax: 0.08 },
  ];
  const lit = "#ffd98a";
  for (let li = 0; li < layers.length; li++) {
    const L = layers[li];
    let x = -W * 0.02;
    const pat = [0, 1, 2].map(() => windowPattern(c, 0, 0, W * 0.009, H * 0.018, night ? light(L.col, -0.15) : light(L.col, 0.35), null, night ? lit : li === 1 ? light(L.col, 0.55) : null, night ? 0.4 : 0.25, 4, 5));
    while (x < W) {
      const w = W * range(c, L.wMin, L.wMax);
      const tall = c.rnd();
      const h = H * L.hMax * (0.3 + 0.7 * tall * tall) * (li === 1 && Math.abs(x - W * 0.5) < W * 0.25 ? 1.15 : 1);
      const top = hy - h;
      const col = light(L.col, range(c, -0.07, 0.07));
      const kind = c.rnd();
      let d = `M${f(x)},${f(hy + 1)}V${f(top)}`;
      if (kind < 0.2) d += `L${f(x + w / 2)},${f(top - w * 0.5)}L${f(x + w)},${f(top)}`;
      else if (kind < 0.4) d += `H${f(x + w * 0.15)}V${f(top - h * 0.06)}H${f(x + w * 0.85)}V${f(top)}`;
      else if (kind < 0.5) d += `L${f(x + w)},${f(top - w * 0.35)}`;
      d += `H${f(x + w)}V${f(hy + 1)}Z`;
      fill(c, d, col);
      if (kind >= 0.5 && kind < 0.62) c.out.push(`<path d="M${f(x + w / 2)},${f(top)}V${f(top - h * 0.18)}" stroke="${col}" stroke-width="${f(W * 0.002)}"/>`);
      c.out.push(`<rect x="${f(x + w * 0.1)}" y="${f(top + H * 0.015)}" width="${f(w * 0.8)}" height="${f(h - H * 0.02)}" fill="${pick(c, pat)}" transform="translate(${f(c.rnd() * 5)},0)"/>`);
      if (!night) c.out.push(`<rect x="${f(x + w * 0.72)}" y="${f(top)}" width="${f(w * 0.28)}" height="${f(h)}" fill="#000" opacity=".1"/>`);
      x += w + W * range(c, -0.005, 0.01);
    }
  }
  c.out.push(`</g>`);
  // Water with the skyline's reflection.
  c.out.push(`<rect y="${f(hy)}" width="${W}" height="${f(H - hy)}" fill="${lin(c, [[0, mix(sky.seaFar, sky.low, 0.3)], [1, sky.seaNear]])}"/>`);
  c.out.push(`<use href="#${skyline}" transform="matrix(1 0 0 -1 0 ${f(hy * 2)})" opacity=".32"/>`);
  let rip = "";
  for (let i = 0; i < 70; i++) {
    const t = Math.pow(c.rnd(), 1.3);
    const y = hy + (H - hy) * t;
    rip += `M${f(c.rnd() * W)},${f(y)}h${f(W * (0.02 + 0.08 * t) * c.rnd())}`;
  }
  c.out.push(`<path d="${rip}" stroke="${sky.seaNear}" stroke-opacity=".6" stroke-width="${f(H * 0.004)}" stroke-linecap="round"/>`);
  glint(c, hy, H, sun);
  // Promenade with lamps and palms in the foreground.
  const q = H * 0.9;
  const quay = night ? "#1b1f3b" : tn(c, "#5b6472");
  c.out.push(`<rect y="${f(q)}" width="${W}" height="${f(H - q)}" fill="${quay}"/><rect y="${f(q)}" width="${W}" height="${f(H * 0.006)}" fill="${light(quay, 0.25)}"/>`);
  for (let x = W * 0.06; x < W; x += W * 0.14) {
    c.out.push(`<path d="M${f(x)},${f(q)}V${f(q - H * 0.09)}" stroke="${light(quay, -0.2)}" stroke-width="${f(W * 0.003)}"/><circle cx="${f(x)}" cy="${f(q - H * 0.092)}" r="${f(H * 0.008)}" fill="${night ? lit : "#f4f1e8"}"/>`);
    if (night) c.out.push(`<circle cx="${f(x)}" cy="${f(q - H * 0.092)}" r="${f(H * 0.03)}" fill="${lit}" opacity=".18"/>`);
  }
  const pc = palmColors(c, 1.6);
  palm(c, W * range(c, 0.8, 0.9), q + H * 0.01, H * 0.38, -0.3, pc);
  palm(c, W * range(c, 0.9, 0.97), q + H * 0.01, H * 0.3, 0.2, pc);
}

function sceneLake(c: Ctx): void {
  const { W, H, sky } = c;
  const hy = H * range(c, 0.5, 0.56);
  const sun = drawSky(c, hy, { clouds: 2 + Math.floor(c.rnd() * 2) });
  const land = uid(c);
  c.out.push(`<g id="${land}">`);
  const rock = tn(c, "#7a86a0");
  const px = W * range(c, 0.3, 0.7);
  const snowy = c.rnd() < 0.6;
  mountainRange(c, hy, [[px - W * 0.35, hy - H * 0.2], [px, hy - H * range(c, 0.3, 0.36)], [px + W * 0.32, hy - H * 0.22]], mix(rock, sky.haze, 0.45), snowy ? mix("#f5f8fc", sky.haze, 0.2) : null, sun.x);
  const pid = pineDef(c);
  const greens = ["#426e58", "#2c5640"].map((g) => tn(c, g, 1.4));
  for (let layer = 0; layer < 2; layer++) {
    const col = mix(greens[layer], sky.haze, layer ? 0.12 : 0.35);
    const line = rolling(c, hy + 2, H * (0.04 + layer * 0.02), 10);
    fill(c, smooth(line) + `L${W + 20},${f(hy + 2)}L-20,${f(hy + 2)}Z`, col);
    const trees: Array<[number, number, number]> = [];
    for (let x = -10; x < W + 10; x += W * (0.011 + layer * 0.006) * range(c, 0.5, 1.3)) {
      const seg = Math.min(line.length - 2, Math.floor(((x + 20) / (W + 40)) * (line.length - 1)));
      const y = line[seg][1] + H * 0.012;
      trees.push([x, Math.min(y + c.rnd() * H * 0.02, hy + 2), H * (0.035 + layer * 0.02) * range(c, 0.7, 1.3)]);
    }
    pines(c, pid, trees, col);
  }
  // A lodge on the far shore.
  const lx = W * range(c, 0.15, 0.8);
  const lw = W * 0.06;
  const lh = H * 0.035;
  const walls = tn(c, "#8c5e3f");
  c.out.push(`<rect x="${f(lx)}" y="${f(hy - lh)}" width="${f(lw)}" height="${f(lh)}" fill="${walls}"/><path d="M${f(lx - lw * 0.08)},${f(hy - lh)}L${f(lx + lw / 2)},${f(hy - lh * 2)}L${f(lx + lw * 1.08)},${f(hy - lh)}Z" fill="${tn(c, "#4b3a36")}"/>`);
  for (let i = 0; i < 4; i++) c.out.push(`<rect x="${f(lx + lw * (0.1 + i * 0.22))}" y="${f(hy - lh * 0.75)}" width="${f(lw * 0.12)}" height="${f(lh * 0.4)}" fill="${sky.lamps > 0.3 ? "#ffd27a" : tn(c, "#34404a")}"/>`);
  c.out.push(`</g>`);
  // Lake with reflection.
  const water = lin(c, [[0, mix(sky.low, sky.seaFar, 0.35)], [0.5, mix(sky.mid, sky.seaNear, 0.5)], [1, mix(sky.top, sky.seaNear, 0.6)]]);
  c.out.push(`<rect y="${f(hy)}" width="${W}" height="${f(H - hy)}" fill="${water}"/><use href="#${land}" transform="matrix(1 0 0 -1 0 ${f(hy * 2)})" opacity=".42"/>`);
  let rip = "";
  for (let i = 0; i < 50; i++) {
    const t = Math.pow(c.rnd(), 1.4);
    rip += `M${f(c.rnd() * W)},${f(hy + (H - hy) * t + 2)}h${f(W * (0.01 + 0.07 * t) * c.rnd())}`;
  }
  c.out.push(`<path d="${rip}" stroke="#fff" stroke-opacity=".22" stroke-width="${f(H * 0.0025)}" stroke-linecap="round"/>`);
  // Glint under the sun.
  let g = "";
  for (let k = 0; k < 16; k++) {
    const t = k / 16;
    const w = sun.r * (0.5 + 2 * t) * range(c, 0.3, 1);
    g += `M${f(sun.x - w / 2 + (c.rnd() - 0.5) * sun.r)},${f(hy + (H - hy) * Math.pow(t, 1.5) * 0.8 + 3)}h${f(w)}`;
  }
  c.out.push(`<path d="${g}" stroke="${sky.glint}" stroke-opacity=".6" stroke-width="${f(H * 0.004)}" stroke-linecap="round"/>`);
  // Wooden dock with a rowing boat.
  const cam: Cam = { cx: W * 0.5, cy: hy, f: W * 0.55, ey: 1.8 };
  const dx = range(c, 1.2, 2.2);
  const wood = tn(c, "#a27650");
  let posts = "";
  for (let z = 4; z <= 22; z += 3) for (const x of [dx, dx + 1.8]) {
    const a = pr(cam, x, -0.2, z);
    const b = pr(cam, x, 0.75, z);
    posts += `M${f(a[0])},${f(a[1])}L${f(b[0])},${f(b[1])}`;
  }
  c.out.push(`<path d="${posts}" stroke="${light(wood, -0.4)}" stroke-width="${f(W * 0.006)}"/>`);
  box(c, cam, dx - 0.1, dx + 1.9, 0.45, 0.6, 2.2, 22, light(wood, 0.1), light(wood, -0.1), light(wood, -0.25));
  let planks = "";
  for (let z = 2.6; z < 22; z += 0.55) {
    const a = pr(cam, dx - 0.1, 0.6, z);
    const b = pr(cam, dx + 1.9, 0.6, z);
    planks += `M${f(a[0])},${f(a[1])}L${f(b[0])},${f(b[1])}`;
  }
  c.out.push(`<path d="${planks}" stroke="${light(wood, -0.25)}" stroke-width="${f(H * 0.0018)}" opacity=".6"/>`);
  // boat beside the dock
  const bz = range(c, 10, 14);
  const bx = dx + 2.4;
  const bt = [pr(cam, bx, 0.05, bz - 1.8), pr(cam, bx + 1.2, 0.05, bz), pr(cam, bx, 0.05, bz + 1.6), pr(cam, bx - 0.1, 0.05, bz)];
  const hull = tn(c, pick(c, ["#c8553d", "#2f6f8f", "#e9e4d8"]));
  const hb = pr(cam, bx, 0.5, bz);
  const hdy = hb[1] - bt[3][1];
  fill(c, `M${f(bt[0][0])},${f(bt[0][1] + hdy)}Q${f(bt[1][0] + (bt[1][0] - bt[0][0]) * 0.3)},${f(bt[1][1] + hdy)} ${f(bt[2][0])},${f(bt[2][1] + hdy)}L${f(bt[2][0] - 4)},${f(bt[2][1] + 2)}Q${f(bt[1][0])},${f(bt[1][1] + 4)} ${f(bt[0][0] + 2)},${f(bt[0][1] + 2)}Z`, hull);
  fill(c, `M${f(bt[0][0])},${f(bt[0][1] + hdy)}Q${f(bt[1][0] + (bt[1][0] - bt[0][0]) * 0.3)},${f(bt[1][1] + hdy)} ${f(bt[2][0])},${f(bt[2][1] + hdy)}Q${f(bt[3][0])},${f(bt[3][1] + hdy)} ${f(bt[0][0])},${f(bt[0][1] + hdy)}Z`, light(hull, -0.3));
  // Reeds in the foreground corner.
  let reeds = "";
  for (let i = 0; i < 26; i++) {
    const x = W * (0.78 + 0.24 * c.rnd());
    const h = H * range(c, 0.08, 0.2);
    reeds += `M${f(x)},${H + 5}q${f(W * 0.005)},${f(-h / 2)} ${f(W * range(c, -0.01, 0.02))},${f(-h)}`;
  }
  c.out.push(`<path d="${reeds}" fill="none" stroke="${tn(c, "#4f6b3a", 1.4)}" stroke-width="${f(W * 0.003)}" stroke-linecap="round"/>`);
  birds(c, W * range(c, 0.2, 0.5), hy * 0.35, H * 0.009, tn(c, "#2f3a4e"));
}

function scenePool(c: Ctx): void {
  const { W, H, sky } = c;
  const hy = H * range(c, 0.38, 0.42);
  const sun = drawSky(c, hy, { clouds: 2 + Math.floor(c.rnd() * 2) });
  const cam: Cam = { cx: W * 0.5, cy: hy, f: W * 0.6, ey: 1.7 };
  const seaView = c.rnd() < 0.45;
  if (seaView) drawSea(c, hy, hy + H * 0.2, sun, { waves: 20 });
  // Deck.
  const stone = tn(c, pick(c, ["#efe3cf", "#ebe1d3", "#f2e8d8"]));
  const deckTop = pr(cam, 0, 0, seaView ? 30 : 60)[1];
  c.out.push(`<rect y="${f(deckTop)}" width="${W}" height="${f(H - deckTop)}" fill="${lin(c, [[0, light(stone, -0.06)], [1, light(stone, 0.05)]])}"/>`);
  if (seaView) c.out.push(`<rect y="${f(deckTop)}" width="${W}" height="${f(H * 0.006)}" fill="${light(stone, 0.3)}"/>`);
  let tiles = "";
  for (let x = -30; x <= 30; x += 1.5) {
    const a = pr(cam, x, 0, seaView ? 30 : 60);
    const b = pr(cam, x, 0, 2);
    tiles += `M${f(a[0])},${f(a[1])}L${f(b[0])},${f(b[1])}`;
  }
  for (let z = 3; z < 40; z *= 1.18) {
    const y = pr(cam, 0, 0, z)[1];
    tiles += `M0,${f(y)}H${W}`;
  }
  c.out.push(`<path d="${tiles}" stroke="${light(stone, -0.18)}" stroke-width="1" opacity=".35"/>`);
  // Hotel behind the pool when there is no sea view.
  const wall = tn(c, pick(c, ["#f6f1e8", "#f3ece0", "#f7f4ee"]));
  const glass = tn(c, mix("#3d6f8a", sky.top, 0.3));
  if (!seaView) {
    const x0 = range(c, -24, -16);
    const x1 = x0 + range(c, 30, 40);
    box(c, cam, x0, x1, 0, 12, 40, 52, wall, wall, light(wall, -0.15));
    const a = pr(cam, x0, 12, 40);
    const b = pr(cam, x1, 0, 40);
    const fh = b[1] - a[1];
    c.out.push(`<rect x="${f(a[0])}" y="${f(a[1] + fh * 0.06)}" width="${f(b[0] - a[0])}" height="${f(fh * 0.94)}" fill="${windowPattern(c, a[0], a[1] + fh * 0.06, ((b[0] - a[0]) / (x1 - x0)) * 2.4, fh / 4.1, glass, light(wall, -0.25), sky.lamps > 0.3 ? "#ffd58a" : null, 0.3)}"/>`);
    c.out.push(`<rect x="${f(a[0])}" y="${f(a[1])}" width="${f(b[0] - a[0])}" height="${f(fh * 0.035)}" fill="${light(wall, -0.1)}"/>`);
  }
  // Palms behind the pool.
  const pc = palmColors(c);
  const palmZ = seaView ? [26, 24, 22] : [34, 30, 36, 28];
  palmZ.forEach((z, i) => {
    const x = (i % 2 ? 1 : -1) * range(c, 6, 16) + range(c, -3, 3);
    const p = pr(cam, x, 0, z);
    palm(c, p[0], p[1], (cam.f * range(c, 7, 10)) / z, range(c, -0.3, 0.3), pc);
  });
  // Loungers and parasols along the far edge.
  const cush = pick(c, ["#ffffff", "#f4ede0"]);
  const frame = tn(c, "#7a6650");
  const umb = tn(c, pick(c, ["#f4f1ea", "#e3664a", "#2f7aa0", "#e7b24d", "#3d8a78"]));
  const zf = 19;
  for (let x = -9; x <= 9; x += 2.3) {
    const p = pr(cam, x, 0, zf + 1.5);
    lounger(c, p[0] - (cam.f * 1) / (zf + 1.5), p[1], (cam.f * 2) / (zf + 1.5), tn(c, cush), frame);
  }
  for (let x = -8; x <= 9; x += 4.6) {
    const p = pr(cam, x, 0, zf + 2.2);
    parasol(c, p[0], p[1], (cam.f * 2.6) / (zf + 2.2), umb, frame);
  }
  // The pool.
  const px0 = -7;
  const px1 = 8;
  const z0 = 6.5;
  const z1 = 17;
  fill(c, path3(cam, [[px0 - 0.6, 0, z0 - 0.6], [px1 + 0.6, 0, z0 - 0.6], [px1 + 0.6, 0, z1 + 0.6], [px0 - 0.6, 0, z1 + 0.6]]), light(stone, 0.12));
  const w0 = mix("#7fe0e6", sky.low, 0.25);
  const w1 = "#16a2c2";
  const pp = [pr(cam, px0, 0, z0), pr(cam, px1, 0, z0), pr(cam, px1, 0, z1), pr(cam, px0, 0, z1)];
  fill(c, polyPath(pp), linU(c, [[0, tn(c, w0)], [1, tn(c, w1)]], 0, pp[2][1], 0, pp[0][1]));
  fill(c, polyPath([pp[3], pp[2], pr(cam, px1, -0.5, z1), pr(cam, px0, -0.5, z1)]), tn(c, "#0f7f9f"), ` opacity=".45"`);
  let caus = "";
  for (let z = z0 + 0.6; z < z1; z += 0.75 + (z - z0) * 0.08) {
    const seg: V2[] = [];
    const off = c.rnd() * 6;
    for (let x = px0 + 0.4; x <= px1 - 0.4; x += 0.45) seg.push(pr(cam, x, 0, z + 0.2 * Math.sin(x * 1.7 + off) + 0.1 * Math.sin(x * 4.1 + off)));
    caus += smooth(seg);
  }
  c.out.push(`<path d="${caus}" fill="none" stroke="#fff" stroke-opacity=".4" stroke-width="${f(H * 0.0022)}" stroke-linecap="round"/>`);
  // Sun sparkle on the pool.
  if (sun.y < hy) {
    let sp = "";
    for (let k = 0; k < 10; k++) {
      const q = pr(cam, (sun.x - cam.cx) / cam.f * range(c, 8, 16), 0, range(c, z0 + 1, z1 - 1));
      sp += `M${f(q[0])},${f(q[1])}h${f(W * range(c, 0.01, 0.03))}`;
    }
    c.out.push(`<path d="${sp}" stroke="${sky.glint}" stroke-opacity=".75" stroke-width="${f(H * 0.004)}" stroke-linecap="round"/>`);
  }
  // Foreground lounger pair, parasol and potted plant.
  const fz = 4.2;
  const fx = range(c, 5, 6.5);
  for (const x of [fx, fx + 1.5]) {
    const p = pr(cam, x, 0, fz);
    lounger(c, p[0] - (cam.f * 1) / fz, p[1], (cam.f * 1.8) / fz, tn(c, cush), frame);
  }
  const pu = pr(cam, fx + 0.9, 0, fz + 0.4);
  parasol(c, pu[0], pu[1], (cam.f * 2.4) / (fz + 0.4), umb, frame);
  const pot = pr(cam, -6.5, 0, 4.8);
  const ps = (cam.f * 1) / 4.8;
  fill(c, `M${f(pot[0] - ps * 0.3)},${f(pot[1] - ps * 0.55)}H${f(pot[0] + ps * 0.3)}L${f(pot[0] + ps * 0.22)},${f(pot[1])}H${f(pot[0] - ps * 0.22)}Z`, tn(c, "#c9a27e"));
  let lv = "";
  for (let i = 0; i < 9; i++) lv += frond(pot[0], pot[1] - ps * 0.55, -170 + i * 20, ps * range(c, 0.7, 1.1), 0.15);
  fill(c, lv, pc.leaf);
}

function sceneVilla(c: Ctx): void {
  const { W, H, sky } = c;
  const hy = H * range(c, 0.44, 0.5);
  const sun = drawSky(c, hy, { clouds: 2 + Math.floor(c.rnd() * 2) });
  drawSea(c, hy, hy + H * 0.12, sun, { waves: 16 });
  // Hills behind the villa.
  const hill = tn(c, "#8aa36a", 1.2);
  fill(c, smooth(rolling(c, hy + H * 0.04, H * 0.1, 8)) + `L${W + 20},${H + 20}L-20,${H + 20}Z`, mix(hill, sky.haze, 0.35));
  const cam: Cam = { cx: W * 0.5, cy: hy, f: W * 0.7, ey: 2.2 };
  const ground = tn(c, "#a9b77a", 1.2);
  const gy = pr(cam, 0, 0, 60)[1];
  fill(c, smooth(rolling(c, gy, H * 0.03, 6)) + `L${W + 20},${H + 20}L-20,${H + 20}Z`, lin(c, [[0, ground], [1, light(ground, -0.15)]]));
  // Cypresses.
  const cyp = tn(c, "#3f5e3a", 1.4);
  const cypress = (x: number, z: number, h: number): void => {
    const b = pr(cam, x, 0, z);
    const t = pr(cam, x, h, z);
    const w = (cam.f * h * 0.14) / z;
    fill(c, `M${f(b[0])},${f(b[1])}C${f(b[0] - w * 1.2)},${f(b[1])} ${f(b[0] - w)},${f(t[1] + (b[1] - t[1]) * 0.3)} ${f(t[0])},${f(t[1])}C${f(b[0] + w)},${f(t[1] + (b[1] - t[1]) * 0.3)} ${f(b[0] + w * 1.2)},${f(b[1])} ${f(b[0])},${f(b[1])}Z`, cyp);
  };
  const vx = range(c, -9, -4);
  const vz = 26;
  cypress(vx - 4, vz + 6, 9);
  cypress(vx - 2.5, vz + 8, 11);
  cypress(vx + 19, vz + 5, 10);
  // Villa: two-storey main block and a single-storey wing.
  const white = tn(c, "#fbf8f2");
  const shade = tn(c, "#e4dccf");
  const roof = tn(c, pick(c, ["#c8643c", "#c2593a", "#cf7047"]));
  const roofS = light(roof, -0.18);
  const under = light(roof, -0.45);
  box(c, cam, vx + 9, vx + 16, 0, 3.4, vz + 1, vz + 8, white, white, shade);
  hipRoof(c, cam, vx + 9, vx + 16, 3.4, vz + 1, vz + 8, 0.5, 1.6, roof, roofS, under);
  box(c, cam, vx, vx + 10, 0, 6.6, vz, vz + 9, white, white, shade);
  hipRoof(c, cam, vx, vx + 10, 6.6, vz, vz + 9, 0.6, 2.3, roof, roofS, under);
  // Arched windows, shutters and door.
  const glassC = tn(c, mix("#35566e", sky.top, 0.25));
  const shutter = tn(c, pick(c, ["#3f7f9e", "#5a8a6a", "#2f5f86"]));
  const arch = (x: number, y: number, z: number, w: number, h: number, col: string, sh: boolean): void => {
    const a = pr(cam, x, y + h, z);
    const b = pr(cam, x + w, y, z);
    const r = (b[0] - a[0]) / 2;
    if (sh) c.out.push(`<rect x="${f(a[0] - r * 0.9)}" y="${f(a[1] + r)}" width="${f(r * 0.8)}" height="${f(b[1] - a[1] - r)}" fill="${shutter}"/><rect x="${f(b[0] + r * 0.1)}" y="${f(a[1] + r)}" width="${f(r * 0.8)}" height="${f(b[1] - a[1] - r)}" fill="${shutter}"/>`);
    fill(c, `M${f(a[0])},${f(b[1])}V${f(a[1] + r)}A${f(r)},${f(r)} 0 0 1 ${f(b[0])},${f(a[1] + r)}V${f(b[1])}Z`, col);
    c.out.push(`<path d="M${f((a[0] + b[0]) / 2)},${f(a[1])}V${f(b[1])}" stroke="${white}" stroke-width="${f(r * 0.12)}"/>`);
  };
  for (let i = 0; i < 4; i++) {
    arch(vx + 0.9 + i * 2.4, 3.8, vz, 1.1, 2.0, glassC, true);
    if (i !== 1) arch(vx + 0.9 + i * 2.4, 0.5, vz, 1.1, 2.1, glassC, true);
  }
  arch(vx + 3.1, 0, vz, 1.6, 2.7, tn(c, "#7a5236"), false);
  for (let i = 0; i < 2; i++) arch(vx + 11 + i * 2.6, 0.3, vz + 1, 1.5, 2.4, glassC, false);
  // Bougainvillea climbing the corner.
  const bx = pr(cam, vx + (c.rnd() < 0.5 ? 0 : 10), 0, vz);
  const bs = (cam.f * 1) / vz;
  let leaves = "";
  let flowers = "";
  for (let i = 0; i < 55; i++) {
    const t = c.rnd();
    const x = bx[0] + (c.rnd() - 0.5) * bs * (2.4 + 1.5 * Math.sin(t * 3));
    const y = bx[1] - t * bs * 5.5;
    const r = bs * range(c, 0.2, 0.4);
    if (c.rnd() < 0.4) leaves += `M${f(x - r)},${f(y)}a${f(r)},${f(r)} 0 1 0 ${f(2 * r)},0a${f(r)},${f(r)} 0 1 0 ${f(-2 * r)},0`;
    else flowers += `M${f(x - r)},${f(y)}a${f(r)},${f(r)} 0 1 0 ${f(2 * r)},0a${f(r)},${f(r)} 0 1 0 ${f(-2 * r)},0`;
  }
  const bloom = tn(c, pick(c, ["#d6338a", "#c92a7c", "#e0449a"]));
  fill(c, leaves, tn(c, "#3f7a3a", 1.2));
  fill(c, flowers, bloom);
  // Terrace and pool.
  const stone = tn(c, "#efe4d0");
  fill(c, path3(cam, [[vx - 3, 0.01, 9], [vx + 22, 0.01, 9], [vx + 22, 0.01, vz], [vx - 3, 0.01, vz]]), stone);
  const p0 = vx + 1;
  const p1 = vx + 14;
  fill(c, path3(cam, [[p0 - 0.5, 0.02, 13.5], [p1 + 0.5, 0.02, 13.5], [p1 + 0.5, 0.02, 21.5], [p0 - 0.5, 0.02, 21.5]]), light(stone, 0.1));
  const q = [pr(cam, p0, 0.02, 14), pr(cam, p1, 0.02, 14), pr(cam, p1, 0.02, 21), pr(cam, p0, 0.02, 21)];
  fill(c, polyPath(q), linU(c, [[0, tn(c, mix("#7fe0e6", sky.low, 0.3))], [1, tn(c, "#1aa6c4")]], 0, q[2][1], 0, q[0][1]));
  let caus = "";
  for (let z = 14.6; z < 21; z += 0.9) {
    const seg: V2[] = [];
    const off = c.rnd() * 6;
    for (let x = p0 + 0.3; x <= p1 - 0.3; x += 0.5) seg.push(pr(cam, x, 0.02, z + 0.2 * Math.sin(x * 1.5 + off)));
    caus += smooth(seg);
  }
  c.out.push(`<path d="${caus}" fill="none" stroke="#fff" stroke-opacity=".4" stroke-width="${f(H * 0.002)}"/>`);
  const frame = tn(c, "#8a7256");
  for (let i = 0; i < 3; i++) {
    const p = pr(cam, p1 + 1.5 + i * 1.6, 0, 16 + i * 0.4);
    lounger(c, p[0] - (cam.f * 0.8) / 16, p[1], (cam.f * 1.9) / 16, tn(c, "#ffffff"), frame);
  }
  const pu = pr(cam, p1 + 3.2, 0, 17.5);
  parasol(c, pu[0], pu[1], (cam.f * 2.6) / 17.5, tn(c, pick(c, ["#f4f1ea", "#e7dcc6", "#3f7f9e"])), frame);
  // Olive tree and pots in the foreground.
  const ol = pr(cam, vx - 1.5, 0, 11);
  const os = (cam.f * 1) / 11;
  c.out.push(`<path d="M${f(ol[0])},${f(ol[1])}q${f(os * 0.2)},${f(-os * 1.2)} ${f(-os * 0.1)},${f(-os * 2.2)}M${f(ol[0] + os * 0.05)},${f(ol[1] - os * 1.3)}q${f(os * 0.5)},${f(-os * 0.3)} ${f(os * 0.7)},${f(-os * 1.1)}" stroke="${tn(c, "#6b5a48")}" stroke-width="${f(os * 0.18)}" fill="none" stroke-linecap="round"/>`);
  let crown = "";
  for (let i = 0; i < 9; i++) {
    const x = ol[0] + (c.rnd() - 0.4) * os * 2.4;
    const y = ol[1] - os * (2 + c.rnd() * 1.2);
    const r = os * range(c, 0.45, 0.75);
    crown += `M${f(x - r)},${f(y)}a${f(r)},${f(r * 0.75)} 0 1 0 ${f(2 * r)},0a${f(r)},${f(r * 0.75)} 0 1 0 ${f(-2 * r)},0`;
  }
  fill(c, crown, tn(c, "#8c9d6a", 1.2));
}

function sceneRoom(c: Ctx): void {
  const { W, H } = c;
  const cam: Cam = { cx: W * 0.5, cy: H * 0.42, f: H, ey: 1.4 };
  const D = 5;
  const P = (x: number, y: number, z: number): V2 => pr(cam, x, y, z);
  const scheme = pick(c, [
    { wall: "#efe6da", accent: "#2f6f73", wood: "#b98a5e", art: "#e0a26a" },
    { wall: "#ebe4d8", accent: "#c2703d", wood: "#a97b52", art: "#5f8fa6" },
    { wall: "#e5eae4", accent: "#3b5b8c", wood: "#c9a27a", art: "#d98c6a" },
    { wall: "#f1e8e1", accent: "#8a9a5b", wood: "#9e7450", art: "#4f8f9a" },
  ]);
  const wallC = scheme.wall;
  const ceil = P(0, 3.0, D)[1];
  const floorY = P(0, 0, D)[1];
  const xl = -cam.cx * D / cam.f;
  // Ceiling, wall, floor.
  c.out.push(`<rect width="${W}" height="${f(ceil)}" fill="${light(wallC, 0.35)}"/><rect y="${f(ceil)}" width="${W}" height="${f(floorY - ceil)}" fill="${lin(c, [[0, light(wallC, -0.06)], [0.5, wallC], [1, light(wallC, -0.02)]])}"/>`);
  c.out.push(`<rect y="${f(ceil)}" width="${W}" height="${f(H * 0.012)}" fill="${light(wallC, -0.12)}" opacity=".6"/>`);
  c.out.push(`<rect y="${f(floorY)}" width="${W}" height="${f(H - floorY)}" fill="${lin(c, [[0, light(scheme.wood, -0.12)], [1, light(scheme.wood, 0.06)]])}"/>`);
  let planks = "";
  for (let x = -8; x <= 8; x += 0.24) {
    const a = P(x, 0, D);
    const b = P(x, 0, 2.2);
    planks += `M${f(a[0])},${f(a[1])}L${f(b[0])},${f(b[1])}`;
  }
  c.out.push(`<path d="${planks}" stroke="${light(scheme.wood, -0.3)}" stroke-width="1.2" opacity=".35"/>`);
  c.out.push(`<rect y="${f(floorY - H * 0.018)}" width="${W}" height="${f(H * 0.018)}" fill="${light(wallC, 0.2)}"/>`);
  // Window with a view of the sea.
  const wx0 = Math.max(xl + 0.35, -3.4);
  const wx1 = -0.95;
  const [ax, ay] = P(wx0, 2.6, D);
  const [bx, by] = P(wx1, 0.02, D);
  const clip = uid(c);
  c.defs.push(`<clipPath id="${clip}"><rect x="${f(ax)}" y="${f(ay)}" width="${f(bx - ax)}" height="${f(by - ay)}"/></clipPath>`);
  c.out.push(`<g clip-path="url(#${clip})">`);
  const vhy = ay + (by - ay) * range(c, 0.48, 0.56);
  const sun = drawSky(c, vhy, { sunX: ax + (bx - ax) * range(c, 0.3, 0.7), clouds: 2, xr: [ax, bx], sunScale: 0.7 });
  fill(c, smooth([[ax - 5, vhy + 1], [ax + (bx - ax) * 0.2, vhy - H * 0.04], [ax + (bx - ax) * 0.45, vhy + 1]]) + "Z", tn(c, mix("#5d8a6a", c.sky.haze, 0.5)));
  drawSea(c, vhy, by, sun, { xr: [ax, bx], waves: 18 });
  const railY = P(0, 1.0, D)[1];
  c.out.push(`<rect x="${f(ax)}" y="${f(railY)}" width="${f(bx - ax)}" height="${f(by - railY)}" fill="#dff1f5" opacity=".28"/><rect x="${f(ax)}" y="${f(railY - H * 0.006)}" width="${f(bx - ax)}" height="${f(H * 0.008)}" fill="${tn(c, "#5b5f66")}"/>`);
  if (c.rnd() < 0.6) palm(c, ax + (bx - ax) * 0.88, by, (by - ay) * 0.9, -0.35, palmColors(c));
  c.out.push(`</g>`);
  const fw = H * 0.012;
  const frameC = "#fbfaf7";
  const mxw = (ax + bx) / 2;
  c.out.push(`<path d="M${f(ax)},${f(ay)}H${f(bx)}V${f(by)}H${f(ax)}ZM${f(mxw)},${f(ay)}V${f(by)}" fill="none" stroke="${frameC}" stroke-width="${f(fw)}"/>`);
  // Sunlight on the floor.
  const beam = [P(wx0, 0, D), P(wx1, 0, D), P(wx1 + 1.6, 0, 3.0), P(wx0 + 1.6, 0, 3.0)];
  fill(c, polyPath(beam), "#fff6df", ` opacity=".22"`);
  // Curtains.
  const curtain = light(scheme.accent, 0.72);
  const rodY = P(0, 2.85, D)[1];
  const drape = (x0: number, x1: number): void => {
    let d = `M${f(x0)},${f(rodY)}H${f(x1)}V${f(floorY + H * 0.004)}`;
    const n = 5;
    for (let i = n - 1; i >= 0; i--) d += `Q${f(x0 + ((x1 - x0) * (i + 0.5)) / n)},${f(floorY + H * 0.016)} ${f(x0 + ((x1 - x0) * i) / n)},${f(floorY + H * 0.004)}`;
    fill(c, d + "Z", curtain);
    let folds = "";
    for (let i = 1; i < n; i++) folds += `M${f(x0 + ((x1 - x0) * i) / n)},${f(rodY)}V${f(floorY)}`;
    c.out.push(`<path d="${folds}" stroke="${light(curtain, -0.12)}" stroke-width="${f(((x1 - x0) / n) * 0.35)}" opacity=".6"/>`);
  };
  const cw = W * 0.055;
  drape(ax - cw * 0.8, ax + cw * 0.4);
  drape(bx - cw * 0.4, bx + cw * 0.8);
  c.out.push(`<rect x="${f(ax - cw)}" y="${f(rodY - H * 0.006)}" width="${f(bx - ax + cw * 2)}" height="${f(H * 0.008)}" fill="${tn(c, "#5b5148")}"/>`);
  // Rug.
  const rug = light(scheme.accent, 0.45);
  fill(c, path3(cam, [[-1.3, 0.005, 2.4], [3.0, 0.005, 2.4], [3.0, 0.005, 4.6], [-1.3, 0.005, 4.6]]), rug);
  c.out.push(`<path d="${path3(cam, [[-1.1, 0.006, 2.5], [2.8, 0.006, 2.5], [2.8, 0.006, 4.5], [-1.1, 0.006, 4.5]])}" fill="none" stroke="${light(rug, 0.45)}" stroke-width="${f(H * 0.004)}"/>`);
  // Artwork above the bed.
  const bx0 = 0.15;
  const bx1 = 2.2;
  const [gx, gy] = P(bx0 + 0.25, 2.45, D);
  const [hx, hyy] = P(bx1 - 0.25, 1.6, D);
  const aw = hx - gx;
  const ah = hyy - gy;
  c.out.push(`<rect x="${f(gx - 4)}" y="${f(gy - 4)}" width="${f(aw + 8)}" height="${f(ah + 8)}" fill="${tn(c, "#3d342d")}"/><rect x="${f(gx + 4)}" y="${f(gy + 4)}" width="${f(aw - 8)}" height="${f(ah - 8)}" fill="#faf6ee"/>`);
  const art = scheme.art;
  c.out.push(`<circle cx="${f(gx + aw * range(c, 0.3, 0.7))}" cy="${f(gy + ah * 0.45)}" r="${f(ah * 0.2)}" fill="${art}"/><path d="M${f(gx + 4)},${f(gy + ah * 0.7)}q${f(aw * 0.25)},${f(-ah * 0.15)} ${f(aw * 0.5)},0t${f(aw * 0.5 - 8)},0V${f(gy + ah - 4)}H${f(gx + 4)}Z" fill="${scheme.accent}" opacity=".8"/><path d="M${f(gx + 4)},${f(gy + ah * 0.8)}q${f(aw * 0.25)},${f(ah * 0.1)} ${f(aw * 0.5)},0t${f(aw * 0.5 - 8)},0V${f(gy + ah - 4)}H${f(gx + 4)}Z" fill="${light(scheme.accent, -0.25)}" opacity=".7"/>`);
  // Nightstands and lamps.
  const woodD = light(scheme.wood, -0.25);
  const glow = (x: number, y: number, r: number): void => {
    c.out.push(`<circle cx="${f(x)}" cy="${f(y)}" r="${f(r)}" fill="${rad(c, [[0, "#fff3cf", 0.55], [1, "#fff3cf", 0]], x, y, r)}"/>`);
  };
  for (const [n0, n1] of [[-0.72, -0.12], [2.47, 3.07]] as V2[]) {
    const lampP = P((n0 + n1) / 2, 0.55, 4.75);
    const s = cam.f / 4.75;
    glow(lampP[0], lampP[1] - s * 0.55, s * 0.9);
    box(c, cam, n0, n1, 0, 0.55, 4.5, 4.98, light(woodD, 0.15), woodD, light(woodD, -0.2));
    const dr = [P(n0 + 0.05, 0.45, 4.5), P(n1 - 0.05, 0.3, 4.5)];
    c.out.push(`<rect x="${f(dr[0][0])}" y="${f(dr[0][1])}" width="${f(dr[1][0] - dr[0][0])}" height="${f(dr[1][1] - dr[0][1])}" fill="none" stroke="${light(woodD, 0.2)}" stroke-width="1.5"/>`);
    c.out.push(`<path d="M${f(lampP[0])},${f(lampP[1])}V${f(lampP[1] - s * 0.32)}" stroke="${tn(c, "#b89a6a")}" stroke-width="${f(s * 0.03)}"/><ellipse cx="${f(lampP[0])}" cy="${f(lampP[1])}" rx="${f(s * 0.08)}" ry="${f(s * 0.02)}" fill="${tn(c, "#b89a6a")}"/><path d="M${f(lampP[0] - s * 0.11)},${f(lampP[1] - s * 0.62)}H${f(lampP[0] + s * 0.11)}L${f(lampP[0] + s * 0.16)},${f(lampP[1] - s * 0.32)}H${f(lampP[0] - s * 0.16)}Z" fill="#fff4dc"/>`);
  }
  // Bed: headboard, base, mattress and duvet.
  const head = light(scheme.accent, 0.25);
  box(c, cam, bx0 - 0.12, bx1 + 0.12, 0, 1.35, 4.86, 4.98, head, head, light(head, -0.15));
  let tufts = "";
  for (let x = bx0; x <= bx1 + 0.01; x += (bx1 - bx0) / 6) {
    const a = P(x, 1.3, 4.86);
    const b = P(x, 0.55, 4.86);
    tufts += `M${f(a[0])},${f(a[1])}V${f(b[1])}`;
  }
  c.out.push(`<path d="${tufts}" stroke="${light(head, -0.15)}" stroke-width="2"/>`);
  const base = light(scheme.wood, -0.2);
  box(c, cam, bx0, bx1, 0.05, 0.32, 2.75, 4.86, base, base, light(base, -0.15));
  const linen = "#fbfaf6";
  const linenS = "#e6e2d9";
  box(c, cam, bx0 + 0.02, bx1 - 0.02, 0.32, 0.58, 2.7, 4.86, linen, linenS, light(linenS, -0.06));
  // Pillows.
  const pillow = (x0: number, x1: number, z: number, h: number, col: string): void => {
    const a = P(x0, 0.58 + h, z);
    const b = P(x1, 0.55, z);
    const r = (b[1] - a[1]) * 0.3;
    c.out.push(`<rect x="${f(a[0])}" y="${f(a[1])}" width="${f(b[0] - a[0])}" height="${f(b[1] - a[1])}" rx="${f(r)}" fill="${col}"/>`);
  };
  pillow(bx0 + 0.1, bx0 + 1.0, 4.72, 0.48, "#ffffff");
  pillow(bx1 - 1.0, bx1 - 0.1, 4.72, 0.48, "#ffffff");
  pillow(bx0 + 0.2, bx0 + 0.95, 4.55, 0.36, light(scheme.accent, 0.15));
  pillow(bx1 - 0.95, bx1 - 0.2, 4.55, 0.36, light(scheme.accent, 0.15));
  pillow((bx0 + bx1) / 2 - 0.3, (bx0 + bx1) / 2 + 0.3, 4.4, 0.28, scheme.art);
  // Fold of the duvet and a throw across the foot.
  c.out.push(`<path d="${path3(cam, [[bx0 + 0.02, 0.585, 4.1], [bx1 - 0.02, 0.585, 4.1], [bx1 - 0.02, 0.585, 4.3], [bx0 + 0.02, 0.585, 4.3]])}" fill="${linenS}" opacity=".7"/>`);
  const throwC = scheme.accent;
  fill(c, path3(cam, [[bx0 - 0.03, 0.6, 2.95], [bx1 + 0.03, 0.6, 2.95], [bx1 + 0.03, 0.6, 3.55], [bx0 - 0.03, 0.6, 3.55]]), throwC);
  fill(c, path3(cam, [[bx0 - 0.03, 0.6, 2.95], [bx0 - 0.03, 0.6, 3.55], [bx0 - 0.03, 0.22, 3.55], [bx0 - 0.03, 0.22, 2.95]]), light(throwC, -0.2));
  // Plant in the corner by the window.
  const pot = P(wx0 - 0.2, 0, 4.4);
  const ps = cam.f / 4.4;
  if (pot[0] > W * 0.02) {
    fill(c, `M${f(pot[0] - ps * 0.2)},${f(pot[1] - ps * 0.45)}H${f(pot[0] + ps * 0.2)}L${f(pot[0] + ps * 0.15)},${f(pot[1])}H${f(pot[0] - ps * 0.15)}Z`, tn(c, "#d8cfc2"));
    let lv = "";
    for (let i = 0; i < 9; i++) lv += frond(pot[0], pot[1] - ps * 0.45, -165 + i * 19, ps * range(c, 0.6, 1.0), 0.2);
    fill(c, lv, "#3d7a4c");
  }
}

/* ------------------------------------------------------------------ entry point */

const SCENES: Record<SceneKind, (c: Ctx) => void> = {
  beach: sceneBeach,
  tropical: sceneTropical,
  mountain: sceneMountain,
  desert: sceneDesert,
  city: sceneCity,
  lake: sceneLake,
  pool: scenePool,
  room: sceneRoom,
  villa: sceneVilla,
};

export function renderScene(options: SceneOptions): string {
  const W = Math.max(16, Math.round(options.width));
  const H = Math.max(16, Math.round(options.height));
  const kind: SceneKind = options.kind in SCENES ? options.kind : "beach";
  const seed = (Math.floor(Number(options.seed) || 0) ^ hashString(kind)) >>> 0;
  const rnd = mulberry32(seed);
  const names = TIMES[kind];
  const name = names[Math.floor(rnd() * names.length) % names.length];
  const choices = SKIES.filter((s) => s.name === name);
  const sky = choices[Math.floor(rnd() * choices.length) % choices.length];
  const c: Ctx = { W, H, rnd, sky, defs: [], out: [], p: "s" + seed.toString(36) + "_", n: 0 };
  SCENES[kind](c);
  const flip = rnd() < 0.5;
  const title = truncate(options.title, 48);
  const caption = truncate(options.caption, 110);
  const fs = W * 0.032;
  const cs = Math.max(11, W * 0.0145);
  const band = Math.max(H * 0.3, fs * 3.6);
  const shade = lin(c, [[0, "#0b0f1a", 0], [0.45, "#0b0f1a", 0.32], [1, "#0b0f1a", 0.68]]);
  const side = lin(c, [[0, "#0b0f1a", 0.25], [0.6, "#0b0f1a", 0]], 0, 0, 1, 0);
  const x = W * 0.04;
  const capY = H - H * 0.055;
  const titleY = caption ? capY - cs * 1.55 : capY;
  const label = caption ? `${title} \u2014 ${caption}` : title;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" role="img">` +
    `<title>${esc(label)}</title><defs>${c.defs.join("")}</defs>` +
    `<g${flip ? ` transform="matrix(-1 0 0 1 ${W} 0)"` : ""}>${c.out.join("")}</g>` +
    `<rect y="${f(H - band)}" width="${W}" height="${f(band)}" fill="${shade}"/><rect y="${f(H - band)}" width="${f(W * 0.7)}" height="${f(band)}" fill="${side}"/>` +
    `<text x="${f(x)}" y="${f(titleY)}" fill="#fff" font-family="${SERIF}" font-size="${f(fs)}">${esc(title)}</text>` +
    (caption ? `<text x="${f(x)}" y="${f(capY)}" fill="#fff" fill-opacity=".85" font-family="${SANS}" font-size="${f(cs)}" letter-spacing=".02em">${esc(caption)}</text>` : "") +
    `</svg>`
  );
}
