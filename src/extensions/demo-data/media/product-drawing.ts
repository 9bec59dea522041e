import sharp from 'sharp';
import type { GeneratedImage } from './image-generator.js';

/** What a product image shows: the kind of thing, in which colour, from which of three views. */
export interface Drawing {
  kind: DrawingKind;
  /** `#rrggbb`: the variant's colour, or one derived from the product. */
  colour: string;
  /** 0: the product alone; 1: a close-up, turned; 2: smaller, on a shelf against a wall. */
  view: 0 | 1 | 2;
}

export type DrawingKind =
  | 'knife' | 'pot' | 'plate' | 'lamp' | 'textile' | 'tent' | 'backpack' | 'bag' | 'bread' | 'pastry' | 'pouch' | 'cup'
  | 'bottle' | 'jar' | 'hammer' | 'trowel' | 'screw' | 'tape' | 'box' | 'shoe' | 'jacket' | 'mat' | 'soap';

/** The leaf category's key -> what its products look like (first match; a box when nothing fits). */
const KINDS: Array<[RegExp, DrawingKind]> = [
  [/knive|knife|blade/, 'knife'],
  [/cookware|pan|pot|kettle/, 'pot'],
  [/tableware|plate|china|stoneware|porcelain/, 'plate'],
  [/light|lamp/, 'lamp'],
  [/textile|throw|linen|blanket/, 'textile'],
  [/camping|tent/, 'tent'],
  [/backpack/, 'backpack'],
  [/tote|bag/, 'bag'],
  [/bread|bakery/, 'bread'],
  [/pastr/, 'pastry'],
  [/coffee/, 'pouch'],
  [/tea|infusion/, 'cup'],
  [/oil|juice|water|drink/, 'bottle'],
  [/spice|balm|pantry|bath/, 'jar'],
  [/soap/, 'soap'],
  [/hand-tool|tool/, 'hammer'],
  [/screw|anchor|fixing/, 'screw'],
  [/tape/, 'tape'],
  [/boot|sneaker|footwear|shoe/, 'shoe'],
  [/jacket|knit|protective|clothing|wear/, 'jacket'],
  [/yoga|recovery|mat/, 'mat'],
];

/**
 * Products whose name says they are not what their category mostly holds (a sleeping bag among the tents, a
 * hand fork among the garden tools): matched on the product's name first.
 */
const NAMED_KINDS: Array<[RegExp, DrawingKind]> = [
  [/Sleeping Bag$/, 'textile'],
  [/Camp Stove$/, 'pot'],
  [/Lantern$/, 'lamp'],
  [/(Shears|Fork|Trowel|Loppers)$/, 'trowel'],
];

/** What a product looks like: by its name where NAMED_KINDS knows it, else by its leaf category's key. */
export function drawingKindOf(leafKey: string, productName = ''): DrawingKind {
  return NAMED_KINDS.find(([pattern]) => pattern.test(productName))?.[1] ?? KINDS.find(([pattern]) => pattern.test(leafKey))?.[1] ?? 'box';
}

type Rgb = [number, number, number];

function rgbOf(hex: string): Rgb {
  return [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16)) as Rgb;
}

/** `colour` moved `share` of the way to white (positive) or black (negative). */
export function shade(colour: string, share: number): string {
  const target = share >= 0 ? 255 : 0;
  const s = Math.abs(share);
  return `#${rgbOf(colour)
    .map((c) => Math.round(c * (1 - s) + target * s).toString(16).padStart(2, '0'))
    .join('')}`;
}

const STEEL = 'url(#steel)';
const MAIN = 'url(#main)';
const WOOD = '#8a5a36';

