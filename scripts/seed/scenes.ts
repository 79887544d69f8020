/**
 * Generated demo pictures: deterministic flat-illustration SVG scenes of resorts.
 *
 * Pure TypeScript with no runtime imports, so it runs both under Node's type stripping
 * (the seed script) and inside the Workers bundle. The same options always give the
 * same string; the seed varies the time of day, the composition and the details.
 */
import { type SceneKind } from "./types.ts";

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
  /** At least three corners: solid() takes the normal from the first three. */
  pts: [V3, V3, V3, ...V3[]];
  fill: string;
}

const SKIES: Sky[] = [
  {
    name: "sunrise",
    top: "#7d9fd6",
    mid: "#f2bfb4",
    low: "#ffe3bd",
    sun: "#fff6dc",
    glow: "#ffd9a6",
    alt: 0.2,
    haze: "#f1d2c8",
    seaFar: "#9fc4d8",
    seaNear: "#3f7fa6",
    glint: "#fff1d0",
    cloud: "#fff0ea",
    cloudShade: "#ebbdb9",
    tint: "#6a5a8a",
    tintAmt: 0.12,
    lamps: 0.25,
  },
  {
    name: "sunrise",
    top: "#8aa3da",
    mid: "#f3b3b8",
    low: "#ffdab3",
    sun: "#fff3d6",
    glow: "#ffc9a0",
    alt: 0.14,
    haze: "#efcacb",
    seaFar: "#a6c0da",
    seaNear: "#4a78a8",
    glint: "#ffe9cf",
    cloud: "#ffe9e7",
    cloudShade: "#e0aabb",
    tint: "#6a5a8a",
    tintAmt: 0.15,
    lamps: 0.3,
  },
  {
    name: "midday",
    top: "#2b7bd0",
    mid: "#6db4ea",
    low: "#d6eefb",
    sun: "#ffffff",
    glow: "#fff8dc",
    alt: 0.8,
    haze: "#c6e2f3",
    seaFar: "#2fb0cc",
    seaNear: "#0b6992",
    glint: "#ffffff",
    cloud: "#ffffff",
    cloudShade: "#d5e6f4",
    tint: "#1b3a5a",
    tintAmt: 0,
    lamps: 0,
  },
  {
    name: "midday",
    top: "#1d86d3",
    mid: "#5bbfee",
    low: "#d2f3fc",
    sun: "#ffffff",
    glow: "#fffbe6",
    alt: 0.72,
    haze: "#c4e8f5",
    seaFar: "#27bfd0",
    seaNear: "#08749a",
    glint: "#ffffff",
    cloud: "#ffffff",
    cloudShade: "#cfe5f3",
    tint: "#1b3a5a",
    tintAmt: 0.03,
    lamps: 0,
  },
  {
    name: "golden",
    top: "#4a74b3",
    mid: "#efb676",
    low: "#ffdc98",
    sun: "#fff2c2",
    glow: "#ffc56a",
    alt: 0.28,
    haze: "#f0cc9f",
    seaFar: "#6fa6bb",
    seaNear: "#235a7d",
    glint: "#ffe4a0",
    cloud: "#ffe7c6",
    cloudShade: "#eaa97e",
    tint: "#8a4a20",
    tintAmt: 0.12,
    lamps: 0.35,
  },
  {
    name: "golden",
    top: "#5a70aa",
    mid: "#f2a86e",
    low: "#ffd492",
    sun: "#fff0c0",
    glow: "#ffb865",
    alt: 0.2,
    haze: "#eec39a",
    seaFar: "#7198b6",
    seaNear: "#2a4f78",
    glint: "#ffdc98",
    cloud: "#ffe0c0",
    cloudShade: "#e29b7e",
    tint: "#7a3a2a",
    tintAmt: 0.15,
    lamps: 0.45,
  },
  {
    name: "dusk",
    top: "#222b62",
    mid: "#8b5b9c",
    low: "#f7a47f",
    sun: "#ffd9ab",
    glow: "#ff9c78",
    alt: 0.045,
    haze: "#b98ca6",
    seaFar: "#6d6aa0",
    seaNear: "#262c5a",
    glint: "#ffc79b",
    cloud: "#f2aaa2",
    cloudShade: "#7d5b91",
    tint: "#2a2456",
    tintAmt: 0.36,
    lamps: 0.8,
  },
  {
    name: "dusk",
    top: "#19264f",
    mid: "#5b5d9e",
    low: "#f2a779",
    sun: "#ffdcae",
    glow: "#ffa070",
    alt: 0.03,
    haze: "#a88aa8",
    seaFar: "#5f6c9e",
    seaNear: "#1f2a55",
    glint: "#ffcf9c",
    cloud: "#e9a59c",
    cloudShade: "#5c5689",
    tint: "#1f2450",
    tintAmt: 0.4,
    lamps: 0.85,
  },
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

/** murmur3's finaliser: spreads nearby seeds (1, 2, 3…) across the whole range. */
function fmix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
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

function rgb(hex: string): V3 {
  const v = parseInt(hex.slice(1), 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}

function mix(a: string, b: string, t: number): string {
  const x = rgb(a);
  const y = rgb(b);
  let s = "#";
  for (const i of [0, 1, 2] as const) {
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

/** The list's item at index, or a clear error when there is none. */
function item<T>(list: readonly T[], index: number): T {
  const value = list[index];
  if (value === undefined) {
    throw new Error(`No item at index ${index} of a list of ${list.length}`);
  }
  return value;
}

function pick<T>(c: Ctx, list: readonly T[]): T {
  return item(list, Math.floor(c.rnd() * list.length) % list.length);
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
    .map(
      ([o, col, op]) =>
        `<stop offset="${f(o * 100)}%" stop-color="${col}"${op === undefined ? "" : ` stop-opacity="${Math.round(op * 100) / 100}"`}/>`,
    )
    .join("");
}

/** A linear gradient (bounding-box units, top to bottom unless told). */
function lin(c: Ctx, list: Stop[], x1 = 0, y1 = 0, x2 = 0, y2 = 1): string {
  const id = uid(c);
  c.defs.push(
    `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${stops(list)}</linearGradient>`,
  );
  return `url(#${id})`;
}

/** A linear gradient in user space. */
function linU(c: Ctx, list: Stop[], x1: number, y1: number, x2: number, y2: number): string {
  const id = uid(c);
  c.defs.push(
    `<linearGradient id="${id}" gradientUnits="userSpaceOnUse" x1="${f(x1)}" y1="${f(y1)}" x2="${f(x2)}" y2="${f(y2)}">${stops(list)}</linearGradient>`,
  );
  return `url(#${id})`;
}

function rad(c: Ctx, list: Stop[], cx: number, cy: number, r: number): string {
  const id = uid(c);
  c.defs.push(
    `<radialGradient id="${id}" gradientUnits="userSpaceOnUse" cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}">${stops(list)}</radialGradient>`,
  );
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
  const first = item(list, 0);
  let d = `M${f(first[0])},${f(first[1])}`;
  for (let i = 0; i < list.length - 1; i++) {
    const p1 = item(list, i);
    const p0 = list[i - 1] ?? p1;
    const p2 = item(list, i + 1);
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
    const next: V2[] = [item(list, 0)];
    for (let i = 1; i < list.length; i++) {
      const a = item(list, i - 1);
      const b = item(list, i);
      const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
      next.push(
        [
          (a[0] + b[0]) / 2 + (c.rnd() - 0.5) * len * r * 0.3,
          (a[1] + b[1]) / 2 + (c.rnd() - 0.5) * len * r,
        ],
        b,
      );
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
  for (const fc of faces)
    for (const p of fc.pts) {
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

function boxFaces(
  x0: number,
  x1: number,
  y0: number,
  y1: number,
  z0: number,
  z1: number,
  top: string,
  front: string,
  side: string,
  bottom = side,
): Face[] {
  return [
    {
      pts: [
        [x0, y0, z0],
        [x1, y0, z0],
        [x1, y1, z0],
        [x0, y1, z0],
      ],
      fill: front,
    },
    {
      pts: [
        [x0, y0, z1],
        [x1, y0, z1],
        [x1, y1, z1],
        [x0, y1, z1],
      ],
      fill: front,
    },
    {
      pts: [
        [x0, y1, z0],
        [x1, y1, z0],
        [x1, y1, z1],
        [x0, y1, z1],
      ],
      fill: top,
    },
    {
      pts: [
        [x0, y0, z0],
        [x1, y0, z0],
        [x1, y0, z1],
        [x0, y0, z1],
      ],
      fill: bottom,
    },
    {
      pts: [
        [x0, y0, z0],
        [x0, y1, z0],
        [x0, y1, z1],
        [x0, y0, z1],
      ],
      fill: side,
    },
    {
      pts: [
        [x1, y0, z0],
        [x1, y1, z0],
        [x1, y1, z1],
        [x1, y0, z1],
      ],
      fill: side,
    },
  ];
}

function box(
  c: Ctx,
  cam: Cam,
  x0: number,
  x1: number,
  y0: number,
  y1: number,
  z0: number,
  z1: number,
  top: string,
  front: string,
  side: string,
): void {
  solid(c, cam, boxFaces(x0, x1, y0, y1, z0, z1, top, front, side));
}

/** A hipped roof over the box x0..x1 × z0..z1 whose eaves sit at height y. */
function hipRoof(
  c: Ctx,
  cam: Cam,
  x0: number,
  x1: number,
  y: number,
  z0: number,
  z1: number,
  o: number,
  rh: number,
  front: string,
  side: string,
  under: string,
): void {
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
    faces.push(
      { pts: [a, b, r2, r1], fill: front },
      { pts: [cc, d, r1, r2], fill: front },
      { pts: [d, a, r1], fill: side },
      { pts: [b, cc, r2], fill: side },
    );
  } else {
    const hw = (x1 - x0) / 2 + o;
    const r1: V3 = [xm, y + rh, z0 - o + hw];
    const r2: V3 = [xm, y + rh, z1 + o - hw];
    faces.push(
      { pts: [a, b, r1], fill: front },
      { pts: [cc, d, r2], fill: front },
      { pts: [d, a, r1, r2], fill: side },
      { pts: [b, cc, r2, r1], fill: side },
    );
  }
  solid(c, cam, faces);
}

/** A gabled roof whose ridge runs front to back (gable end towards the camera). */
function gableRoof(
  c: Ctx,
  cam: Cam,
  x0: number,
  x1: number,
  y: number,
  z0: number,
  z1: number,
  o: number,
  rh: number,
  slope: string,
  gable: string,
  under: string,
): void {
  const xm = (x0 + x1) / 2;
  const zf = z0 - o;
  const zb = z1 + o;
  solid(c, cam, [
    {
      pts: [
        [x0 - o, y, zf],
        [x1 + o, y, zf],
        [x1 + o, y, zb],
        [x0 - o, y, zb],
      ],
      fill: under,
    },
    {
      pts: [
        [x0 - o, y, zf],
        [xm, y + rh, zf],
        [xm, y + rh, zb],
        [x0 - o, y, zb],
      ],
      fill: slope,
    },
    {
      pts: [
        [x1 + o, y, zf],
        [xm, y + rh, zf],
        [xm, y + rh, zb],
        [x1 + o, y, zb],
      ],
      fill: slope,
    },
    {
      pts: [
        [x0 - o, y, zf],
        [x1 + o, y, zf],
        [xm, y + rh, zf],
      ],
      fill: gable,
    },
    {
      pts: [
        [x0 - o, y, zb],
        [x1 + o, y, zb],
        [xm, y + rh, zb],
      ],
      fill: gable,
    },
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
  const h = w * range(c, 0.1, 0.13);
  const n = 3 + Math.floor(c.rnd() * 3);
  const puffs: Array<[number, number]> = [];
  for (let i = 0; i < n; i++) {
    const t = (i + 0.5) / n;
    const big = Math.sin(Math.PI * t);
    const r = h * (0.6 + 1.0 * big) * range(c, 0.8, 1.15);
    puffs.push([cx - w / 2 + w * (0.12 + 0.76 * t) + (c.rnd() - 0.5) * w * 0.06, r]);
  }
  const shape = (dx: number, dy: number): string => {
    let d = `M${f(cx - w / 2 + h / 2 + dx)},${f(cy + dy)}a${f(h / 2)},${f(h / 2)} 0 0 1 0,${f(-h)}H${f(cx + w / 2 - h / 2 + dx)}a${f(h / 2)},${f(h / 2)} 0 0 1 0,${f(h)}Z`;
    for (const [px, r] of puffs)
      d += `M${f(px - r + dx)},${f(cy - r + dy)}a${f(r)},${f(r)} 0 1 1 ${f(2 * r)},0a${f(r)},${f(r)} 0 1 1 ${f(-2 * r)},0`;
    return d;
  };
  c.out.push(
    `<g opacity="${op}"><path d="${shape(w * 0.025, h * 0.28)}" fill="${c.sky.cloudShade}"/><path d="${shape(0, 0)}" fill="${c.sky.cloud}"/></g>`,
  );
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
  c.out.push(
    `<path d="${d}" stroke="${c.sky.cloud}" stroke-opacity=".55" stroke-width="${f(c.H * 0.009)}" stroke-linecap="round"/>`,
  );
}

function drawSky(
  c: Ctx,
  hy: number,
  o: { sunX?: number; clouds?: number; xr?: V2; sunScale?: number } = {},
): Sun {
  const { W, H, sky } = c;
  const xr = o.xr ?? [0, W];
  const span = xr[1] - xr[0];
  c.out.push(
    `<rect width="${W}" height="${f(hy)}" fill="${lin(c, [
      [0, sky.top],
      [0.62, sky.mid],
      [1, sky.low],
    ])}"/><rect y="${f(hy - 1)}" width="${W}" height="${f(H * 0.25)}" fill="${sky.low}"/>`,
  );
  if (sky.name === "dusk") {
    let d = "";
    for (let i = 0; i < 40; i++) {
      const x = xr[0] + c.rnd() * span;
      const y = Math.pow(c.rnd(), 1.6) * hy * 0.55;
      d += `M${f(x)},${f(y)}h.1`;
    }
    c.out.push(
      `<path d="${d}" stroke="#fff" stroke-opacity=".75" stroke-width="${f(Math.max(1.5, c.W * 0.0017))}" stroke-linecap="round"/>`,
    );
  }
  const sx = o.sunX ?? xr[0] + span * range(c, 0.18, 0.82);
  const sy = hy - hy * 0.88 * sky.alt;
  const sr = Math.min(W, H) * 0.05 * (o.sunScale ?? 1) * (sky.name === "midday" ? 0.8 : 1);
  c.out.push(
    `<circle cx="${f(sx)}" cy="${f(sy)}" r="${f(W * 0.55)}" fill="${rad(
      c,
      [
        [0, sky.glow, 0.75],
        [0.25, sky.glow, 0.28],
        [1, sky.glow, 0],
      ],
      sx,
      sy,
      W * 0.55,
    )}"/>`,
  );
  c.out.push(
    `<circle cx="${f(sx)}" cy="${f(sy)}" r="${f(sr * 1.7)}" fill="${sky.sun}" opacity=".22"/><circle cx="${f(sx)}" cy="${f(sy)}" r="${f(sr)}" fill="${sky.sun}"/>`,
  );
  if (sky.name === "dusk") {
    const mx =
      sx < xr[0] + span / 2
        ? xr[0] + span * range(c, 0.7, 0.88)
        : xr[0] + span * range(c, 0.12, 0.3);
    const my = hy * range(c, 0.16, 0.3);
    const r = Math.min(W, H) * 0.022;
    c.out.push(
      `<path d="M${f(mx)},${f(my - r)}A${f(r)},${f(r)} 0 1 1 ${f(mx)},${f(my + r)}A${f(r * 1.3)},${f(r * 1.3)} 0 0 0 ${f(mx)},${f(my - r)}Z" fill="#fff4de" transform="rotate(-25 ${f(mx)} ${f(my)})"/>`,
    );
  }
  if (sky.name !== "midday") streaks(c, hy, xr);
  const count = o.clouds ?? 3;
  for (let i = 0; i < count; i++) {
    const w = Math.min(W * range(c, 0.12, 0.2), span * 0.5);
    const x = xr[0] + span * ((i + 0.2 + c.rnd() * 0.6) / count);
    const y = hy * range(c, 0.2, 0.62);
    if (Math.abs(x - sx) < w * 0.7 && Math.abs(y - sy) < sr * 2.5) continue;
    cloud(c, x, y, w, sky.name === "midday" ? 0.96 : 0.9);
  }
  return { x: sx, y: sy, r: sr };
}

function drawSea(
  c: Ctx,
  hy: number,
  y2: number,
  sun: Sun,
  o: { far?: string; near?: string; xr?: V2; waves?: number; glint?: boolean } = {},
): void {
  const { sky } = c;
  const xr = o.xr ?? [0, c.W];
  const span = xr[1] - xr[0];
  const far = o.far ?? sky.seaFar;
  const near = o.near ?? sky.seaNear;
  c.out.push(
    `<rect x="${f(xr[0])}" y="${f(hy)}" width="${f(span)}" height="${f(y2 - hy)}" fill="${lin(c, [
      [0, mix(far, sky.haze, 0.45)],
      [0.12, far],
      [1, near],
    ])}"/>`,
  );
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
    if (d)
      c.out.push(
        `<path d="${d}" stroke="#fff" stroke-opacity="${[0.28, 0.22, 0.18][i]}" stroke-width="${f(sw * (1 + i * 0.9))}" stroke-linecap="round"/>`,
      );
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
  c.out.push(
    `<path d="${d}" stroke="${sky.glint}" stroke-opacity="${sky.name === "midday" ? 0.55 : 0.75}" stroke-width="${f(c.H * 0.004)}" stroke-linecap="round"/>`,
  );
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
  return {
    trunk: tn(c, "#9a7552", k),
    ring: tn(c, "#6f5239", k),
    leaf: tn(c, g, k),
    dark: tn(c, light(g, -0.3), k),
  };
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
    if (i > 0 && i < n)
      rings += `M${f1(bx + nx * w)},${f1(by + ny * w)}L${f1(bx - nx * w)},${f1(by - ny * w - 0.7)}`;
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
  c.out.push(
    `<use href="#${id}" transform="translate(${f(x)},${f(y)}) scale(${mirror ? -s : s},${s})"/>`,
  );
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
  c.out.push(
    `<g fill="${col}">${list.map(([x, y, h]) => `<use href="#${id}" transform="translate(${f(x)},${f(y)}) scale(${Math.round((h / 100) * 1000) / 1000})"/>`).join("")}</g>`,
  );
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
  for (let i = n - 1; i >= 0; i--)
    d += `A${f(w / n / 2)},${f(h * 0.05)} 0 0 1 ${f(x - w / 2 + (i * w) / n)},${f(cy)}`;
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
  c.out.push(
    `<path d="${d}" fill="none" stroke="${col}" stroke-width="${f(Math.max(1.5, s * 0.22))}" stroke-linecap="round" stroke-linejoin="round" opacity=".7"/>`,
  );
}

function sailboat(c: Ctx, x: number, y: number, s: number): void {
  const hull = tn(c, "#ffffff", 1.2);
  c.out.push(
    `<path d="M${f(x - s * 0.6)},${f(y - s * 0.12)}H${f(x + s * 0.6)}L${f(x + s * 0.42)},${f(y)}H${f(x - s * 0.45)}Z" fill="${tn(c, "#33465e")}"/>` +
      `<path d="M${f(x)},${f(y - s * 0.16)}V${f(y - s * 1.35)}L${f(x + s * 0.55)},${f(y - s * 0.2)}Z" fill="${hull}"/><path d="M${f(x - s * 0.05)},${f(y - s * 0.2)}V${f(y - s * 1.1)}L${f(x - s * 0.5)},${f(y - s * 0.2)}Z" fill="${mix(hull, c.sky.haze, 0.35)}"/>`,
  );
}

/** Windows as a pattern tile placed in user space; returns the fill reference. */
function windowPattern(
  c: Ctx,
  x: number,
  y: number,
  cw: number,
  ch: number,
  glass: string,
  frame: string | null,
  lit: string | null,
  litShare: number,
  cols = 1,
  rows = 1,
  glassOp = 1,
): string {
  const id = uid(c);
  let dg = "";
  let dl = "";
  for (let i = 0; i < cols; i++) {
    for (let j = 0; j < rows; j++) {
      const r = `M${f1(i * cw + cw * 0.22)},${f1(j * ch + ch * 0.2)}h${f1(cw * 0.56)}v${f1(ch * 0.6)}h${f1(-cw * 0.56)}z`;
      if (lit !== null && c.rnd() < litShare) dl += r;
      else dg += r;
    }
  }
  let inner = `<path d="${dg}" fill="${glass}"${glassOp < 1 ? ` fill-opacity="${glassOp}"` : ""}/>`;
  if (dl) inner += `<path d="${dl}" fill="${lit}"/>`;
  if (frame)
    inner += `<rect y="${f1(ch * 0.8)}" width="${f1(cw * cols)}" height="${f1(ch * 0.07)}" fill="${frame}"/>`;
  c.defs.push(
    `<pattern id="${id}" patternUnits="userSpaceOnUse" x="${f1(x)}" y="${f1(y)}" width="${f1(cw * cols)}" height="${f1(ch * rows)}">${inner}</pattern>`,
  );
  return `url(#${id})`;
}

/** A compact wavy line through evenly spaced points (alternating quadratic arcs). */
function waveLine(list: V2[], amp: number): string {
  if (list.length < 2) return "";
  const a = item(list, 0);
  const b = item(list, 1);
  let d = `M${f(a[0])},${f(a[1])}Q${f((a[0] + b[0]) / 2)},${f((a[1] + b[1]) / 2 - amp)} ${f(b[0])},${f(b[1])}`;
  for (const p of list.slice(2)) d += `T${f(p[0])},${f(p[1])}`;
  return d;
}

/** The y of a polyline at x (for standing things on a rolling line). */
function yAt(line: V2[], x: number): number {
  for (let i = 1; i < line.length; i++) {
    const [x1, y1] = item(line, i);
    if (x1 >= x) {
      const [x0, y0] = item(line, i - 1);
      return y0 + ((y1 - y0) * (x - x0)) / (x1 - x0 || 1);
    }
  }
  return item(line, line.length - 1)[1];
}

/* ------------------------------------------------------------------ scenes */

function sceneBeach(c: Ctx): void {
  const { W, H, sky } = c;
  const hy = H * range(c, 0.42, 0.48);
  const sun = drawSky(c, hy, { clouds: 2 + Math.floor(c.rnd() * 2), xr: [W * 0.25, W] });
  // A green headland on the far right with a low white resort.
  const hx = W * range(c, 0.58, 0.68);
  const far = tn(c, mix("#4f8a62", sky.haze, 0.5));
  fill(
    c,
    smooth([
      [hx - W * 0.12, hy + 1],
      [hx + W * 0.05, hy - H * 0.05],
      [hx + W * 0.2, hy - H * 0.11],
      [W + 30, hy - H * 0.08],
    ]) + `L${W + 30},${f(hy + 1)}Z`,
    mix(far, sky.haze, 0.4),
  );
  const front: V2[] = [
    [hx, hy + 1],
    [hx + W * 0.12, hy - H * 0.045],
    [hx + W * 0.26, hy - H * 0.06],
    [W + 30, hy - H * 0.03],
  ];
  fill(c, smooth(front) + `L${W + 30},${f(hy + 1)}Z`, far);
  const bw = W * 0.022;
  const wall = tn(c, mix("#fbf7ee", sky.haze, 0.25));
  let rows = "";
  for (let i = 0; i < 5; i++) {
    const x = hx + W * 0.09 + i * bw * 1.25;
    const hh = H * (0.03 + 0.012 * Math.sin(i * 1.9 + 1));
    const top = hy - hh - H * 0.012;
    c.out.push(
      `<rect x="${f(x)}" y="${f(top)}" width="${f(bw)}" height="${f(hy - top)}" fill="${wall}"/>`,
    );
    for (let y = top + H * 0.008; y < hy - H * 0.006; y += H * 0.009)
      rows += `M${f(x + bw * 0.12)},${f(y)}h${f(bw * 0.76)}`;
  }
  c.out.push(
    `<path d="${rows}" stroke="${tn(c, "#56738a")}" stroke-width="${f(H * 0.003)}" opacity=".7"/>`,
  );
  fill(
    c,
    smooth(front.map(([x, y]) => [x, y + H * 0.018] as V2)) + `L${W + 30},${f(hy + 1)}Z`,
    light(far, -0.08),
  );
  drawSea(c, hy, H, sun);
  if (c.rnd() < 0.75) sailboat(c, W * range(c, 0.3, 0.5), hy + H * range(c, 0.03, 0.06), H * 0.04);
  // Shoreline with wet sand and foam.
  const y0 = H * range(c, 0.58, 0.63);
  const shore: V2[] = [
    [-20, y0],
    [W * 0.35, y0 + H * 0.06],
    [W * 0.7, H * 0.745],
    [W + 20, H * range(c, 0.8, 0.86)],
  ];
  const lift = (dy: number): V2[] => shore.map(([x, y]) => [x, y - dy]);
  const sand = tn(c, sky.name === "dusk" ? "#e8c7a0" : "#f3dfb9");
  const low = `L${W + 20},${H + 20}L-20,${H + 20}Z`;
  fill(c, smooth(lift(H * 0.03)) + low, mix(sky.seaFar, "#d7f3f0", 0.55), ` opacity=".5"`);
  fill(c, smooth(lift(H * 0.013)) + low, tn(c, "#d2b58e"));
  c.out.push(
    `<path d="${smooth(lift(H * 0.015))}" fill="none" stroke="#fff" stroke-opacity=".85" stroke-width="${f(H * 0.004)}" stroke-linecap="round"/>`,
  );
  c.out.push(
    `<path d="${smooth(lift(H * 0.034))}" fill="none" stroke="#fff" stroke-opacity=".45" stroke-width="${f(H * 0.003)}" stroke-dasharray="${f(W * 0.05)} ${f(W * 0.035)}"/>`,
  );
  fill(
    c,
    smooth(shore) + low,
    lin(c, [
      [0, light(sand, 0.06)],
      [1, light(sand, -0.08)],
    ]),
  );
  let rip = "";
  for (let i = 0; i < 9; i++) {
    const x = range(c, 0, W * 0.9);
    const y = Math.max(yAt(shore, x) + H * 0.04, range(c, H * 0.7, H * 0.98));
    const w = W * range(c, 0.03, 0.07);
    rip += `M${f(x)},${f(y)}q${f(w / 2)},${f(-H * 0.007)} ${f(w)},0`;
  }
  c.out.push(
    `<path d="${rip}" fill="none" stroke="${light(sand, -0.12)}" stroke-width="${f(H * 0.003)}" stroke-linecap="round" opacity=".5"/>`,
  );
  // Loungers under a parasol.
  const ux = W * range(c, 0.64, 0.74);
  const uy = H * 0.86;
  const umb = tn(c, pick(c, ["#e4573d", "#f4f1ea", "#2d7fa6", "#e8b04a", "#2f8f83"]));
  const frame = tn(c, "#7d6a55");
  lounger(c, ux - H * 0.1, uy, H * 0.13, tn(c, "#ffffff"), frame);
  lounger(c, ux + H * 0.08, uy + H * 0.012, H * 0.13, tn(c, "#ffffff"), frame);
  parasol(c, ux + H * 0.04, uy + H * 0.006, H * 0.21, umb, frame);
  c.out.push(
    `<ellipse cx="${f(ux + H * 0.04)}" cy="${f(uy + H * 0.012)}" rx="${f(H * 0.12)}" ry="${f(H * 0.01)}" fill="#6b5030" opacity=".12"/>`,
  );
  // Palms leaning over the sand from the left.
  const pc = palmColors(c);
  const p1 = palmDef(c, range(c, 0.45, 0.65), pc);
  const p2 = palmDef(c, range(c, 0.2, 0.35), pc);
  palm(c, p1, W * range(c, 0.03, 0.07), H * 0.97, H * range(c, 0.62, 0.72));
  palm(c, p2, W * range(c, 0.13, 0.17), H * 0.94, H * range(c, 0.46, 0.56));
  if (c.rnd() < 0.5) palm(c, p2, W * range(c, 0.21, 0.25), H * 0.9, H * 0.36, true);
  if (sky.name !== "dusk")
    birds(c, W * range(c, 0.35, 0.6), hy * range(c, 0.3, 0.5), H * 0.01, tn(c, "#34425a"));
}

function sceneTropical(c: Ctx): void {
  const { W, H, sky } = c;
  const hy = H * range(c, 0.5, 0.54);
  const sun = drawSky(c, hy, { clouds: 2 + Math.floor(c.rnd() * 2) });
  // Volcanic island peaks.
  const px = W * range(c, 0.25, 0.4);
  const far = tn(c, mix("#2f7a55", sky.haze, 0.3));
  mountainRange(
    c,
    hy + 2,
    [
      [px - W * 0.12, hy - H * 0.14],
      [px, hy - H * range(c, 0.27, 0.32)],
      [px + W * 0.12, hy - H * 0.22],
      [px + W * 0.3, hy - H * 0.09],
    ],
    far,
    null,
    sun.x,
    0.5,
    0.25,
  );
  fill(
    c,
    smooth(rolling(c, hy - H * 0.005, H * 0.035, 10, px - W * 0.45, px + W * 0.55)) +
      `L${f(px + W * 0.55)},${f(hy + 2)}L${f(px - W * 0.45)},${f(hy + 2)}Z`,
    light(far, -0.12),
  );
  // Lagoon: deep blue far, shallow turquoise near.
  const warm = sky.name === "golden" || sky.name === "sunrise";
  drawSea(c, hy, H, sun, {
    far: warm ? mix("#2e8fb0", sky.seaFar, 0.5) : "#1c8fbf",
    near: warm ? mix("#63d3cf", sky.glow, 0.2) : "#58d6d2",
  });
  // Over-water bungalows along a boardwalk.
  const cam: Cam = { cx: W * 0.5, cy: hy, f: W * 0.62, ey: 3.2 };
  const side = c.rnd() < 0.5 ? 1 : -1;
  const walkX = side * range(c, 1.5, 3);
  const wood = tn(c, "#8b6a4c");
  const thatch = tn(c, "#c9a260");
  const wall = tn(c, "#efe4cf");
  const deck = [light(wood, 0.15), wood, light(wood, -0.15)] as const;
  const w0 = Math.min(walkX, walkX + side * 1.4);
  const w1 = Math.max(walkX, walkX + side * 1.4);
  for (let z = 10; z < 70; z += 4) {
    let posts = "";
    for (const x of [w0 + 0.1, w1 - 0.1]) {
      const a = pr(cam, x, 0, z);
      const b = pr(cam, x, 1.3, z);
      posts += `M${f(a[0])},${f(a[1])}L${f(b[0])},${f(b[1])}`;
    }
    c.out.push(
      `<path d="${posts}" stroke="${light(wood, -0.35)}" stroke-width="${f((cam.f * 0.14) / z)}"/>`,
    );
  }
  box(c, cam, w0, w1, 1.3, 1.5, 9, 72, deck[0], deck[1], deck[2]);
  const units: number[] = [];
  for (let z = 66; z >= 15; z -= range(c, 7, 9)) units.push(z);
  for (const z of units) {
    const bx0 = walkX + side * 3.4;
    const bx1 = bx0 + side * 5.5;
    const x0 = Math.min(bx0, bx1);
    const x1 = Math.max(bx0, bx1);
    let st = "";
    for (const sx of [x0 + 0.3, (x0 + x1) / 2, x1 - 0.3])
      for (const sz of [z + 0.3, z + 4.7]) {
        const a = pr(cam, sx, -0.1, sz);
        const b = pr(cam, sx, 1.4, sz);
        st += `M${f(a[0])},${f(a[1])}L${f(b[0])},${f(b[1])}`;
      }
    c.out.push(
      `<path d="${st}" stroke="${light(wood, -0.35)}" stroke-width="${f((cam.f * 0.18) / z)}"/>`,
    );
    box(
      c,
      cam,
      Math.min(walkX + side * 1.4, bx0),
      Math.max(walkX + side * 1.4, bx0),
      1.3,
      1.5,
      z + 1.8,
      z + 3.2,
      deck[0],
      deck[1],
      deck[2],
    );
    box(c, cam, x0, x1, 1.3, 1.6, z, z + 5, deck[0], deck[1], deck[2]);
    box(
      c,
      cam,
      x0 + 0.7,
      x1 - 0.7,
      1.6,
      3.6,
      z + 0.6,
      z + 4.4,
      wall,
      light(wall, -0.04),
      light(wall, -0.18),
    );
    const win = pr(cam, (x0 + x1) / 2 - 1.2, 3.1, z + 0.6);
    const win2 = pr(cam, (x0 + x1) / 2 + 1.2, 1.75, z + 0.6);
    c.out.push(
      `<rect x="${f(win[0])}" y="${f(win[1])}" width="${f(win2[0] - win[0])}" height="${f(win2[1] - win[1])}" fill="${sky.lamps > 0.3 ? "#ffd48a" : tn(c, "#40606c")}"/>`,
    );
    hipRoof(
      c,
      cam,
      x0 + 0.7,
      x1 - 0.7,
      3.6,
      z + 0.6,
      z + 4.4,
      0.8,
      2.5,
      thatch,
      light(thatch, -0.16),
      light(thatch, -0.4),
    );
  }
  // Sandy spit with palms in the foreground.
  const sand = tn(c, "#f3dfb6");
  const spit: V2[] = [
    [-20, H * 0.72],
    [W * 0.16, H * 0.77],
    [W * 0.32, H * 0.88],
    [W * 0.44, H + 20],
  ];
  fill(
    c,
    smooth(spit.map(([x, y]) => [x + W * 0.02, y - H * 0.02] as V2)) + `L-20,${H + 20}Z`,
    mix(sky.seaNear, "#c9f5ee", 0.65),
    ` opacity=".7"`,
  );
  fill(
    c,
    smooth(spit) + `L-20,${H + 20}Z`,
    lin(c, [
      [0, sand],
      [1, light(sand, -0.1)],
    ]),
  );
  const pc = palmColors(c);
  const p1 = palmDef(c, range(c, 0.5, 0.7), pc);
  const p2 = palmDef(c, range(c, 0.25, 0.4), pc);
  palm(c, p1, W * 0.07, H * 0.97, H * range(c, 0.6, 0.68));
  palm(c, p2, W * 0.17, H * 0.95, H * range(c, 0.44, 0.52));
  if (c.rnd() < 0.5) palm(c, p2, W * 0.25, H * 0.93, H * 0.32, true);
}

function mountainRange(
  c: Ctx,
  base: number,
  peaks: V2[],
  col: string,
  snow: string | null,
  sunX: number,
  rough = 0.45,
  shadow = 0.2,
): void {
  const { W } = c;
  const keys: V2[] = [[-30, base - (base - item(peaks, 0)[1]) * 0.3]];
  for (const [i, peak] of peaks.entries()) {
    keys.push(peak);
    const next = peaks[i + 1];
    if (next) {
      const m = Math.max(peak[1], next[1]);
      keys.push([(peak[0] + next[0]) / 2, m + (base - m) * range(c, 0.25, 0.5)]);
    } else keys.push([W + 30, base - (base - peak[1]) * 0.3]);
  }
  const step = 16;
  const ridge = jagged(c, keys, rough, 4);
  const id = uid(c);
  c.defs.push(
    `<path id="${id}" d="${polyPath([...ridge, [W + 30, base + 2], [-30, base + 2]])}"/><clipPath id="${id}c"><use href="#${id}"/></clipPath>`,
  );
  c.out.push(`<use href="#${id}" fill="${col}"/><g clip-path="url(#${id}c)">`);
  let sh = "";
  let sn = "";
  peaks.forEach(([kx, ky], i) => {
    const hgt = base - ky;
    const side = sunX < kx ? 1 : -1;
    const pi = (1 + 2 * i) * step;
    const vi = (side > 0 ? 2 + 2 * i : 2 * i) * step;
    const sil = side > 0 ? ridge.slice(pi, vi + 1) : ridge.slice(vi, pi + 1).reverse();
    const v = item(ridge, vi);
    const inner = jagged(
      c,
      [
        [kx, ky],
        [kx + side * hgt * 0.1, ky + hgt * 0.4],
        [kx - side * hgt * 0.05, base + 4],
      ],
      0.3,
      3,
    );
    sh += polyPath([...sil, [v[0] + side * (base - v[1]) * 0.2, base + 4], ...inner.reverse()]);
    if (snow) {
      const sd = hgt * range(c, 0.2, 0.3);
      const zz: V2[] = [];
      const m = 12;
      for (let k = m; k >= 0; k--) {
        const t = k / m;
        zz.push([
          kx - hgt * 0.75 + hgt * 1.5 * t,
          ky + sd * (k % 2 ? range(c, 1.15, 1.6) : range(c, 0.75, 0.95)),
        ]);
      }
      sn += polyPath([
        [kx, ky - hgt * 0.5],
        [kx + hgt * 0.9, ky + sd * 1.2],
        ...zz,
        [kx - hgt * 0.9, ky + sd * 1.2],
      ]);
    }
  });
  if (snow) fill(c, sn, snow);
  fill(c, sh, "#1a2440", ` opacity="${shadow}"`);
  c.out.push(`</g>`);
}

function sceneMountain(c: Ctx): void {
  const { W, H, sky } = c;
  const hy = H * range(c, 0.6, 0.65);
  const sun = drawSky(c, hy, { clouds: 1 + Math.floor(c.rnd() * 2) });
  const haze = sky.haze;
  const rock = tn(c, pick(c, ["#6f7f9c", "#76809a", "#6a7a8e"]));
  const snow = tn(c, "#f5f8fc", 0.6);
  const p1x = W * range(c, 0.28, 0.45);
  mountainRange(
    c,
    hy,
    [
      [p1x - W * 0.28, hy - H * 0.3],
      [p1x, hy - H * range(c, 0.46, 0.52)],
      [p1x + W * 0.3, hy - H * 0.36],
      [p1x + W * 0.56, hy - H * 0.27],
    ],
    mix(rock, haze, 0.5),
    mix(snow, haze, 0.25),
    sun.x,
  );
  mountainRange(
    c,
    hy,
    [
      [p1x - W * 0.14, hy - H * 0.19],
      [p1x + W * 0.17, hy - H * 0.25],
      [p1x + W * 0.45, hy - H * 0.16],
    ],
    mix(light(rock, -0.1), haze, 0.22),
    snow,
    sun.x,
  );
  // Forested hills with pines along their crests.
  const pid = pineDef(c);
  const greens = ["#3e6b4f", "#2f5a41"].map((g) => tn(c, g, 1.4));
  for (const [layer, green] of greens.entries()) {
    const y = hy + H * (layer * 0.07 - 0.01);
    const col = mix(green, haze, item([0.42, 0.2], layer));
    const line = rolling(c, y, H * (0.05 + layer * 0.02), 12);
    fill(c, smooth(line) + `L${W + 20},${H + 20}L-20,${H + 20}Z`, col);
    const trees: Array<[number, number, number]> = [];
    const stepX = W * (0.011 + layer * 0.007);
    for (let x = -10; x < W + 10; x += stepX * range(c, 0.6, 1.3)) {
      if (c.rnd() < 0.2) continue;
      trees.push([
        x,
        yAt(line, x) + H * (0.008 + c.rnd() * 0.02),
        H * (0.04 + layer * 0.025) * range(c, 0.7, 1.3),
      ]);
    }
    pines(c, pid, trees, col);
  }
  // Meadow with an alpine chalet.
  const meadow = tn(c, "#86ad5e", 1.2);
  const mline = rolling(c, H * 0.83, H * 0.05, 8);
  fill(
    c,
    smooth(mline) + `L${W + 20},${H + 20}L-20,${H + 20}Z`,
    lin(c, [
      [0, meadow],
      [1, light(meadow, -0.28)],
    ]),
  );
  const chX = W * range(c, 0.6, 0.7);
  const gy = yAt(mline, chX) + H * 0.035;
  const z = 44;
  const fl = W * 1.0;
  const cam: Cam = { cx: W * 0.5, cy: hy, f: fl, ey: ((gy - hy) * z) / fl };
  const x0 = ((chX - W * 0.5) * z) / fl;
  const wood = tn(c, "#8a5a3a", 1.2);
  const stone = tn(c, "#9c968c", 1.2);
  const snowy = sky.name !== "midday" || c.rnd() < 0.5;
  box(c, cam, x0, x0 + 8, 0, 1, z, z + 8, stone, stone, light(stone, -0.2));
  box(c, cam, x0, x0 + 8, 1, 5, z, z + 8, wood, wood, light(wood, -0.2));
  const lit = sky.lamps > 0.3 ? "#ffcf73" : tn(c, "#34495a");
  const win = (wx: number, wy: number, ww: number, wh: number, col: string): void => {
    const a = pr(cam, wx, wy + wh, z);
    const b = pr(cam, wx + ww, wy, z);
    c.out.push(
      `<rect x="${f(a[0])}" y="${f(a[1])}" width="${f(b[0] - a[0])}" height="${f(b[1] - a[1])}" fill="${col}" stroke="${light(wood, 0.35)}" stroke-width="${f((fl * 0.08) / z)}"/>`,
    );
  };
  win(x0 + 0.8, 1.5, 1.8, 1.2, lit);
  win(x0 + 5.4, 1.5, 1.8, 1.2, lit);
  win(x0 + 3.3, 1.0, 1.4, 1.6, tn(c, "#5a3a26"));
  win(x0 + 1.2, 3.3, 1.4, 1.2, lit);
  win(x0 + 5.4, 3.3, 1.4, 1.2, lit);
  win(x0 + 3.2, 3.3, 1.6, 1.6, lit);
  // Balcony.
  box(
    c,
    cam,
    x0 - 0.2,
    x0 + 8.2,
    2.7,
    2.85,
    z - 1.2,
    z,
    light(wood, 0.1),
    light(wood, -0.1),
    light(wood, -0.3),
  );
  let rail = "";
  for (let x = x0 - 0.2; x <= x0 + 8.21; x += 0.5) {
    const a = pr(cam, x, 2.85, z - 1.2);
    const b = pr(cam, x, 3.7, z - 1.2);
    rail += `M${f(a[0])},${f(a[1])}V${f(b[1])}`;
  }
  const ra = pr(cam, x0 - 0.2, 3.7, z - 1.2);
  const rb = pr(cam, x0 + 8.2, 3.7, z - 1.2);
  rail += `M${f(ra[0])},${f(ra[1])}H${f(rb[0])}`;
  c.out.push(
    `<path d="${rail}" stroke="${light(wood, -0.25)}" stroke-width="${f((fl * 0.09) / z)}"/>`,
  );
  box(c, cam, x0 + 5.6, x0 + 6.5, 5, 8.6, z + 3, z + 3.9, stone, stone, light(stone, -0.2));
  gableRoof(
    c,
    cam,
    x0,
    x0 + 8,
    5,
    z,
    z + 8,
    0.9,
    3.6,
    snowy ? tn(c, "#eef3f8") : tn(c, "#5b4a44"),
    light(wood, 0.1),
    light(wood, -0.45),
  );
  // Foreground pines.
  const near = tn(c, "#24452f", 1.4);
  pines(
    c,
    pid,
    [
      [chX - W * 0.07, gy - H * 0.005, H * 0.15],
      [chX - W * 0.045, gy + H * 0.01, H * 0.11],
      [chX + W * 0.21, gy - H * 0.01, H * 0.17],
    ],
    mix(near, haze, 0.15),
  );
  pines(
    c,
    pid,
    [
      [W * range(c, 0.9, 0.93), H * 1.02, H * 0.36],
      [W * range(c, 0.96, 0.99), H * 1.04, H * 0.46],
    ],
    near,
  );
}

function sceneDesert(c: Ctx): void {
  const { W, H, sky } = c;
  const hy = H * range(c, 0.58, 0.63);
  const sun = drawSky(c, hy, { clouds: 1 + Math.floor(c.rnd() * 2) });
  const haze = sky.haze;
  const rockBase = tn(c, pick(c, ["#c7714a", "#b9654a", "#c98052"]), 0.7);
  // Mesas and buttes in two hazy layers.
  for (let layer = 0; layer < 2; layer++) {
    const col = mix(rockBase, haze, layer === 0 ? 0.55 : 0.18);
    const n = layer === 0 ? 3 : 2;
    for (let i = 0; i < n; i++) {
      const cx = W * ((i + 0.25 + c.rnd() * 0.5) / n);
      const w = W * (layer === 0 ? range(c, 0.16, 0.28) : range(c, 0.12, 0.2));
      const h = H * (layer === 0 ? range(c, 0.1, 0.15) : range(c, 0.14, 0.21));
      const top = hy - h;
      const tw = w * range(c, 0.55, 0.75);
      const shape: V2[] = jagged(
        c,
        [
          [cx - w / 2 - w * 0.18, hy + 2],
          [cx - w / 2, hy - h * 0.25],
          [cx - tw / 2, top + h * 0.05],
          [cx - tw / 2 + w * 0.02, top],
          [cx + tw / 2, top],
          [cx + tw / 2 + w * 0.01, top + h * 0.08],
          [cx + w / 2, hy - h * 0.3],
          [cx + w / 2 + w * 0.2, hy + 2],
        ],
        0.12,
        2,
      );
      const id = uid(c);
      c.defs.push(`<clipPath id="${id}"><path d="${polyPath(shape)}"/></clipPath>`);
      fill(c, polyPath(shape), col);
      let bands = "";
      for (let b = 1; b < 5; b++)
        bands += `M${f(cx - w)},${f(top + h * (0.1 + b * 0.13))}h${f(w * 2)}`;
      const s = sun.x < cx ? 1 : -1;
      c.out.push(
        `<g clip-path="url(#${id})"><path d="${bands}" stroke="${light(col, -0.08)}" stroke-width="${f(h * 0.04)}"/><path d="${polyPath(
          [
            [cx + (s * tw) / 2 - s * w * 0.06, top - 2],
            [cx + s * w * 0.7, top - 2],
            [cx + s * w * 0.7, hy + 2],
            [cx + (s * w) / 2 - s * w * 0.1, hy + 2],
          ],
        )}" fill="#4a2020" opacity=".2"/><rect x="${f(cx - w)}" y="${f(top - 1)}" width="${f(w * 2)}" height="${f(h * 0.05)}" fill="${light(col, 0.15)}"/></g>`,
      );
    }
  }
  // Desert floor with soft dunes.
  const sand = tn(c, "#e9bd8e", 0.7);
  c.out.push(
    `<rect y="${f(hy)}" width="${W}" height="${f(H - hy)}" fill="${lin(c, [
      [0, mix(sand, haze, 0.4)],
      [0.4, sand],
      [1, light(sand, -0.1)],
    ])}"/>`,
  );
  for (let i = 0; i < 3; i++) {
    const line = rolling(c, hy + H * (0.05 + i * 0.1), H * 0.035, 6);
    fill(
      c,
      smooth(line) + `L${W + 20},${H + 20}L-20,${H + 20}Z`,
      light(sand, -0.025 - i * 0.025),
      ` opacity=".6"`,
    );
  }
  // Adobe resort with a pool.
  const cam: Cam = { cx: W * 0.5, cy: hy, f: W * 0.75, ey: 2.4 };
  const adobe = tn(c, pick(c, ["#e4b38a", "#dca57d", "#e8bf98"]), 0.8);
  const ax = range(c, -7, -2);
  const lit = sky.lamps > 0.3 ? "#ffc766" : tn(c, "#5a3a2a");
  const dark = tn(c, "#6b4532");
  const blocks: Array<[number, number, number, number]> = [
    [ax - 9, ax - 3, 3.4, 34],
    [ax - 3.2, ax + 4, 6.2, 32],
    [ax + 4, ax + 11, 3.4, 35],
  ];
  blocks.sort((p, q) => q[3] - p[3]);
  for (const [x0, x1, h, z] of blocks) {
    box(c, cam, x0, x1, 0, h, z, z + 8, light(adobe, 0.1), adobe, light(adobe, -0.14));
    box(
      c,
      cam,
      x0 - 0.1,
      x1 + 0.1,
      h,
      h + 0.3,
      z - 0.1,
      z + 8.1,
      light(adobe, 0.15),
      light(adobe, 0.05),
      light(adobe, -0.1),
    );
    let vig = "";
    for (let x = x0 + 0.5; x < x1; x += 1) {
      const a = pr(cam, x, h - 0.4, z);
      vig += `M${f(a[0])},${f(a[1])}h${f((cam.f * 0.22) / z)}`;
    }
    c.out.push(
      `<path d="${vig}" stroke="${tn(c, "#6b4630")}" stroke-width="${f((cam.f * 0.2) / z)}"/>`,
    );
    let wl = "";
    let wd = "";
    for (let x = x0 + 0.9; x + 1 < x1; x += 2.1) {
      for (let y = 0.9; y + 1.4 < h; y += 2.8) {
        const a = pr(cam, x, y + 1.4, z);
        const b = pr(cam, x + 1, y, z);
        const r = (b[0] - a[0]) / 2;
        const d = `M${f(a[0])},${f(b[1])}V${f(a[1] + r)}A${f(r)},${f(r)} 0 0 1 ${f(b[0])},${f(a[1] + r)}V${f(b[1])}Z`;
        if (c.rnd() < 0.45 + sky.lamps * 0.4) wl += d;
        else wd += d;
      }
    }
    if (wl) fill(c, wl, lit);
    if (wd) fill(c, wd, dark);
  }
  fill(
    c,
    path3(cam, [
      [ax - 7, 0.01, 25.5],
      [ax + 7, 0.01, 25.5],
      [ax + 7, 0.01, 30.5],
      [ax - 7, 0.01, 30.5],
    ]),
    tn(c, "#f1dcc0", 0.8),
  );
  fill(
    c,
    path3(cam, [
      [ax - 6.3, 0.02, 26],
      [ax + 6.3, 0.02, 26],
      [ax + 6.3, 0.02, 30],
      [ax - 6.3, 0.02, 30],
    ]),
    tn(c, "#44c3cb", 0.8),
  );
  // Date palms by the pool.
  const pc = palmColors(c, 0.8);
  const pd = palmDef(c, 0.08, pc);
  for (const x of [ax - 8.5, ax + 8.5]) {
    const p = pr(cam, x, 0, 27);
    palm(c, pd, p[0], p[1], (cam.f * 7) / 27, x > ax);
  }
  // Saguaros, agaves and a rock.
  const cact = tn(c, "#4f7d4a", 0.9);
  const saguaro = (x: number, y: number, h: number): void => {
    const w = h * 0.085;
    const arm = (dir: number, y0: number, up: number): string =>
      `M${f(x)},${f(y0)}H${f(x + dir * w * 0.9)}Q${f(x + dir * w * 1.7)},${f(y0)} ${f(x + dir * w * 1.7)},${f(y0 - w * 0.8)}V${f(y0 - up)}`;
    const d =
      `M${f(x)},${f(y)}V${f(y - h)}` +
      arm(-1, y - h * range(c, 0.38, 0.5), h * range(c, 0.25, 0.35)) +
      arm(1, y - h * range(c, 0.5, 0.62), h * range(c, 0.22, 0.3));
    c.out.push(
      `<path d="${d}" fill="none" stroke="${cact}" stroke-width="${f(w)}" stroke-linecap="round" stroke-linejoin="round"/><path d="M${f(x - w * 0.18)},${f(y)}V${f(y - h)}" stroke="${light(cact, 0.18)}" stroke-width="${f(w * 0.18)}" stroke-linecap="round"/>`,
    );
  };
  saguaro(W * range(c, 0.8, 0.85), H * 0.98, H * range(c, 0.38, 0.46));
  saguaro(W * range(c, 0.92, 0.95), H * 0.9, H * range(c, 0.2, 0.25));
  saguaro(W * range(c, 0.12, 0.25), hy + H * 0.08, H * 0.08);
  saguaro(W * range(c, 0.62, 0.7), hy + H * 0.06, H * 0.06);
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
    fill(c, d, tn(c, "#7aa386", 0.9));
  };
  agave(W * range(c, 0.66, 0.72), H * 0.97, H * 0.09);
  agave(W * 0.89, H * 0.995, H * 0.06);
}

function sceneCity(c: Ctx): void {
  const { W, H, sky } = c;
  const hy = H * range(c, 0.6, 0.65);
  const sun = drawSky(c, hy, { clouds: sky.name === "dusk" ? 1 : 2 });
  const night = sky.lamps > 0.5;
  const skyline = uid(c);
  c.out.push(`<g id="${skyline}">`);
  const lit = "#ffd98a";
  const dayNear = [
    "#d9d4c9",
    "#b9c6d3",
    "#9fb2c6",
    "#e6e1d8",
    "#8799ae",
    "#c7bba8",
    "#a7b9c9",
    "#f0ece4",
  ];
  const nightNear = ["#262b52", "#2d3160", "#20254a", "#33375f"];
  for (let li = 0; li < 2; li++) {
    const hMax = li ? 0.5 : 0.38;
    let x = -W * 0.02;
    const pats = [0, 1, 2].map(() =>
      windowPattern(
        c,
        0,
        0,
        W * 0.009,
        H * 0.018,
        night ? "#000" : "#1c2a3a",
        null,
        night ? lit : null,
        0.4,
        4,
        5,
        night ? 0.22 : 0.32,
      ),
    );
    while (x < W) {
      const w = W * range(c, li ? 0.04 : 0.03, li ? 0.08 : 0.06);
      const tall = c.rnd();
      const h =
        H *
        hMax *
        (0.3 + 0.7 * tall * tall) *
        (li === 1 && Math.abs(x - W * 0.5) < W * 0.25 ? 1.15 : 1);
      const top = hy - h;
      const base = tn(c, pick(c, night ? nightNear : dayNear), 0.6);
      const col = li ? base : mix(base, sky.haze, 0.5);
      const kind = c.rnd();
      let d = `M${f(x)},${f(hy + 1)}V${f(top)}`;
      if (kind < 0.18) d += `L${f(x + w / 2)},${f(top - w * 0.5)}L${f(x + w)},${f(top)}`;
      else if (kind < 0.36)
        d += `H${f(x + w * 0.15)}V${f(top - h * 0.06)}H${f(x + w * 0.85)}V${f(top)}`;
      else if (kind < 0.46) d += `L${f(x + w)},${f(top - w * 0.35)}`;
      d += `H${f(x + w)}V${f(hy + 1)}Z`;
      fill(c, d, col);
      if (kind >= 0.46 && kind < 0.6)
        c.out.push(
          `<path d="M${f(x + w / 2)},${f(top)}V${f(top - h * 0.18)}" stroke="${col}" stroke-width="${f(W * 0.002)}"/>`,
        );
      c.out.push(
        `<g transform="translate(${f(x + w * 0.08)},${f(top + H * 0.015)})"><rect width="${f(w * 0.84)}" height="${f(h - H * 0.02)}" fill="${pick(c, pats)}"/></g>`,
      );
      c.out.push(
        `<rect x="${f(x + w * 0.72)}" y="${f(top)}" width="${f(w * 0.28)}" height="${f(h)}" fill="#000" opacity="${night ? 0.12 : 0.08}"/>`,
      );
      x += w + W * range(c, -0.005, 0.008);
    }
  }
  c.out.push(`</g>`);
  // Water with the skyline's reflection.
  c.out.push(
    `<rect y="${f(hy)}" width="${W}" height="${f(H - hy)}" fill="${lin(c, [
      [0, mix(sky.seaFar, sky.low, 0.3)],
      [1, sky.seaNear],
    ])}"/>`,
  );
  c.out.push(`<use href="#${skyline}" transform="matrix(1 0 0 -1 0 ${f(hy * 2)})" opacity=".3"/>`);
  let rip = "";
  for (let i = 0; i < 60; i++) {
    const t = Math.pow(c.rnd(), 1.3);
    rip += `M${f(c.rnd() * W)},${f(hy + (H - hy) * t)}h${f(W * (0.02 + 0.08 * t) * c.rnd())}`;
  }
  c.out.push(
    `<path d="${rip}" stroke="${sky.seaNear}" stroke-opacity=".6" stroke-width="${f(H * 0.004)}" stroke-linecap="round"/>`,
  );
  glint(c, hy, H, sun);
  // Promenade with lamps and palms.
  const q = H * 0.9;
  const quay = night ? "#1b1f3b" : tn(c, "#5b6472");
  c.out.push(
    `<rect y="${f(q)}" width="${W}" height="${f(H - q)}" fill="${quay}"/><rect y="${f(q)}" width="${W}" height="${f(H * 0.006)}" fill="${light(quay, 0.25)}"/>`,
  );
  let poles = "";
  let lamps = "";
  for (let x = W * 0.06; x < W; x += W * 0.14) {
    poles += `M${f(x)},${f(q)}V${f(q - H * 0.09)}`;
    lamps += `<circle cx="${f(x)}" cy="${f(q - H * 0.092)}" r="${f(H * 0.008)}"/>`;
    if (night)
      lamps += `<circle cx="${f(x)}" cy="${f(q - H * 0.092)}" r="${f(H * 0.03)}" opacity=".18"/>`;
  }
  c.out.push(
    `<path d="${poles}" stroke="${light(quay, -0.2)}" stroke-width="${f(W * 0.003)}"/><g fill="${night ? lit : "#f4f1e8"}">${lamps}</g>`,
  );
  const pc = palmColors(c, 1.6);
  const pd = palmDef(c, -0.3, pc);
  palm(c, pd, W * range(c, 0.8, 0.86), q + H * 0.01, H * 0.4);
  palm(c, pd, W * range(c, 0.92, 0.97), q + H * 0.01, H * 0.3, true);
}

function sceneLake(c: Ctx): void {
  const { W, H, sky } = c;
  const hy = H * range(c, 0.5, 0.56);
  const sun = drawSky(c, hy, { clouds: 2 + Math.floor(c.rnd() * 2) });
  const land = uid(c);
  c.out.push(`<g id="${land}">`);
  const rock = tn(c, "#7a86a0");
  const px = W * range(c, 0.3, 0.7);
  const snowy = c.rnd() < 0.7;
  mountainRange(
    c,
    hy,
    [
      [px - W * 0.35, hy - H * 0.2],
      [px, hy - H * range(c, 0.3, 0.36)],
      [px + W * 0.32, hy - H * 0.22],
    ],
    mix(rock, sky.haze, 0.45),
    snowy ? mix("#f5f8fc", sky.haze, 0.2) : null,
    sun.x,
  );
  const pid = pineDef(c);
  const greens = ["#426e58", "#2c5640"].map((g) => tn(c, g, 1.4));
  for (const [layer, green] of greens.entries()) {
    const col = mix(green, sky.haze, layer ? 0.12 : 0.35);
    const line = rolling(c, hy + 2, H * (0.04 + layer * 0.02), 10);
    fill(c, smooth(line) + `L${W + 20},${f(hy + 2)}L-20,${f(hy + 2)}Z`, col);
    const trees: Array<[number, number, number]> = [];
    for (let x = -10; x < W + 10; x += W * (0.011 + layer * 0.006) * range(c, 0.5, 1.3)) {
      trees.push([
        x,
        Math.min(yAt(line, x) + H * (0.01 + c.rnd() * 0.02), hy + 2),
        H * (0.035 + layer * 0.02) * range(c, 0.7, 1.3),
      ]);
    }
    pines(c, pid, trees, col);
  }
  // A lodge on the far shore.
  const lx = W * range(c, 0.15, 0.75);
  const lw = W * 0.06;
  const lh = H * 0.035;
  c.out.push(
    `<rect x="${f(lx)}" y="${f(hy - lh)}" width="${f(lw)}" height="${f(lh)}" fill="${tn(c, "#8c5e3f")}"/><path d="M${f(lx - lw * 0.08)},${f(hy - lh)}L${f(lx + lw / 2)},${f(hy - lh * 2)}L${f(lx + lw * 1.08)},${f(hy - lh)}Z" fill="${tn(c, "#4b3a36")}"/>`,
  );
  let lw4 = "";
  for (let i = 0; i < 4; i++)
    lw4 += `M${f(lx + lw * (0.1 + i * 0.22))},${f(hy - lh * 0.75)}h${f(lw * 0.12)}v${f(lh * 0.4)}h${f(-lw * 0.12)}z`;
  fill(c, lw4, sky.lamps > 0.3 ? "#ffd27a" : tn(c, "#34404a"));
  c.out.push(`</g>`);
  // Lake with reflection.
  const water = lin(c, [
    [0, mix(sky.low, sky.seaFar, 0.35)],
    [0.5, mix(sky.mid, sky.seaNear, 0.5)],
    [1, mix(sky.top, sky.seaNear, 0.5)],
  ]);
  c.out.push(
    `<rect y="${f(hy)}" width="${W}" height="${f(H - hy)}" fill="${water}"/><use href="#${land}" transform="matrix(1 0 0 -1 0 ${f(hy * 2)})" opacity=".42"/>`,
  );
  let rip = "";
  for (let i = 0; i < 50; i++) {
    const t = Math.pow(c.rnd(), 1.4);
    rip += `M${f(c.rnd() * W)},${f(hy + (H - hy) * t + 2)}h${f(W * (0.01 + 0.07 * t) * c.rnd())}`;
  }
  c.out.push(
    `<path d="${rip}" stroke="#fff" stroke-opacity=".22" stroke-width="${f(H * 0.0025)}" stroke-linecap="round"/>`,
  );
  glint(c, hy, H, sun);
  // Wooden dock with a rowing boat.
  const cam: Cam = { cx: W * 0.5, cy: hy, f: W * 0.55, ey: 1.8 };
  const dx = range(c, 1.2, 2.2);
  const wood = tn(c, "#a27650");
  const bz = range(c, 9, 12);
  const bp = pr(cam, dx - 2.4, 0, bz);
  const s = cam.f / bz;
  const hull = tn(c, pick(c, ["#c8553d", "#2f6f8f", "#e9e4d8", "#3f7a5a"]));
  c.out.push(
    `<ellipse cx="${f(bp[0])}" cy="${f(bp[1] + s * 0.08)}" rx="${f(s * 1.8)}" ry="${f(s * 0.16)}" fill="#000" opacity=".15"/>`,
  );
  fill(
    c,
    `M${f(bp[0] - s * 1.7)},${f(bp[1] - s * 0.32)}Q${f(bp[0])},${f(bp[1] + s * 0.35)} ${f(bp[0] + s * 1.7)},${f(bp[1] - s * 0.32)}Q${f(bp[0])},${f(bp[1] - s * 0.12)} ${f(bp[0] - s * 1.7)},${f(bp[1] - s * 0.32)}Z`,
    hull,
  );
  fill(
    c,
    `M${f(bp[0] - s * 1.55)},${f(bp[1] - s * 0.3)}Q${f(bp[0])},${f(bp[1] - s * 0.36)} ${f(bp[0] + s * 1.55)},${f(bp[1] - s * 0.3)}Q${f(bp[0])},${f(bp[1] - s * 0.14)} ${f(bp[0] - s * 1.55)},${f(bp[1] - s * 0.3)}Z`,
    light(hull, -0.35),
  );
  let posts = "";
  for (let z = 4; z <= 22; z += 3)
    for (const x of [dx, dx + 1.8]) {
      const a = pr(cam, x, -0.2, z);
      const b = pr(cam, x, 0.75, z);
      posts += `M${f(a[0])},${f(a[1])}L${f(b[0])},${f(b[1])}`;
    }
  c.out.push(`<path d="${posts}" stroke="${light(wood, -0.4)}" stroke-width="${f(W * 0.006)}"/>`);
  box(
    c,
    cam,
    dx - 0.1,
    dx + 1.9,
    0.45,
    0.6,
    2.2,
    22,
    light(wood, 0.1),
    light(wood, -0.1),
    light(wood, -0.25),
  );
  let planks = "";
  for (let z = 2.6; z < 22; z += 0.55) {
    const a = pr(cam, dx - 0.1, 0.6, z);
    const b = pr(cam, dx + 1.9, 0.6, z);
    planks += `M${f(a[0])},${f(a[1])}L${f(b[0])},${f(b[1])}`;
  }
  c.out.push(
    `<path d="${planks}" stroke="${light(wood, -0.25)}" stroke-width="${f(H * 0.0018)}" opacity=".6"/>`,
  );
  // Reeds in the foreground corner.
  let reeds = "";
  for (let i = 0; i < 24; i++) {
    const x = W * (0.8 + 0.22 * c.rnd());
    const h = H * range(c, 0.08, 0.2);
    reeds += `M${f(x)},${H + 5}q${f(W * 0.005)},${f(-h / 2)} ${f(W * range(c, -0.01, 0.02))},${f(-h)}`;
  }
  c.out.push(
    `<path d="${reeds}" fill="none" stroke="${tn(c, "#4f6b3a", 1.4)}" stroke-width="${f(W * 0.003)}" stroke-linecap="round"/>`,
  );
  if (sky.name !== "dusk") birds(c, W * range(c, 0.2, 0.5), hy * 0.35, H * 0.009, tn(c, "#2f3a4e"));
}

function scenePool(c: Ctx): void {
  const { W, H, sky } = c;
  const hy = H * range(c, 0.38, 0.42);
  const sun = drawSky(c, hy, { clouds: 2 + Math.floor(c.rnd() * 2) });
  const cam: Cam = { cx: W * 0.5, cy: hy, f: W * 0.62, ey: 2.6 };
  const seaView = c.rnd() < 0.45;
  const zFar = seaView ? 30 : 60;
  if (seaView) drawSea(c, hy, pr(cam, 0, 0, zFar)[1] + 2, sun, { waves: 14 });
  // Deck.
  const stone = tn(c, pick(c, ["#efe3cf", "#ebe1d3", "#f2e8d8"]));
  const deckTop = pr(cam, 0, 0, zFar)[1];
  c.out.push(
    `<rect y="${f(deckTop)}" width="${W}" height="${f(H - deckTop)}" fill="${lin(c, [
      [0, light(stone, -0.08)],
      [1, light(stone, 0.04)],
    ])}"/>`,
  );
  if (seaView)
    c.out.push(
      `<rect y="${f(deckTop)}" width="${W}" height="${f(H * 0.005)}" fill="${light(stone, 0.3)}"/>`,
    );
  let tiles = "";
  for (let x = -30; x <= 30; x += 1.5) {
    const a = pr(cam, x, 0, zFar);
    const b = pr(cam, x, 0, 2);
    tiles += `M${f(a[0])},${f(a[1])}L${f(b[0])},${f(b[1])}`;
  }
  for (let z = 3; z < zFar * 0.7; z *= 1.2) tiles += `M0,${f(pr(cam, 0, 0, z)[1])}H${W}`;
  c.out.push(`<path d="${tiles}" stroke="${light(stone, -0.2)}" stroke-width="1" opacity=".3"/>`);
  // Hotel behind the pool when there is no sea view.
  const pc = palmColors(c);
  const pA = palmDef(c, range(c, 0.15, 0.35), pc);
  const pB = palmDef(c, -range(c, 0.05, 0.25), pc);
  if (!seaView) {
    const wall = tn(c, pick(c, ["#f6f1e8", "#f3ece0", "#f7f4ee"]));
    const glass = tn(c, mix("#3d6f8a", sky.top, 0.3));
    const x0 = range(c, -26, -18);
    const x1 = x0 + range(c, 34, 42);
    const z0 = 38;
    box(c, cam, x0, x1, 0, 13, z0, z0 + 14, wall, wall, light(wall, -0.15));
    const a = pr(cam, x0, 13, z0);
    const b = pr(cam, x1, 0, z0);
    const fh = b[1] - a[1];
    const cw = ((b[0] - a[0]) / (x1 - x0)) * 2.6;
    c.out.push(
      `<rect x="${f(a[0])}" y="${f(a[1] + fh * 0.08)}" width="${f(b[0] - a[0])}" height="${f(fh * 0.92)}" fill="${windowPattern(c, a[0], a[1] + fh * 0.08, cw, (fh * 0.92) / 4, glass, light(wall, -0.3), sky.lamps > 0.3 ? "#ffd58a" : null, 0.3)}"/>`,
    );
    c.out.push(
      `<rect x="${f(a[0])}" y="${f(a[1])}" width="${f(b[0] - a[0])}" height="${f(fh * 0.04)}" fill="${light(wall, -0.1)}"/>`,
    );
    const bush = tn(c, "#3a7446", 1.2);
    let d = `M${f(a[0] - 10)},${f(b[1] + 1)}`;
    for (let x = a[0] - 10; x < b[0] + 10;) {
      const r = fh * range(c, 0.04, 0.08);
      d += `a${f(r)},${f(r * 0.9)} 0 0 1 ${f(2 * r)},0`;
      x += 2 * r;
    }
    fill(c, d + "Z", bush);
  }
  // Palms behind the pool.
  const palmsAt: Array<[number, number]> = seaView
    ? [
        [-14, 25],
        [-7, 30],
        [13, 23],
      ]
    : [
        [-11, 30],
        [-6, 34],
        [7, 32],
        [12, 28],
      ];
  palmsAt.forEach(([x, z], i) => {
    const p = pr(cam, x + range(c, -2, 2), 0, z);
    palm(c, i % 2 ? pB : pA, p[0], p[1], (cam.f * range(c, 8, 11)) / z, i % 2 === 1);
  });
  // Loungers and parasols along the far edge.
  const cush = tn(c, pick(c, ["#ffffff", "#f4ede0"]));
  const frame = tn(c, "#7a6650");
  const umb = tn(c, pick(c, ["#f4f1ea", "#e3664a", "#2f7aa0", "#e7b24d", "#3d8a78"]));
  const zf = 16.5;
  const s0 = cam.f / zf;
  for (let x = -8; x <= 5; x += 2.2) {
    const p = pr(cam, x, 0, zf);
    lounger(c, p[0] - s0, p[1], s0 * 1.9, cush, frame);
  }
  for (let x = -6.9; x <= 5; x += 4.4) {
    const p = pr(cam, x, 0, zf + 0.5);
    parasol(c, p[0], p[1], (cam.f * 2.6) / (zf + 0.5), umb, frame);
  }
  // The pool.
  const px0 = -6.5;
  const px1 = 2.2;
  const z0 = 6.2;
  const z1 = 14.5;
  fill(
    c,
    path3(cam, [
      [px0 - 0.6, 0, z0 - 0.6],
      [px1 + 0.6, 0, z0 - 0.6],
      [px1 + 0.6, 0, z1 + 0.6],
      [px0 - 0.6, 0, z1 + 0.6],
    ]),
    light(stone, 0.14),
  );
  const w0 = mix("#86e3e8", sky.low, 0.25);
  const pp: [V2, V2, V2, V2] = [
    pr(cam, px0, 0, z0),
    pr(cam, px1, 0, z0),
    pr(cam, px1, 0, z1),
    pr(cam, px0, 0, z1),
  ];
  fill(
    c,
    polyPath(pp),
    linU(
      c,
      [
        [0, tn(c, w0)],
        [1, tn(c, "#17a3c4")],
      ],
      0,
      pp[2][1],
      0,
      pp[0][1],
    ),
  );
  fill(
    c,
    polyPath([pp[3], pp[2], pr(cam, px1, -0.45, z1), pr(cam, px0, -0.45, z1)]),
    tn(c, "#0f7f9f"),
    ` opacity=".4"`,
  );
  let caus = "";
  for (let z = z0 + 0.5; z < z1 - 0.2; z += 0.55 + (z - z0) * 0.09) {
    const seg: V2[] = [];
    const off = c.rnd() * 0.8;
    for (let x = px0 + 0.3 + off; x <= px1 - 0.3; x += 0.8) seg.push(pr(cam, x, 0, z));
    caus += waveLine(seg, (cam.f * 0.06) / z);
  }
  c.out.push(
    `<path d="${caus}" fill="none" stroke="#fff" stroke-opacity=".38" stroke-width="${f(H * 0.0022)}" stroke-linecap="round"/>`,
  );
  if (sun.y < hy) {
    let sp = "";
    const sxw = ((sun.x - cam.cx) / cam.f) * 10;
    for (let k = 0; k < 9; k++) {
      const z = range(c, z0 + 1, z1 - 1);
      const q = pr(
        cam,
        Math.max(px0 + 0.5, Math.min(px1 - 1.5, sxw * (z / 10) + range(c, -1.2, 1.2))),
        0,
        z,
      );
      sp += `M${f(q[0])},${f(q[1])}h${f((cam.f * range(c, 0.3, 0.9)) / z)}`;
    }
    c.out.push(
      `<path d="${sp}" stroke="${sky.glint}" stroke-opacity=".75" stroke-width="${f(H * 0.004)}" stroke-linecap="round"/>`,
    );
  }
  // Foreground loungers, parasol and a tall palm.
  for (const z of [8.6, 7.2]) {
    const p = pr(cam, 3.6, 0, z);
    const s = cam.f / z;
    lounger(c, p[0], p[1], s * 1.9, cush, frame);
  }
  const pu = pr(cam, 3.4, 0, 8);
  parasol(c, pu[0], pu[1], (cam.f * 2.5) / 8, umb, frame);
  const pt = pr(cam, 8, 0, 13);
  palm(c, pA, pt[0], pt[1], (cam.f * 6.5) / 13, true);
}

function sceneVilla(c: Ctx): void {
  const { W, H, sky } = c;
  const hy = H * range(c, 0.36, 0.4);
  const sun = drawSky(c, hy, { clouds: 2 + Math.floor(c.rnd() * 2) });
  drawSea(c, hy, hy + H * 0.1, sun, { waves: 14 });
  const cam: Cam = { cx: W * 0.5, cy: hy, f: W * 1.05, ey: 7 };
  // Hills behind the villa.
  const hill = tn(c, "#8fa56c", 1.2);
  fill(
    c,
    smooth(rolling(c, hy + H * 0.05, H * 0.08, 8)) + `L${W + 20},${H + 20}L-20,${H + 20}Z`,
    mix(hill, sky.haze, 0.4),
  );
  const ground = tn(c, "#a6b777", 1.2);
  const gl = rolling(c, pr(cam, 0, 0, 70)[1], H * 0.03, 6);
  fill(
    c,
    smooth(gl) + `L${W + 20},${H + 20}L-20,${H + 20}Z`,
    lin(c, [
      [0, ground],
      [1, light(ground, -0.12)],
    ]),
  );
  const cyp = tn(c, "#3f5e3a", 1.4);
  const cypress = (x: number, z: number, h: number): void => {
    const b = pr(cam, x, 0, z);
    const t = pr(cam, x, h, z);
    const w = (cam.f * h * 0.13) / z;
    const mid = t[1] + (b[1] - t[1]) * 0.35;
    fill(
      c,
      `M${f(b[0])},${f(b[1])}C${f(b[0] - w * 1.2)},${f(b[1])} ${f(b[0] - w)},${f(mid)} ${f(t[0])},${f(t[1])}C${f(b[0] + w)},${f(mid)} ${f(b[0] + w * 1.2)},${f(b[1])} ${f(b[0])},${f(b[1])}Z`,
      cyp,
    );
  };
  const vx = range(c, -9, -6);
  const vz = 40;
  cypress(vx - 3, vz + 8, 10);
  cypress(vx - 1.5, vz + 10, 12);
  cypress(vx + 18, vz + 6, 11);
  cypress(vx + 20, vz + 9, 9);
  // Villa: two-storey main block and a single-storey wing.
  const white = tn(c, "#fbf8f2");
  const shade = tn(c, "#e2d9cb");
  const roof = tn(c, pick(c, ["#c8643c", "#c2593a", "#cf7047"]));
  const roofS = light(roof, -0.16);
  const under = light(roof, -0.45);
  box(c, cam, vx + 9, vx + 16, 0, 3.4, vz + 1, vz + 8, white, white, shade);
  hipRoof(c, cam, vx + 9, vx + 16, 3.4, vz + 1, vz + 8, 0.5, 1.7, roof, roofS, under);
  box(c, cam, vx, vx + 10, 0, 6.6, vz, vz + 9, white, white, shade);
  hipRoof(c, cam, vx, vx + 10, 6.6, vz, vz + 9, 0.6, 2.4, roof, roofS, under);
  // Roof tile courses on the front slope.
  let tiles = "";
  for (let k = 1; k < 5; k++) {
    const t = k / 5;
    const y = 6.6 + 2.4 * t;
    const z = vz - 0.6 + (4.5 + 0.6) * t;
    const inset = -0.6 + (4.5 + 0.6) * t;
    const a = pr(cam, vx + inset, y, z);
    const b = pr(cam, vx + 10 - inset, y, z);
    tiles += `M${f(a[0])},${f(a[1])}L${f(b[0])},${f(b[1])}`;
  }
  c.out.push(
    `<path d="${tiles}" stroke="${light(roof, -0.22)}" stroke-width="${f(H * 0.002)}" opacity=".6"/>`,
  );
  const glassC = tn(c, mix("#35566e", sky.top, 0.25));
  const shutter = tn(c, pick(c, ["#3f7f9e", "#5a8a6a", "#2f5f86"]));
  let shut = "";
  let glass = "";
  let bars = "";
  const arch = (x: number, y: number, z: number, w: number, h: number, sh: boolean): void => {
    const a = pr(cam, x, y + h, z);
    const b = pr(cam, x + w, y, z);
    const r = (b[0] - a[0]) / 2;
    if (sh)
      shut += `M${f(a[0] - r * 0.85)},${f(a[1] + r)}h${f(r * 0.75)}V${f(b[1])}h${f(-r * 0.75)}ZM${f(b[0] + r * 0.1)},${f(a[1] + r)}h${f(r * 0.75)}V${f(b[1])}h${f(-r * 0.75)}Z`;
    glass += `M${f(a[0])},${f(b[1])}V${f(a[1] + r)}A${f(r)},${f(r)} 0 0 1 ${f(b[0])},${f(a[1] + r)}V${f(b[1])}Z`;
    bars += `M${f((a[0] + b[0]) / 2)},${f(a[1])}V${f(b[1])}`;
  };
  for (let i = 0; i < 4; i++) {
    arch(vx + 0.9 + i * 2.4, 3.8, vz, 1.1, 2.0, true);
    if (i !== 1) arch(vx + 0.9 + i * 2.4, 0.5, vz, 1.1, 2.1, true);
  }
  for (let i = 0; i < 2; i++) arch(vx + 11 + i * 2.6, 0.3, vz + 1, 1.5, 2.4, false);
  fill(c, shut, shutter);
  fill(c, glass, glassC);
  const door = pr(cam, vx + 3.1, 2.7, vz);
  const door2 = pr(cam, vx + 4.7, 0, vz);
  const dr = (door2[0] - door[0]) / 2;
  fill(
    c,
    `M${f(door[0])},${f(door2[1])}V${f(door[1] + dr)}A${f(dr)},${f(dr)} 0 0 1 ${f(door2[0])},${f(door[1] + dr)}V${f(door2[1])}Z`,
    tn(c, "#7a5236"),
  );
  c.out.push(`<path d="${bars}" stroke="${white}" stroke-width="${f(W * 0.0025)}"/>`);
  // Bougainvillea climbing one corner.
  const bx = pr(cam, vx + (c.rnd() < 0.5 ? 0.2 : 9.8), 0, vz - 0.1);
  const bs = cam.f / vz;
  let leaves = "";
  let flowers = "";
  let flowers2 = "";
  const blob = (x: number, y: number, r: number): string =>
    `M${f(x - r)},${f(y)}a${f(r)},${f(r)} 0 1 0 ${f(2 * r)},0a${f(r)},${f(r)} 0 1 0 ${f(-2 * r)},0`;
  for (let i = 0; i < 14; i++) {
    const t = i / 13;
    leaves += blob(
      bx[0] + (c.rnd() - 0.5) * bs * 1.6 * (1 + t),
      bx[1] - t * bs * 6.4,
      bs * range(c, 0.5, 0.8),
    );
  }
  for (let i = 0; i < 70; i++) {
    const t = Math.pow(c.rnd(), 0.8);
    const x = bx[0] + (c.rnd() - 0.5) * bs * 2.4 * (1 + t);
    const y = bx[1] - t * bs * 6.6;
    const d = blob(x, y, bs * range(c, 0.13, 0.24));
    if (c.rnd() < 0.7) flowers += d;
    else flowers2 += d;
  }
  const bloom = tn(c, pick(c, ["#d6338a", "#c92a7c", "#e0449a"]));
  fill(c, leaves, tn(c, "#3f7a3a", 1.2));
  fill(c, flowers, bloom);
  fill(c, flowers2, light(bloom, 0.3));
  // Terrace and pool.
  const stone = tn(c, "#efe4d0");
  fill(
    c,
    path3(cam, [
      [vx - 4, 0.01, 14],
      [vx + 24, 0.01, 14],
      [vx + 24, 0.01, vz],
      [vx - 4, 0.01, vz],
    ]),
    stone,
  );
  const p0 = vx + 1;
  const p1 = vx + 13;
  fill(
    c,
    path3(cam, [
      [p0 - 0.5, 0.02, 27.5],
      [p1 + 0.5, 0.02, 27.5],
      [p1 + 0.5, 0.02, 35.5],
      [p0 - 0.5, 0.02, 35.5],
    ]),
    light(stone, 0.12),
  );
  const q: [V2, V2, V2, V2] = [
    pr(cam, p0, 0.02, 28),
    pr(cam, p1, 0.02, 28),
    pr(cam, p1, 0.02, 35),
    pr(cam, p0, 0.02, 35),
  ];
  fill(
    c,
    polyPath(q),
    linU(
      c,
      [
        [0, tn(c, mix("#86e3e8", sky.low, 0.3))],
        [1, tn(c, "#1aa6c4")],
      ],
      0,
      q[2][1],
      0,
      q[0][1],
    ),
  );
  let caus = "";
  for (let z = 28.6; z < 34.8; z += 0.8) {
    const seg: V2[] = [];
    const off = c.rnd() * 0.7;
    for (let x = p0 + 0.3 + off; x <= p1 - 0.3; x += 0.9) seg.push(pr(cam, x, 0.02, z));
    caus += waveLine(seg, (cam.f * 0.06) / z);
  }
  c.out.push(
    `<path d="${caus}" fill="none" stroke="#fff" stroke-opacity=".4" stroke-width="${f(H * 0.002)}"/>`,
  );
  const frame = tn(c, "#8a7256");
  for (let i = 0; i < 3; i++) {
    const z = 29 + i * 2.2;
    const p = pr(cam, p1 + 1.6, 0, z);
    lounger(c, p[0], p[1], (cam.f * 1.9) / z, tn(c, "#ffffff"), frame);
  }
  const pu = pr(cam, p1 + 2.6, 0, 31.5);
  parasol(
    c,
    pu[0],
    pu[1],
    (cam.f * 2.6) / 31.5,
    tn(c, pick(c, ["#f4f1ea", "#e7dcc6", "#3f7f9e"])),
    frame,
  );
  // Potted lemon trees along the front of the terrace.
  for (const x of [p0 + 0.5, p1 - 0.5]) {
    const b = pr(cam, x, 0, 26.5);
    const s = cam.f / 26.5;
    fill(
      c,
      `M${f(b[0] - s * 0.3)},${f(b[1] - s * 0.6)}h${f(s * 0.6)}l${f(-s * 0.08)},${f(s * 0.6)}h${f(-s * 0.44)}Z`,
      tn(c, "#c77b4e"),
    );
    c.out.push(
      `<circle cx="${f(b[0])}" cy="${f(b[1] - s * 1.2)}" r="${f(s * 0.6)}" fill="${tn(c, "#5e8a48", 1.2)}"/>`,
    );
  }
  // Olive tree in the foreground.
  const ol = pr(cam, vx - 1.5, 0, 30);
  const os = cam.f / 30;
  c.out.push(
    `<path d="M${f(ol[0])},${f(ol[1])}q${f(os * 0.3)},${f(-os * 1.2)} ${f(-os * 0.1)},${f(-os * 2.2)}M${f(ol[0] + os * 0.08)},${f(ol[1] - os * 1.3)}q${f(os * 0.5)},${f(-os * 0.3)} ${f(os * 0.8)},${f(-os * 1.1)}" stroke="${tn(c, "#6b5a48")}" stroke-width="${f(os * 0.2)}" fill="none" stroke-linecap="round"/>`,
  );
  let crown = "";
  let crown2 = "";
  for (let i = 0; i < 10; i++) {
    const x = ol[0] + (c.rnd() - 0.4) * os * 2.6;
    const y = ol[1] - os * (2.1 + c.rnd() * 1.3);
    const r = os * range(c, 0.45, 0.75);
    const d = `M${f(x - r)},${f(y)}a${f(r)},${f(r * 0.7)} 0 1 0 ${f(2 * r)},0a${f(r)},${f(r * 0.7)} 0 1 0 ${f(-2 * r)},0`;
    if (i < 6) crown += d;
    else crown2 += d;
  }
  const olive = tn(c, "#8c9d6a", 1.2);
  fill(c, crown, olive);
  fill(c, crown2, light(olive, 0.12));
}

function sceneRoom(c: Ctx): void {
  const { W, H, sky } = c;
  const D = 6.5;
  const cam: Cam = { cx: W * 0.5, cy: H * 0.42, f: H * 1.3, ey: 1.4 };
  const P = (x: number, y: number, z: number): V2 => pr(cam, x, y, z);
  const scheme = pick(c, [
    { wall: "#efe6da", accent: "#2f6f73", wood: "#b98a5e", art: "#e0a26a" },
    { wall: "#ebe4d8", accent: "#c2703d", wood: "#a97b52", art: "#5f8fa6" },
    { wall: "#e5eae4", accent: "#3b5b8c", wood: "#c9a27a", art: "#d98c6a" },
    { wall: "#f1e8e1", accent: "#7d8f4e", wood: "#9e7450", art: "#4f8f9a" },
    { wall: "#eee9e2", accent: "#8c4a5a", wood: "#b08560", art: "#e2b25a" },
  ]);
  const wallC = scheme.wall;
  const ceil = P(0, 3.0, D)[1];
  const floorY = P(0, 0, D)[1];
  const xl = (-cam.cx * D) / cam.f;
  // Ceiling, wall and wooden floor.
  c.out.push(
    `<rect width="${W}" height="${f(ceil)}" fill="${light(wallC, 0.4)}"/><rect y="${f(ceil)}" width="${W}" height="${f(floorY - ceil)}" fill="${lin(
      c,
      [
        [0, light(wallC, -0.07)],
        [0.5, wallC],
        [1, light(wallC, -0.02)],
      ],
    )}"/>`,
  );
  c.out.push(
    `<rect y="${f(ceil)}" width="${W}" height="${f(H * 0.01)}" fill="${light(wallC, -0.14)}" opacity=".5"/>`,
  );
  c.out.push(
    `<rect y="${f(floorY)}" width="${W}" height="${f(H - floorY)}" fill="${lin(c, [
      [0, light(scheme.wood, -0.12)],
      [1, light(scheme.wood, 0.05)],
    ])}"/>`,
  );
  let planks = "";
  for (let x = -9; x <= 9; x += 0.22) {
    const a = P(x, 0, D);
    const b = P(x, 0, 2.5);
    planks += `M${f(a[0])},${f(a[1])}L${f(b[0])},${f(b[1])}`;
  }
  c.out.push(
    `<path d="${planks}" stroke="${light(scheme.wood, -0.3)}" stroke-width="1.2" opacity=".3"/>`,
  );
  c.out.push(
    `<rect y="${f(floorY - H * 0.016)}" width="${W}" height="${f(H * 0.016)}" fill="${light(wallC, 0.25)}"/>`,
  );
  // Floor-length window onto a balcony and the sea.
  const wx0 = Math.max(xl + 0.4, -3.3);
  const wx1 = -0.95;
  const [ax, ay] = P(wx0, 2.6, D);
  const [bx, by] = P(wx1, 0.02, D);
  const clip = uid(c);
  c.defs.push(
    `<clipPath id="${clip}"><rect x="${f(ax)}" y="${f(ay)}" width="${f(bx - ax)}" height="${f(by - ay)}"/></clipPath>`,
  );
  c.out.push(`<g clip-path="url(#${clip})">`);
  const vhy = ay + (by - ay) * range(c, 0.46, 0.54);
  const sun = drawSky(c, vhy, {
    sunX: ax + (bx - ax) * range(c, 0.3, 0.7),
    clouds: 2,
    xr: [ax, bx],
    sunScale: 0.7,
  });
  fill(
    c,
    smooth([
      [ax - 5, vhy + 1],
      [ax + (bx - ax) * 0.2, vhy - H * 0.035],
      [ax + (bx - ax) * 0.45, vhy + 1],
    ]) + "Z",
    tn(c, mix("#5d8a6a", sky.haze, 0.5)),
  );
  drawSea(c, vhy, by, sun, { xr: [ax, bx], waves: 16 });
  const railY = P(0, 1.0, D)[1];
  c.out.push(
    `<rect x="${f(ax)}" y="${f(railY)}" width="${f(bx - ax)}" height="${f(by - railY)}" fill="#e6f4f7" opacity=".3"/><rect x="${f(ax)}" y="${f(railY - H * 0.005)}" width="${f(bx - ax)}" height="${f(H * 0.008)}" fill="${tn(c, "#5b5f66")}"/>`,
  );
  if (c.rnd() < 0.6)
    palm(c, palmDef(c, -0.3, palmColors(c)), ax + (bx - ax) * 0.9, by, (by - ay) * 0.9);
  c.out.push(`</g>`);
  const mxw = (ax + bx) / 2;
  c.out.push(
    `<path d="M${f(ax)},${f(ay)}H${f(bx)}V${f(by)}H${f(ax)}ZM${f(mxw)},${f(ay)}V${f(by)}" fill="none" stroke="#fbfaf7" stroke-width="${f(H * 0.012)}"/>`,
  );
  // Sunlight falling on the floor.
  fill(
    c,
    polyPath([P(wx0, 0, D), P(wx1, 0, D), P(wx1 + 1.4, 0, 3.6), P(wx0 + 1.4, 0, 3.6)]),
    "#fff6df",
    ` opacity=".2"`,
  );
  // Curtains.
  const curtain = light(scheme.accent, 0.75);
  const rodY = P(0, 2.85, D)[1];
  const drape = (x0: number, x1: number): void => {
    let d = `M${f(x0)},${f(rodY)}H${f(x1)}V${f(floorY + H * 0.004)}`;
    const n = 5;
    for (let i = n - 1; i >= 0; i--)
      d += `Q${f(x0 + ((x1 - x0) * (i + 0.5)) / n)},${f(floorY + H * 0.014)} ${f(x0 + ((x1 - x0) * i) / n)},${f(floorY + H * 0.004)}`;
    fill(c, d + "Z", curtain);
    let folds = "";
    for (let i = 1; i < n; i++) folds += `M${f(x0 + ((x1 - x0) * i) / n)},${f(rodY)}V${f(floorY)}`;
    c.out.push(
      `<path d="${folds}" stroke="${light(curtain, -0.1)}" stroke-width="${f(((x1 - x0) / n) * 0.35)}" opacity=".6"/>`,
    );
  };
  const cw = W * 0.05;
  drape(ax - cw * 0.8, ax + cw * 0.4);
  drape(bx - cw * 0.4, bx + cw * 0.8);
  c.out.push(
    `<rect x="${f(ax - cw)}" y="${f(rodY - H * 0.006)}" width="${f(bx - ax + cw * 2)}" height="${f(H * 0.008)}" fill="${tn(c, "#5b5148")}"/>`,
  );
  // Rug.
  const rug = mix(light(scheme.accent, 0.55), wallC, 0.3);
  fill(
    c,
    path3(cam, [
      [-1.2, 0.005, 3.6],
      [3.4, 0.005, 3.6],
      [3.4, 0.005, 6.0],
      [-1.2, 0.005, 6.0],
    ]),
    rug,
  );
  c.out.push(
    `<path d="${path3(cam, [
      [-1.0, 0.006, 3.75],
      [3.2, 0.006, 3.75],
      [3.2, 0.006, 5.85],
      [-1.0, 0.006, 5.85],
    ])}" fill="none" stroke="${light(rug, -0.12)}" stroke-width="${f(H * 0.004)}"/>`,
  );
  // Artwork above the bed.
  const bx0 = 0.25;
  const bx1 = 2.3;
  const [gx, gy] = P(bx0 + 0.2, 2.5, D);
  const [hx, hyy] = P(bx1 - 0.2, 1.65, D);
  const aw = hx - gx;
  const ah = hyy - gy;
  const fr = H * 0.006;
  c.out.push(
    `<rect x="${f(gx - fr)}" y="${f(gy - fr)}" width="${f(aw + 2 * fr)}" height="${f(ah + 2 * fr)}" fill="${tn(c, "#3d342d")}"/><rect x="${f(gx + fr)}" y="${f(gy + fr)}" width="${f(aw - 2 * fr)}" height="${f(ah - 2 * fr)}" fill="#faf6ee"/>`,
  );
  const ix = gx + fr;
  const iw = aw - 2 * fr;
  const ib = gy + ah - fr;
  c.out.push(
    `<circle cx="${f(gx + aw * range(c, 0.3, 0.7))}" cy="${f(gy + ah * 0.42)}" r="${f(ah * 0.18)}" fill="${scheme.art}"/><path d="M${f(ix)},${f(gy + ah * 0.68)}q${f(iw * 0.25)},${f(-ah * 0.15)} ${f(iw * 0.5)},0t${f(iw * 0.5)},0V${f(ib)}H${f(ix)}Z" fill="${scheme.accent}" opacity=".75"/><path d="M${f(ix)},${f(gy + ah * 0.8)}q${f(iw * 0.25)},${f(ah * 0.1)} ${f(iw * 0.5)},0t${f(iw * 0.5)},0V${f(ib)}H${f(ix)}Z" fill="${light(scheme.accent, -0.25)}" opacity=".7"/>`,
  );
  // Nightstands with lamps.
  const woodD = light(scheme.wood, -0.25);
  for (const [n0, n1] of [
    [-0.55, 0.05],
    [2.5, 3.1],
  ] as V2[]) {
    const lampP = P((n0 + n1) / 2, 0.55, D - 0.25);
    const s = cam.f / (D - 0.25);
    c.out.push(
      `<circle cx="${f(lampP[0])}" cy="${f(lampP[1] - s * 0.5)}" r="${f(s * 0.9)}" fill="${rad(
        c,
        [
          [0, "#fff3cf", 0.6],
          [1, "#fff3cf", 0],
        ],
        lampP[0],
        lampP[1] - s * 0.5,
        s * 0.9,
      )}"/>`,
    );
    box(c, cam, n0, n1, 0, 0.55, D - 0.5, D - 0.02, light(woodD, 0.15), woodD, light(woodD, -0.2));
    const dr: [V2, V2] = [P(n0 + 0.05, 0.45, D - 0.5), P(n1 - 0.05, 0.3, D - 0.5)];
    c.out.push(
      `<rect x="${f(dr[0][0])}" y="${f(dr[0][1])}" width="${f(dr[1][0] - dr[0][0])}" height="${f(dr[1][1] - dr[0][1])}" fill="none" stroke="${light(woodD, 0.2)}" stroke-width="1.5"/>`,
    );
    const brass = tn(c, "#b89a6a");
    c.out.push(
      `<path d="M${f(lampP[0])},${f(lampP[1])}V${f(lampP[1] - s * 0.32)}" stroke="${brass}" stroke-width="${f(s * 0.03)}"/><ellipse cx="${f(lampP[0])}" cy="${f(lampP[1])}" rx="${f(s * 0.08)}" ry="${f(s * 0.02)}" fill="${brass}"/><path d="M${f(lampP[0] - s * 0.11)},${f(lampP[1] - s * 0.6)}H${f(lampP[0] + s * 0.11)}L${f(lampP[0] + s * 0.16)},${f(lampP[1] - s * 0.32)}H${f(lampP[0] - s * 0.16)}Z" fill="#fff4dc"/>`,
    );
  }
  // Bed: headboard, base, mattress and duvet.
  const head = light(scheme.accent, 0.3);
  box(c, cam, bx0 - 0.12, bx1 + 0.12, 0, 1.3, D - 0.14, D - 0.02, head, head, light(head, -0.15));
  let tufts = "";
  for (let x = bx0; x <= bx1 + 0.01; x += (bx1 - bx0) / 6) {
    const a = P(x, 1.25, D - 0.14);
    const b = P(x, 0.5, D - 0.14);
    tufts += `M${f(a[0])},${f(a[1])}V${f(b[1])}`;
  }
  c.out.push(`<path d="${tufts}" stroke="${light(head, -0.15)}" stroke-width="2"/>`);
  const zb = D - 2.2;
  const base = light(scheme.wood, -0.2);
  box(c, cam, bx0, bx1, 0.06, 0.3, zb + 0.05, D - 0.14, base, base, light(base, -0.15));
  const linen = "#fbfaf6";
  const linenS = "#e9e5dc";
  box(c, cam, bx0 - 0.02, bx1 + 0.02, 0.3, 0.55, zb, D - 0.14, linen, linenS, light(linenS, -0.06));
  const pillow = (x0: number, x1: number, z: number, h: number, col: string): void => {
    const a = P(x0, 0.55 + h, z);
    const b = P(x1, 0.53, z);
    c.out.push(
      `<rect x="${f(a[0])}" y="${f(a[1])}" width="${f(b[0] - a[0])}" height="${f(b[1] - a[1])}" rx="${f((b[1] - a[1]) * 0.3)}" fill="${col}"/>`,
    );
  };
  pillow(bx0 + 0.08, bx0 + 0.98, D - 0.3, 0.45, "#ffffff");
  pillow(bx1 - 0.98, bx1 - 0.08, D - 0.3, 0.45, "#ffffff");
  pillow(bx0 + 0.18, bx0 + 0.92, D - 0.45, 0.34, light(scheme.accent, 0.2));
  pillow(bx1 - 0.92, bx1 - 0.18, D - 0.45, 0.34, light(scheme.accent, 0.2));
  pillow((bx0 + bx1) / 2 - 0.3, (bx0 + bx1) / 2 + 0.3, D - 0.6, 0.26, scheme.art);
  fill(
    c,
    path3(cam, [
      [bx0, 0.555, D - 1.1],
      [bx1, 0.555, D - 1.1],
      [bx1, 0.555, D - 0.9],
      [bx0, 0.555, D - 0.9],
    ]),
    linenS,
    ` opacity=".7"`,
  );
  const throwC = scheme.accent;
  fill(
    c,
    path3(cam, [
      [bx0 - 0.04, 0.57, zb + 0.2],
      [bx1 + 0.04, 0.57, zb + 0.2],
      [bx1 + 0.04, 0.57, zb + 0.75],
      [bx0 - 0.04, 0.57, zb + 0.75],
    ]),
    throwC,
  );
  fill(
    c,
    path3(cam, [
      [bx0 - 0.04, 0.57, zb + 0.2],
      [bx0 - 0.04, 0.57, zb + 0.75],
      [bx0 - 0.04, 0.2, zb + 0.75],
      [bx0 - 0.04, 0.2, zb + 0.2],
    ]),
    light(throwC, -0.2),
  );
  // A potted plant beside the bed when it fits in the picture.
  const pot = P(3.55, 0, D - 0.5);
  const ps = cam.f / (D - 0.5);
  if (pot[0] < W - ps * 0.05) {
    let lv = "";
    for (let i = 0; i < 9; i++)
      lv += frond(pot[0], pot[1] - ps * 0.42, -165 + i * 19, ps * range(c, 0.55, 0.85), 0.2);
    fill(c, lv, tn(c, "#3d7a4c"));
    fill(
      c,
      `M${f(pot[0] - ps * 0.2)},${f(pot[1] - ps * 0.45)}H${f(pot[0] + ps * 0.2)}L${f(pot[0] + ps * 0.15)},${f(pot[1])}H${f(pot[0] - ps * 0.15)}Z`,
      tn(c, "#d8cfc2"),
    );
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
  const W = Number.isFinite(options.width) ? Math.max(16, Math.round(options.width)) : 1600;
  const H = Number.isFinite(options.height) ? Math.max(16, Math.round(options.height)) : 1000;
  const kind: SceneKind = Object.prototype.hasOwnProperty.call(SCENES, options.kind)
    ? options.kind
    : "beach";
  const seed = fmix((Math.floor(Number(options.seed) || 0) ^ hashString(kind)) >>> 0);
  const rnd = mulberry32(seed);
  rnd();
  const names = TIMES[kind];
  const name = item(names, Math.floor(rnd() * names.length) % names.length);
  const choices = SKIES.filter((s) => s.name === name);
  const sky = item(choices, Math.floor(rnd() * choices.length) % choices.length);
  const c: Ctx = { W, H, rnd, sky, defs: [], out: [], p: "s" + seed.toString(36) + "_", n: 0 };
  SCENES[kind](c);
  const flip = rnd() < 0.5;
  // Like a photograph, the picture carries no text: every slot crops it differently. Its title is
  // for assistive technology only.
  const fullTitle = String(options.title ?? "").trim();
  const fullCaption = String(options.caption ?? "").trim();
  const label = fullCaption ? `${fullTitle} \u2014 ${fullCaption}` : fullTitle;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" role="img">` +
    `<title>${esc(label)}</title><defs>${c.defs.join("")}</defs>` +
    `<g${flip ? ` transform="matrix(-1 0 0 1 ${W} 0)"` : ""}>${c.out.join("")}</g>` +
    `</svg>`
  );
}
