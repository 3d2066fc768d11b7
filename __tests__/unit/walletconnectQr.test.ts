// docs/behaviour.md §6.3: the QR code of the pairing URI, its defaults and the validation of its options.
import { QR_DEFAULTS, encodeQr, moduleRect, paintQr, qrLayout, qrSettings, type QrPainter } from '../../src/lib/qr';

const URI =
  'wc:7f6e504bfad60b485450578e05678ed3e8e8c4751d3c6160be17160d63ec90f9@2?relay-protocol=irn&symKey=587d5484ce2a2a6ee3ba1962fdd7e8588e06200c46823bd18fbd67def96ad303&expiryTimestamp=1700000300';

/** Records what a canvas context would be asked to draw. */
function recordingPainter() {
  const rects: { x: number; y: number; w: number; h: number; fill: unknown }[] = [];
  const painter: QrPainter = {
    fillStyle: undefined,
    fillRect(x, y, w, h) {
      rects.push({ x, y, w, h, fill: painter.fillStyle });
    },
  };
  return { painter, rects };
}

describe('defaults', () => {
  it('are 256x256, padding 4, error correction M, black on white, versions 1 to 40', () => {
    expect(qrSettings(URI)).toEqual({
      content: URI,
      width: 256,
      height: 256,
      padding: 4,
      errorCorrection: 'M',
      color: '#000000',
      background: '#ffffff',
      minVersion: 1,
      maxVersion: 40,
    });
    expect(QR_DEFAULTS).toMatchObject({ width: 256, height: 256, padding: 4, errorCorrection: 'M' });
  });

  it('keeps what the caller sets', () => {
    expect(qrSettings({ content: 'x', width: 300, height: 200, padding: 0, errorCorrection: 'H', color: '#112233', background: '#fefefe' })).toMatchObject({
      width: 300,
      height: 200,
      padding: 0,
      errorCorrection: 'H',
      color: '#112233',
      background: '#fefefe',
    });
  });
});

describe('validation', () => {
  it.each([
    ['content not a string', { content: 42 }, "Expected 'content' as string!"],
    ['no content', { content: undefined }, "Expected 'content' as string!"],
    ['empty content', { content: '' }, "Expected 'content' to be non-empty!"],
    ['negative padding', { content: URI, padding: -1 }, "Expected 'padding' value to be non-negative!"],
    ['zero width', { content: URI, width: 0 }, "Expected 'width' or 'height' value to be higher than zero!"],
    ['negative height', { content: URI, height: -5 }, "Expected 'width' or 'height' value to be higher than zero!"],
    ['width not a number', { content: URI, width: Number.NaN }, "Expected 'width' or 'height' value to be higher than zero!"],
  ])('%s is refused with its message (docs/behaviour.md §6.3)', (_case, options, message) => {
    expect(() => qrSettings(options)).toThrow(message);
    try {
      qrSettings(options);
    } catch (error) {
      expect(error).toMatchObject({ name: 'QrCodeError', message });
    }
  });

  it('refuses versions outside 1..40', () => {
    expect(() => qrSettings({ content: URI, maxVersion: 41 })).toThrow(/1 to 40/);
    expect(() => qrSettings({ content: URI, minVersion: 0 })).toThrow(/1 to 40/);
    expect(() => qrSettings({ content: URI, minVersion: 5, maxVersion: 4 })).toThrow(/minVersion first/);
  });
});