/** The object, drawn around (400, 430) in an 800×800 box; fills: MAIN (the colour, shaded), STEEL, plain colours. */
function shapeOf(kind: DrawingKind, c: string): string {
  const dark = shade(c, -0.35);
  const light = shade(c, 0.45);
  switch (kind) {
    case 'knife':
      return `<path d="M150 470 L520 400 Q640 380 690 420 Q600 470 520 478 Z" fill="${STEEL}"/><path d="M170 462 L520 404" stroke="#fff" stroke-opacity=".6" stroke-width="4"/>
        <rect x="60" y="455" width="150" height="46" rx="20" fill="${MAIN}" transform="rotate(-11 135 478)"/><circle cx="100" cy="483" r="6" fill="#ddd"/><circle cx="150" cy="473" r="6" fill="#ddd"/>`;
    case 'pot':
      return `<rect x="220" y="360" width="360" height="240" rx="40" fill="${MAIN}"/><ellipse cx="400" cy="362" rx="182" ry="36" fill="${dark}"/><ellipse cx="400" cy="352" rx="170" ry="30" fill="${light}"/>
        <rect x="150" y="390" width="80" height="26" rx="13" fill="${dark}"/><rect x="570" y="390" width="80" height="26" rx="13" fill="${dark}"/><ellipse cx="400" cy="322" rx="30" ry="14" fill="${dark}"/>
        <path d="M250 420 Q260 560 330 585" stroke="#fff" stroke-opacity=".35" stroke-width="14" fill="none"/>`;
    case 'plate':
      return `<ellipse cx="400" cy="450" rx="300" ry="150" fill="${MAIN}"/><ellipse cx="400" cy="440" rx="225" ry="105" fill="${light}"/><ellipse cx="400" cy="445" rx="160" ry="70" fill="#fff" fill-opacity=".35"/>
        <ellipse cx="630" cy="330" rx="90" ry="45" fill="${dark}"/><ellipse cx="630" cy="322" rx="64" ry="30" fill="${light}"/>`;
    case 'lamp':
      return `<circle cx="400" cy="330" r="190" fill="#fff6c8" fill-opacity=".45"/><path d="M290 220 L510 220 L580 380 L220 380 Z" fill="${MAIN}"/><rect x="388" y="380" width="24" height="220" fill="${STEEL}"/>
        <ellipse cx="400" cy="615" rx="130" ry="30" fill="${dark}"/><ellipse cx="400" cy="380" rx="180" ry="16" fill="#fff5b0"/>`;
    case 'textile':
      return [0, 1, 2].map((i) => `<rect x="${180 + i * 12}" y="${520 - i * 80}" width="440" height="90" rx="22" fill="${i === 1 ? light : MAIN}"/><path d="M${200 + i * 12} ${545 - i * 80} H${600 + i * 12}" stroke="${dark}" stroke-width="8" stroke-dasharray="22 14"/>`).join('');
    case 'tent':
      return `<path d="M140 600 L400 220 L660 600 Z" fill="${MAIN}"/><path d="M400 220 L660 600 L720 600 L460 250 Z" fill="${dark}"/><path d="M340 600 L400 430 L460 600 Z" fill="#2b2b2b" fill-opacity=".7"/>
        <path d="M400 220 L400 180" stroke="${WOOD}" stroke-width="10"/><path d="M100 605 H740" stroke="#6b7b5a" stroke-width="10"/>`;
    case 'backpack':
      return `<rect x="260" y="230" width="280" height="380" rx="90" fill="${MAIN}"/><path d="M260 330 Q400 250 540 330 L540 380 L260 380 Z" fill="${dark}"/><rect x="310" y="450" width="180" height="120" rx="30" fill="${light}"/>
        <path d="M330 230 Q400 150 470 230" stroke="${dark}" stroke-width="22" fill="none"/><rect x="392" y="380" width="16" height="40" fill="#ddd"/>`;
    case 'bag':
      return `<path d="M230 330 L570 330 L610 620 L190 620 Z" fill="${MAIN}"/><path d="M300 330 Q300 190 400 190 Q500 190 500 330" stroke="${dark}" stroke-width="26" fill="none"/><rect x="300" y="430" width="200" height="90" rx="10" fill="${light}" fill-opacity=".8"/>`;
    case 'bread':
      return `<ellipse cx="400" cy="450" rx="270" ry="150" fill="#b9773c"/><ellipse cx="400" cy="420" rx="240" ry="115" fill="#d39a5a"/>
        ${[0, 1, 2, 3].map((i) => `<path d="M${250 + i * 90} 360 q40 60 10 130" stroke="#f0d2a4" stroke-width="14" fill="none"/>`).join('')}<rect x="180" y="560" width="440" height="40" rx="8" fill="${MAIN}"/>`;
    case 'pastry':
      return `<path d="M180 470 Q400 220 620 470 Q400 560 180 470 Z" fill="#d29a4e"/>${[0, 1, 2, 3].map((i) => `<path d="M${280 + i * 70} 330 q-20 90 10 190" stroke="#a86b2c" stroke-width="10" fill="none"/>`).join('')}
        <ellipse cx="400" cy="560" rx="280" ry="40" fill="${MAIN}"/>`;
    case 'pouch':
      return `<path d="M270 210 L530 210 L560 620 L240 620 Z" fill="${MAIN}"/><rect x="270" y="200" width="260" height="34" fill="${dark}"/><rect x="300" y="360" width="200" height="150" rx="12" fill="#f6f0e4"/>
        <ellipse cx="400" cy="435" rx="40" ry="56" fill="#5a3a22"/><path d="M400 385 Q380 435 400 488" stroke="#f6f0e4" stroke-width="6" fill="none"/>`;
    case 'cup':
      return `<path d="M250 330 L550 330 L520 570 Q400 610 280 570 Z" fill="${MAIN}"/><path d="M548 380 Q650 390 620 470 Q600 520 530 515" stroke="${dark}" stroke-width="24" fill="none"/><ellipse cx="400" cy="330" rx="150" ry="30" fill="#8a5a2c"/>
        <ellipse cx="400" cy="600" rx="230" ry="36" fill="${light}"/><path d="M360 280 q-30 -50 0 -100 M440 280 q-30 -50 0 -100" stroke="#bbb" stroke-width="8" fill="none"/>`;
    case 'bottle':
      return `<path d="M350 160 L450 160 L450 260 Q540 300 540 380 L540 620 Q540 640 520 640 L280 640 Q260 640 260 620 L260 380 Q260 300 350 260 Z" fill="${MAIN}"/><rect x="345" y="120" width="110" height="56" rx="10" fill="${dark}"/>
        <rect x="285" y="420" width="230" height="140" rx="10" fill="#f6f0e4"/><path d="M300 330 Q290 500 300 600" stroke="#fff" stroke-opacity=".4" stroke-width="16" fill="none"/>`;
    case 'jar':
      return `<rect x="250" y="300" width="300" height="320" rx="50" fill="${MAIN}"/><rect x="270" y="240" width="260" height="80" rx="16" fill="${dark}"/><rect x="290" y="400" width="220" height="120" rx="10" fill="#f6f0e4"/>
        <path d="M280 350 Q270 500 290 590" stroke="#fff" stroke-opacity=".35" stroke-width="14" fill="none"/>`;
    case 'soap':
      return `<rect x="200" y="380" width="400" height="190" rx="70" fill="${MAIN}"/><rect x="230" y="370" width="340" height="120" rx="55" fill="${light}"/>${[0, 1, 2].map((i) => `<circle cx="${560 - i * 60}" cy="${330 - i * 40}" r="${24 - i * 5}" fill="#fff" fill-opacity=".6" stroke="${dark}" stroke-opacity=".3"/>`).join('')}`;
    case 'hammer':
      return `<rect x="385" y="300" width="40" height="330" rx="16" fill="${MAIN}" transform="rotate(20 405 465)"/><path d="M250 250 L520 250 L560 290 L520 320 L250 320 Q230 285 250 250 Z" fill="${STEEL}" transform="rotate(20 405 285)"/>`;
    case 'trowel':
      // a hand tool of the garden: a steel head (tines or blade) on a coloured handle, lying diagonally
      return `<rect x="150" y="440" width="230" height="52" rx="24" fill="${MAIN}" transform="rotate(-25 265 466)"/><rect x="360" y="392" width="70" height="22" rx="8" fill="${STEEL}" transform="rotate(-25 395 403)"/>
        <path d="M420 350 Q560 250 690 240 Q650 330 470 420 Z" fill="${STEEL}"/><path d="M450 370 Q560 300 660 262" stroke="#fff" stroke-opacity=".5" stroke-width="5" fill="none"/>`;
    case 'screw':
      return `<path d="M330 220 H470 L450 270 H350 Z" fill="${STEEL}"/><path d="M360 270 H440 L420 560 L400 610 L380 560 Z" fill="${STEEL}"/>${[0, 1, 2, 3, 4, 5, 6].map((i) => `<path d="M358 ${300 + i * 38} L442 ${285 + i * 38}" stroke="#6b7078" stroke-width="7"/>`).join('')}
        <rect x="520" y="430" width="180" height="170" rx="10" fill="${MAIN}"/><rect x="545" y="470" width="130" height="60" fill="#f6f0e4"/>`;
    case 'tape':
      return `<circle cx="400" cy="430" r="200" fill="${MAIN}"/><circle cx="400" cy="430" r="95" fill="#c9a46c"/><circle cx="400" cy="430" r="70" fill="#f4efe6"/><path d="M560 550 L700 640 L660 680 L530 590 Z" fill="${dark}"/>`;
    case 'shoe':
      return `<path d="M170 560 Q170 420 260 400 L360 380 Q420 300 470 310 L520 420 Q620 440 650 520 L650 580 L170 580 Z" fill="${MAIN}"/><rect x="160" y="575" width="500" height="40" rx="16" fill="#f2efe8"/>
        ${[0, 1, 2].map((i) => `<path d="M${380 + i * 30} ${360 + i * 20} l40 14" stroke="#fff" stroke-width="8"/>`).join('')}`;
    case 'jacket':
      return `<path d="M300 200 L360 180 Q400 230 440 180 L500 200 L640 300 L590 400 L540 360 L540 630 L260 630 L260 360 L210 400 L160 300 Z" fill="${MAIN}"/><path d="M400 230 V630" stroke="${dark}" stroke-width="8"/>
        <path d="M300 200 L400 320 L500 200" stroke="${dark}" stroke-width="10" fill="none"/>${[0, 1, 2, 3].map((i) => `<circle cx="415" cy="${380 + i * 60}" r="9" fill="${light}"/>`).join('')}`;
    case 'mat':
      return `<rect x="150" y="430" width="500" height="160" rx="80" fill="${MAIN}"/><ellipse cx="650" cy="510" rx="60" ry="80" fill="${dark}"/><ellipse cx="650" cy="510" rx="38" ry="52" fill="${light}"/><ellipse cx="650" cy="510" rx="14" ry="20" fill="${dark}"/>`;
    case 'box':
      return `<path d="M200 330 L400 250 L600 330 L400 410 Z" fill="${light}"/><path d="M200 330 L400 410 L400 640 L200 560 Z" fill="${MAIN}"/><path d="M600 330 L400 410 L400 640 L600 560 Z" fill="${dark}"/>
        <path d="M300 290 L500 370 L500 440" stroke="#e9d8b0" stroke-width="30" fill="none"/>`;
  }
}

