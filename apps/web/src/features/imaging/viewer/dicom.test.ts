import { describe, expect, it } from 'vitest';
import { buildDicom } from '../../../../../server/src/modules/imaging/dicom-fixture.ts';
import { applyWindow, decodeDicom, DicomUnsupported, dragWindow } from './dicom.ts';
import { zoomAt, INITIAL_VIEW } from './types.ts';

/** The viewer's decoding of real Part-10 files (helper A's fixture writer, the one the server and seeds use). */
const file = (over: Partial<Parameters<typeof buildDicom>[0]> = {}) =>
  new Uint8Array(
    buildDicom({ studyUid: '1.2.3', seriesUid: '1.2.3.4', sopUid: '1.2.3.4.5', rows: 8, columns: 6, instanceNumber: 7, ...over }),
  );

describe('decodeDicom', () => {
  it('reads geometry, window, identifiers and every 16-bit pixel', () => {
    const f = decodeDicom(file({ modality: 'CT' }));
    expect(f.rows).toBe(8);
    expect(f.columns).toBe(6);
    expect(f.pixels.length).toBe(48);
    expect(f.windowCenter).toBe(2048);
    expect(f.windowWidth).toBe(4096);
    expect(f.modality).toBe('CT');
    expect(f.studyUid).toBe('1.2.3');
    expect(f.seriesUid).toBe('1.2.3.4');
    expect(f.instanceNo).toBe(7);
    expect(f.invert).toBe(false);
    // The fixture's gradient starts at 0 in the top-left corner; its disc is 3500.
    expect(f.pixels[0]).toBe(0);
    expect(f.max).toBe(3500);
  });

  it('decodes from an unaligned offset inside a larger buffer (the upload path hands sub-arrays)', () => {
    const bytes = file();
    const big = new Uint8Array(bytes.length + 1);
    big.set(bytes, 1);
    expect(decodeDicom(big.subarray(1)).pixels[47]).toBe(decodeDicom(bytes).pixels[47]);
  });

  it('refuses what is not DICOM and compressed transfer syntaxes', () => {
    expect(() => decodeDicom(new TextEncoder().encode('<html>not dicom</html>'))).toThrow(DicomUnsupported);
    const compressed = file();
    // Swap the explicit-LE transfer syntax UID for JPEG baseline of the same length (…1.2.1 → …1.2.4.50 is longer; use 1.2.5 RLE, same length).
    const text = new TextDecoder('latin1').decode(compressed);
    const at = text.indexOf('1.2.840.10008.1.2.1');
    compressed.set(new TextEncoder().encode('1.2.840.10008.1.2.5'), at);
    expect(() => decodeDicom(compressed)).toThrowError(expect.objectContaining({ reason: 'compressed' }));
  });
});

describe('applyWindow', () => {
  it('maps below the window to black, above to white, linear between', () => {
    const f = decodeDicom(file());
    const out = new Uint8ClampedArray(f.rows * f.columns * 4);
    applyWindow(f, 1000, 2, out);
    for (let i = 0; i < f.pixels.length; i++) {
      const v = f.pixels[i]!;
      expect(out[i * 4]).toBe(v <= 999 ? 0 : v >= 1001 ? 255 : out[i * 4]);
      expect(out[i * 4 + 3]).toBe(255);
    }
    // A full-range window keeps order: a brighter stored value is never darker on screen.
    applyWindow(f, 2048, 4096, out);
    const order = [...f.pixels.keys()].sort((a, b) => f.pixels[a]! - f.pixels[b]!);
    for (let k = 1; k < order.length; k++) expect(out[order[k]! * 4]!).toBeGreaterThanOrEqual(out[order[k - 1]! * 4]!);
  });

  it('inverts MONOCHROME1', () => {
    const f = { ...decodeDicom(file()), invert: true };
    const out = new Uint8ClampedArray(f.rows * f.columns * 4);
    applyWindow(f, 1000, 2, out);
    expect(out[0]).toBe(255); // stored 0 is below the window: white when inverted
  });
});

describe('viewer geometry', () => {
  it('drags widen the window to the right and raise the centre downwards', () => {
    const f = decodeDicom(file());
    const w = dragWindow(f, { center: 100, width: 200 }, 40, -40);
    expect(w.width).toBeGreaterThan(200);
    expect(w.center).toBeLessThan(100);
    expect(dragWindow(f, { center: 0, width: 5 }, -10_000, 0).width).toBe(1);
  });

  it('zooms around the cursor and clamps', () => {
    const v = zoomAt(INITIAL_VIEW, 2, 100, 0);
    expect(v.zoom).toBe(2);
    // The point under the cursor (100 px right of centre) stays there: (100 - x) / zoom = 100 / 1.
    expect((100 - v.x) / v.zoom).toBeCloseTo(100);
    expect(zoomAt({ ...INITIAL_VIEW, zoom: 19 }, 10).zoom).toBe(20);
  });
});
