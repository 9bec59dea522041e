import { createHash } from 'node:crypto';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { generateImage, initialsOf, normaliseLabel } from '../../../src/extensions/demo-data/media/image-generator.js';

const spec = { seedKey: 'media:product/flagship/kitchen/knives#3', width: 800, height: 800, label: 'SK' };

describe('demo-data image generator', () => {
  it('writes a PNG of the requested size that a decoder reads', () => {
    const image = generateImage(spec);
    expect(image.mimeType).toBe('image/png');
    expect(image.fileExtension).toBe('png');
    expect(image.data.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(image.data.subarray(12, 16).toString('latin1')).toBe('IHDR');
    expect(image.data.readUInt32BE(16)).toBe(800);
    expect(image.data.readUInt32BE(20)).toBe(800);
    const decoded = PNG.sync.read(image.data);
    expect([decoded.width, decoded.height]).toEqual([800, 800]);
    // small enough to store a few hundred of them without thinking about it
    expect(image.data.length).toBeLessThan(150_000);
  });

  it('is byte-identical for the same spec and differs for another key', () => {
    const a = generateImage(spec).data;
    expect(generateImage({ ...spec }).data.equals(a)).toBe(true);
    expect(generateImage({ ...spec, seedKey: 'media:product/flagship/kitchen/knives#4' }).data.equals(a)).toBe(false);
  });

  it('pins the pixels (not the compressed bytes, which may vary with the zlib build)', () => {
    const pixels = PNG.sync.read(generateImage({ ...spec, width: 120, height: 80 }).data).data;
    expect(createHash('sha256').update(pixels).digest('hex')).toBe(PINNED_PIXELS);
  });

  it('draws the label: the monogram area is lighter than the same image without it', () => {
    const lit = (label: string) => {
      const { data, width } = PNG.sync.read(generateImage({ ...spec, width: 200, height: 200, label }).data);
      let sum = 0;
      for (let y = 70; y < 130; y++) for (let x = 50; x < 150; x++) sum += data[(y * width + x) * 4]!;
      return sum;
    };
    expect(lit('MW')).toBeGreaterThan(lit(''));
  });

  it('draws other sizes, e.g. a category banner', () => {
    const decoded = PNG.sync.read(generateImage({ ...spec, width: 1200, height: 400 }).data);
    expect([decoded.width, decoded.height]).toEqual([1200, 400]);
  });

  it('refuses sizes that are not whole numbers from 16 to 2000', () => {
    for (const [width, height] of [
      [0, 10],
      [800.5, 800],
      [4000, 800],
    ]) {
      expect(() => generateImage({ ...spec, width: width!, height: height! })).toThrow(/16 to 2000/);
    }
  });

  it('labels: initials of the first two words, up to three drawable characters', () => {
    expect(initialsOf('Santoku Knife Pro')).toBe('SK');
    expect(initialsOf("Chef's knife")).toBe('CK');
    expect(initialsOf('Öko Tee')).toBe('OT');
    expect(initialsOf('  ')).toBe('');
    expect(normaliseLabel('a&o!x')).toBe('A&O');
  });
});

// the decoded pixels when the drawing was fixed; drawing changes must update this on purpose
const PINNED_PIXELS = '88338541dd11260289d8d2748c4d8c4242fc7b9e8a072e0bc26e75d0c4dc0d0a';