describe('encoding', () => {
  it('encodes a pairing URI in the smallest version that holds it, with the three finder patterns', async () => {
    const matrix = await encodeQr(qrSettings(URI));
    expect(matrix.version).toBeGreaterThanOrEqual(1);
    expect(matrix.version).toBeLessThanOrEqual(40);
    expect(matrix.size).toBe(17 + 4 * matrix.version);
    // A finder pattern: a dark 7x7 ring around a light ring around a dark 3x3 centre.
    const finderAt = (top: number, left: number) =>
      [0, 6].every((edge) => [...Array(7).keys()].every((i) => matrix.isDark(top + edge, left + i) && matrix.isDark(top + i, left + edge))) &&
      !matrix.isDark(top + 1, left + 1) &&
      matrix.isDark(top + 3, left + 3);
    expect(finderAt(0, 0)).toBe(true);
    expect(finderAt(0, matrix.size - 7)).toBe(true);
    expect(finderAt(matrix.size - 7, 0)).toBe(true);
  });

  it('needs a larger version for more content and stronger error correction', async () => {
    const small = await encodeQr(qrSettings({ content: URI, errorCorrection: 'L' }));
    const strong = await encodeQr(qrSettings({ content: URI, errorCorrection: 'H' }));
    expect(strong.version).toBeGreaterThan(small.version);
  });

  it('starts at minVersion when asked', async () => {
    expect((await encodeQr(qrSettings({ content: 'hi', minVersion: 5 }))).version).toBe(5);
  });

  it('fits 2331 bytes in version 40 at M, and says clearly when the content is too long', async () => {
    const fits = 'a'.repeat(2331);
    expect((await encodeQr(qrSettings(fits))).version).toBe(40);
    await expect(encodeQr(qrSettings('a'.repeat(2332)))).rejects.toMatchObject({
      name: 'QrCodeError',
      message: 'The content is too long for a QR code: 2332 bytes do not fit in version 40 at error correction M',
    });
  });

  it('honours a lower maxVersion', async () => {
    await expect(encodeQr(qrSettings({ content: URI, maxVersion: 2 }))).rejects.toThrow(/do not fit in version 2 at error correction M/);
  });
});

describe('painting', () => {
  it('fills the background, then one square per dark module, edges on whole pixels, filling all but the quiet zone', async () => {
    const settings = qrSettings(URI);
    const matrix = await encodeQr(settings);
    const { painter, rects } = recordingPainter();
    const layout = paintQr(painter, matrix, settings);

    expect(rects[0]).toEqual({ x: 0, y: 0, w: 256, h: 256, fill: '#ffffff' });
    const modules = rects.slice(1);
    let dark = 0;
    for (let r = 0; r < matrix.size; r += 1) for (let c = 0; c < matrix.size; c += 1) if (matrix.isDark(r, c)) dark += 1;
    expect(modules).toHaveLength(dark);
    expect(modules.every((m) => m.fill === '#000000' && [m.x, m.y, m.w, m.h].every(Number.isInteger))).toBe(true);
    // Modules differ by at most a pixel, and the symbol spans the area less 4 modules each side.
    const sides = new Set(modules.map((m) => m.w));
    expect(Math.max(...sides) - Math.min(...sides)).toBeLessThanOrEqual(1);
    expect(layout.moduleSize).toBeCloseTo(256 / (matrix.size + 8));
    const quiet = settings.padding * layout.moduleSize;
    expect(Math.min(...modules.map((m) => m.x))).toBeGreaterThanOrEqual(Math.floor(quiet));
    expect(Math.max(...modules.map((m) => m.x + m.w))).toBeLessThanOrEqual(Math.ceil(256 - quiet));
    expect(Math.max(...modules.map((m) => m.x + m.w)) - Math.min(...modules.map((m) => m.x))).toBeGreaterThanOrEqual(256 - 2 * quiet - 2);
  });

  it('leaves no gap between neighbouring modules', () => {
    const layout = qrLayout({ width: 256, height: 256, padding: 4 }, 33);
    const a = moduleRect(layout, 5, 5);
    const b = moduleRect(layout, 5, 6);
    expect(a.x + a.w).toBe(b.x);
  });

  it('centres the square symbol in a wide area', () => {
    const layout = qrLayout({ width: 400, height: 200, padding: 4 }, 32);
    expect(layout.moduleSize).toBe(5);
    expect(layout.top).toBe(20);
    expect(layout.left).toBe(120);
  });
});
