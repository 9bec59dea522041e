import { derive } from '../values/derive.js';
import { GLYPH_COLUMNS, GLYPH_ROWS, glyphDots, hasGlyph } from './dot-font.js';
import { encodePng } from './png-encoder.js';

/** What an image is drawn from: the node key seeds colours and shapes, the label is printed in dots. */
export interface ImageSpec {
  seedKey: string;
  width: number;
  height: number;
  /** One to three characters (A–Z, 0–9, &), e.g. a product's initials. */
  label: string;
}

export interface GeneratedImage {
  data: Buffer;
  mimeType: 'image/png';
  fileExtension: 'png';
  width: number;
  height: number;
}

const MAX_SIDE = 2000;
const MAX_LABEL = 3;
/** Keeps span borders on the exact (per-pixel) path despite rounding in the square roots. */
const EPSILON = 1e-6;

/**
 * Draws a PNG offline: a two-colour gradient, a few soft circles and rings, and the label as a dot-matrix
 * monogram. Everything comes from the seed key, so the same spec gives the same bytes on every run and
 * needs no font, network or native library.
 */
export function generateImage(spec: ImageSpec): GeneratedImage {
  const { width, height } = spec;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 16 || height < 16 || width > MAX_SIDE || height > MAX_SIDE) {
    throw new Error(`generateImage: width and height must be whole numbers from 16 to ${MAX_SIDE}, got ${width}×${height}`);
  }
  const canvas = new Canvas(width, height);
  const random = derive(spec.seedKey, 'image');

  const hue = random.int(0, 359);
  const secondHue = (hue + random.int(25, 70)) % 360;
  const saturation = random.int(38, 62);
  const from = hsl(hue, saturation, random.int(66, 76));
  const to = hsl(secondHue, saturation, random.int(38, 50));
  canvas.gradient(from, to, random.int(0, 3));

  const side = Math.min(width, height);
  const white: Rgb = [255, 255, 255];
  const black: Rgb = [0, 0, 0];
  // a small dark dot, one large light disc, one ring: enough to tell images apart at a glance
  canvas.disc(random.int(0, width), random.int(0, height), side * (0.05 + random.next() * 0.07), black, 0.1);
  canvas.disc(random.int(0, width), random.int(0, height), side * (0.35 + random.next() * 0.25), white, 0.16);
  canvas.ring(random.int(0, width), random.int(0, height), side * (0.18 + random.next() * 0.2), side * 0.018, white, 0.3);

  const label = normaliseLabel(spec.label);
  if (label !== '') canvas.monogram(label, white, 0.94);

  const data = encodePng(width, height, canvas.pixels);
  return { data, mimeType: 'image/png', fileExtension: 'png', width, height };
}

/** Up to three printable characters of a label, upper-cased; others are dropped. */
export function normaliseLabel(label: string): string {
  return [...label.toUpperCase()].filter(hasGlyph).slice(0, MAX_LABEL).join('');
}