/** The whole picture as SVG: a soft background in a pale tint of the colour, the view's framing, the object. */
export function drawingSvg(drawing: Drawing, size = 800): string {
  const c = drawing.colour;
  const frame =
    drawing.view === 1
      ? 'translate(400 420) scale(1.45) rotate(-10) translate(-400 -420)'
      : drawing.view === 2
        ? 'translate(400 470) scale(0.62) translate(-400 -470)'
        : '';
  const scenery =
    drawing.view === 2
      ? `<rect x="0" y="0" width="800" height="560" fill="${shade(c, 0.82)}"/><rect x="0" y="560" width="800" height="240" fill="#c8a27a"/><rect x="0" y="560" width="800" height="18" fill="#a77f57"/>
         <rect x="560" y="120" width="160" height="220" fill="#fff" stroke="${shade(c, 0.5)}" stroke-width="10"/><circle cx="640" cy="230" r="50" fill="${shade(c, 0.3)}"/>`
      : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 800 800">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${shade(c, 0.9)}"/><stop offset="1" stop-color="${shade(c, 0.72)}"/></linearGradient>
    <linearGradient id="main" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${shade(c, 0.25)}"/><stop offset=".55" stop-color="${c}"/><stop offset="1" stop-color="${shade(c, -0.4)}"/></linearGradient>
    <linearGradient id="steel" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#eef1f4"/><stop offset=".5" stop-color="#b8bfc7"/><stop offset="1" stop-color="#7d858f"/></linearGradient>
    <radialGradient id="shadow"><stop offset="0" stop-color="#000" stop-opacity=".28"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>
  </defs>
  <rect width="800" height="800" fill="url(#bg)"/>${scenery}
  <g transform="${frame}"><ellipse cx="400" cy="650" rx="300" ry="48" fill="url(#shadow)"/>${shapeOf(drawing.kind, c)}</g>
</svg>`;
}

/** Renders the drawing to PNG (librsvg inside sharp: offline, the same bytes for the same drawing). */
export async function drawProductImage(drawing: Drawing, size = 800): Promise<GeneratedImage> {
  const data = await sharp(Buffer.from(drawingSvg(drawing, size))).png({ compressionLevel: 9 }).toBuffer();
  return { data, mimeType: 'image/png', fileExtension: 'png', width: size, height: size };
}

/** A channel's logo: a rounded badge in its colour with its initial, and a wordmark; PNG, offline. */
export async function drawLogo(name: string, colour: string): Promise<GeneratedImage> {
  const initial = (name.replace(/^Quayside\s+/i, '').trim()[0] ?? 'Q').toUpperCase();
  const word = name.replace(/[<>&"']/g, '');
  // the wordmark fits the 454 px beside the badge (a bold sans glyph is about 0.64 em wide)
  const fontSize = Math.min(46, Math.floor(454 / (0.64 * Math.max(word.length, 1))));
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="160" viewBox="0 0 640 160">
  <rect x="8" y="8" width="144" height="144" rx="36" fill="${colour}"/><circle cx="80" cy="80" r="50" fill="none" stroke="#fff" stroke-width="8" stroke-opacity=".85"/>
  <text x="80" y="100" font-family="DejaVu Sans, Arial, sans-serif" font-weight="bold" font-size="58" fill="#fff" text-anchor="middle">${initial}</text>
  <text x="176" y="102" font-family="DejaVu Sans, Arial, sans-serif" font-weight="bold" font-size="${fontSize}" fill="${shade(colour, -0.45)}">${word}</text>
</svg>`;
  const data = await sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
  return { data, mimeType: 'image/png', fileExtension: 'png', width: 640, height: 160 };
}
