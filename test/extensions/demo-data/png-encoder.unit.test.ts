import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { encodePng } from '../../../src/extensions/demo-data/media/png-encoder.js';

describe('PNG encoder', () => {
  it('writes pixels that an independent decoder (pngjs, checking CRCs) reads back exactly', () => {
    const width = 7;
    const height = 5;
    const rgb = new Uint8Array(width * height * 3);
    // wrap-around differences between rows exercise the Up filter's modulo arithmetic
    for (let i = 0; i < rgb.length; i++) rgb[i] = (i * 37 + (i % 3) * 101) & 0xff;
    const decoded = PNG.sync.read(encodePng(width, height, rgb), { checkCRC: true } as never);
    expect([decoded.width, decoded.height]).toEqual([width, height]);
    for (let p = 0; p < width * height; p++) {
      expect([...decoded.data.subarray(p * 4, p * 4 + 4)]).toEqual([rgb[p * 3], rgb[p * 3 + 1], rgb[p * 3 + 2], 255]);
    }
  });

  it('refuses a pixel buffer of the wrong size', () => {
    expect(() => encodePng(2, 2, new Uint8Array(11))).toThrow(/expected 12 bytes/);
  });
});