/** "Santoku Knife Pro" -> "SK": the first letters of the first two words that have a glyph. */
export function initialsOf(name: string): string {
  const words = name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    // "Chef's" is one word
    .replace(/['’]/g, '')
    .split(/[^A-Za-z0-9&]+/)
    .filter((w) => w !== '');
  return words
    .map((w) => [...w].find(hasGlyph) ?? '')
    .filter((c) => c !== '')
    .slice(0, 2)
    .join('')
    .toUpperCase();
}

type Rgb = [number, number, number];

function hsl(h: number, s: number, l: number): Rgb {
  const sat = s / 100;
  const light = l / 100;
  const k = (n: number) => (n + h / 30) % 12;
  const a = sat * Math.min(light, 1 - light);
  const f = (n: number) => light - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return [Math.round(f(0) * 255), Math.round(f(8) * 255), Math.round(f(4) * 255)];
}

/** An RGB pixel buffer with the few anti-aliased primitives the images need. */
class Canvas {
  readonly pixels: Buffer;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.pixels = Buffer.alloc(width * height * 3);
  }

  /** direction 0..3: towards bottom-right, bottom-left, bottom, right. */
  gradient(from: Rgb, to: Rgb, direction: number): void {
    const { width, height, pixels } = this;
    // t is linear in x within a row: start value and step per pixel, so the loop only adds
    const stepX = direction === 0 ? 0.5 / (width - 1) : direction === 1 ? -0.5 / (width - 1) : direction === 2 ? 0 : 1 / (width - 1);
    const stepY = direction === 0 || direction === 1 ? 0.5 / (height - 1) : direction === 2 ? 1 / (height - 1) : 0;
    const startT = direction === 1 ? 0.5 : 0;
    const d0 = to[0] - from[0];
    const d1 = to[1] - from[1];
    const d2 = to[2] - from[2];
    let i = 0;
    for (let y = 0; y < height; y++) {
      let t = startT + stepY * y;
      for (let x = 0; x < width; x++, t += stepX, i += 3) {
        pixels[i] = (from[0] + d0 * t + 0.5) | 0;
        pixels[i + 1] = (from[1] + d1 * t + 0.5) | 0;
        pixels[i + 2] = (from[2] + d2 * t + 0.5) | 0;
      }
    }
  }

  /** A filled circle: full cover inside, anti-aliased over the last pixel of its edge. */
  disc(cx: number, cy: number, radius: number, colour: Rgb, alpha: number): void {
    this.shade(cx, cy, radius + 0.5, 0, radius - 0.5, (d) => radius - d + 0.5, colour, alpha);
  }

  /** A circle line of `thickness` pixels around `radius`. */
  ring(cx: number, cy: number, radius: number, thickness: number, colour: Rgb, alpha: number): void {
    const half = thickness / 2;
    this.shade(cx, cy, radius + half + 0.5, Math.max(0, radius - half - 0.5), 0, (d) => half - Math.abs(d - radius) + 0.5, colour, alpha);
  }

  /** The label's dots, centred, as large as fits 60 % of the width and 45 % of the height. */
  monogram(label: string, colour: Rgb, alpha: number): void {
    const chars = [...label];
    const columns = chars.length * GLYPH_COLUMNS + (chars.length - 1);
    const cell = Math.min((this.width * 0.6) / columns, (this.height * 0.45) / GLYPH_ROWS);
    const left = (this.width - columns * cell) / 2;
    const top = (this.height - GLYPH_ROWS * cell) / 2;
    const radius = cell * 0.42;
    chars.forEach((char, index) => {
      for (const [col, row] of glyphDots(char) ?? []) {
        const cx = left + (index * (GLYPH_COLUMNS + 1) + col + 0.5) * cell;
        const cy = top + (row + 0.5) * cell;
        this.disc(cx, cy, radius, colour, alpha);
      }
    });
  }

  /**
   * Blends `colour` into the pixels around (cx, cy) by the coverage `cover(distance)`, clamped to 0..1.
   * Per row only the span within `outer` is visited, minus the `hole` (nothing there), and the span
   * within `solid` (fully covered) is blended without a square root: a large disc is mostly interior.
   * The spans are shrunk by a hair so pixels on their borders take the exact path.
   */
  private shade(cx: number, cy: number, outer: number, hole: number, solid: number, cover: (distance: number) => number, colour: Rgb, alpha: number): void {
    const { width, height } = this;
    const y0 = Math.max(0, Math.floor(cy - outer));
    const y1 = Math.min(height - 1, Math.ceil(cy + outer));
    for (let y = y0; y <= y1; y++) {
      const dy = y + 0.5 - cy;
      const dy2 = dy * dy;
      if (dy2 >= outer * outer) continue;
      const reach = Math.sqrt(outer * outer - dy2) + EPSILON;
      const left = Math.max(0, Math.floor(cx - reach - 0.5));
      const right = Math.min(width - 1, Math.ceil(cx + reach - 0.5));
      // [holeLeft, holeRight] is skipped, [solidLeft, solidRight] blended at full weight
      const [holeLeft, holeRight] = span(cx, dy2, hole, left, right);
      const [solidLeft, solidRight] = span(cx, dy2, solid, left, right);
      for (let x = left; x <= right; x++) {
        if (x === holeLeft) {
          x = holeRight;
          continue;
        }
        if (x === solidLeft) {
          this.blendRun(y, solidLeft, solidRight, colour, alpha);
          x = solidRight;
          continue;
        }
        const dx = x + 0.5 - cx;
        const c = cover(Math.sqrt(dx * dx + dy2));
        if (c > 0) this.blendRun(y, x, x, colour, alpha * (c >= 1 ? 1 : c));
      }
    }
  }

  private blendRun(y: number, x0: number, x1: number, colour: Rgb, weight: number): void {
    const pixels = this.pixels;
    for (let i = (y * this.width + x0) * 3, end = (y * this.width + x1) * 3; i <= end; i += 3) {
      pixels[i] = pixels[i]! + (colour[0] - pixels[i]!) * weight;
      pixels[i + 1] = pixels[i + 1]! + (colour[1] - pixels[i + 1]!) * weight;
      pixels[i + 2] = pixels[i + 2]! + (colour[2] - pixels[i + 2]!) * weight;
    }
  }
}

/**
 * The pixel columns [first, last] of a row whose centres lie within `radius` of cx (shrunk by EPSILON),
 * clipped to [left, right]; [-1, -1] when there are none, so a loop never meets `first`.
 */
function span(cx: number, dy2: number, radius: number, left: number, right: number): [number, number] {
  if (dy2 >= radius * radius) return [-1, -1];
  const half = Math.sqrt(radius * radius - dy2) - EPSILON;
  const first = Math.max(left, Math.ceil(cx - half - 0.5));
  const last = Math.min(right, Math.floor(cx + half - 0.5));
  return first <= last ? [first, last] : [-1, -1];
}
