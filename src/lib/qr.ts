// QR codes for pairing URIs (docs/behaviour.md §6.3): option validation with its messages, encoding
// with `qrcode` (loaded on demand, so it never weighs on the first visit), and painting the modules
// on a canvas at the requested size with a quiet zone of `padding` modules.
import { WalletdeckError } from './errors';

export type QrErrorCorrection = 'L' | 'M' | 'Q' | 'H';

export interface QrOptions {
  content: unknown;
  width?: number;
  height?: number;
  /** Quiet zone around the code, in modules. */
  padding?: number;
  errorCorrection?: QrErrorCorrection;
  color?: string;
  background?: string;
  /** Smallest and largest QR versions to use (1..40). */
  minVersion?: number;
  maxVersion?: number;
}

export interface QrSettings {
  content: string;
  width: number;
  height: number;
  padding: number;
  errorCorrection: QrErrorCorrection;
  color: string;
  background: string;
  minVersion: number;
  maxVersion: number;
}

export const QR_DEFAULTS = {
  width: 256,
  height: 256,
  padding: 4,
  errorCorrection: 'M',
  color: '#000000',
  background: '#ffffff',
  minVersion: 1,
  maxVersion: 40,
} as const satisfies Omit<QrSettings, 'content'>;

export const QR_ERROR_NAME = 'QrCodeError';

export const QR_MESSAGES = {
  contentNotString: "Expected 'content' as string!",
  contentEmpty: "Expected 'content' to be non-empty!",
  paddingNegative: "Expected 'padding' value to be non-negative!",
  sizeNotPositive: "Expected 'width' or 'height' value to be higher than zero!",
  errorCorrection: "Expected 'errorCorrection' to be one of L, M, Q, H!",
  version: "Expected 'minVersion' and 'maxVersion' to be integers from 1 to 40, minVersion first!",
  tooLong: (bytes: number, maxVersion: number, level: QrErrorCorrection) =>
    `The content is too long for a QR code: ${bytes} bytes do not fit in version ${maxVersion} at error correction ${level}`,
} as const;

function fail(message: string): never {
  throw new WalletdeckError(QR_ERROR_NAME, message);
}

/** Checks the options and fills in the defaults. A plain string is the content. */
export function qrSettings(options: QrOptions | string): QrSettings {
  const input: QrOptions = typeof options === 'string' ? { content: options } : options;
  if (typeof input.content !== 'string') fail(QR_MESSAGES.contentNotString);
  if (input.content.length === 0) fail(QR_MESSAGES.contentEmpty);
  const padding = input.padding ?? QR_DEFAULTS.padding;
  if (!(padding >= 0)) fail(QR_MESSAGES.paddingNegative);
  const width = input.width ?? QR_DEFAULTS.width;
  const height = input.height ?? QR_DEFAULTS.height;
  if (!(width > 0) || !(height > 0)) fail(QR_MESSAGES.sizeNotPositive);
  const errorCorrection = input.errorCorrection ?? QR_DEFAULTS.errorCorrection;
  if (!['L', 'M', 'Q', 'H'].includes(errorCorrection)) fail(QR_MESSAGES.errorCorrection);
  const minVersion = input.minVersion ?? QR_DEFAULTS.minVersion;
  const maxVersion = input.maxVersion ?? QR_DEFAULTS.maxVersion;
  const versionOk = (v: number) => Number.isInteger(v) && v >= 1 && v <= 40;
  if (!versionOk(minVersion) || !versionOk(maxVersion) || minVersion > maxVersion) fail(QR_MESSAGES.version);
  return {
    content: input.content,
    width,
    height,
    padding,
    errorCorrection,
    color: input.color ?? QR_DEFAULTS.color,
    background: input.background ?? QR_DEFAULTS.background,
    minVersion,
    maxVersion,
  };
}

/** The encoded symbol: `size` x `size` modules. */
export interface QrMatrix {
  size: number;
  version: number;
  isDark(row: number, col: number): boolean;
}

const utf8Length = (text: string) => new TextEncoder().encode(text).length;

/** Encodes the content in the smallest version from minVersion that fits; too long is a clear error. */
export async function encodeQr(settings: QrSettings): Promise<QrMatrix> {
  const { create } = await import(/* webpackChunkName: "qrcode" */ 'qrcode');
  let code: ReturnType<typeof create>;
  try {
    code = create(settings.content, { errorCorrectionLevel: settings.errorCorrection });
  } catch {
    // `qrcode` refuses anything beyond version 40; its own wording does not say what to change.
    fail(QR_MESSAGES.tooLong(utf8Length(settings.content), settings.maxVersion, settings.errorCorrection));
  }
  if (code.version > settings.maxVersion) fail(QR_MESSAGES.tooLong(utf8Length(settings.content), settings.maxVersion, settings.errorCorrection));
  if (code.version < settings.minVersion) {
    code = create(settings.content, { errorCorrectionLevel: settings.errorCorrection, version: settings.minVersion });
  }
  const { size, data } = code.modules;
  return { size, version: code.version, isDark: (row, col) => data[row * size + col] === 1 };
}

export interface QrLayout {
  /** Side of one module in pixels (fractional: module edges are snapped to whole pixels when painted). */
  moduleSize: number;
  /** Where the first module (after the quiet zone) starts. */
  left: number;
  top: number;
}

/** Fits the symbol plus its quiet zone of `padding` modules into width x height, centred. */
export function qrLayout(settings: Pick<QrSettings, 'width' | 'height' | 'padding'>, size: number): QrLayout {
  const moduleSize = Math.min(settings.width, settings.height) / (size + 2 * settings.padding);
  const symbol = moduleSize * size;
  return { moduleSize, left: (settings.width - symbol) / 2, top: (settings.height - symbol) / 2 };
}

/** A module's square with its edges on whole pixels: crisp for a camera, no gaps between modules. */
export function moduleRect(layout: QrLayout, row: number, col: number): { x: number; y: number; w: number; h: number } {
  const x = Math.round(layout.left + col * layout.moduleSize);
  const y = Math.round(layout.top + row * layout.moduleSize);
  return { x, y, w: Math.round(layout.left + (col + 1) * layout.moduleSize) - x, h: Math.round(layout.top + (row + 1) * layout.moduleSize) - y };
}

/** The part of a 2D canvas context the painter uses. */
export interface QrPainter {
  fillStyle: unknown;
  fillRect(x: number, y: number, w: number, h: number): void;
}

export function paintQr(painter: QrPainter, matrix: QrMatrix, settings: QrSettings): QrLayout {
  const layout = qrLayout(settings, matrix.size);
  painter.fillStyle = settings.background;
  painter.fillRect(0, 0, settings.width, settings.height);
  painter.fillStyle = settings.color;
  for (let row = 0; row < matrix.size; row += 1) {
    for (let col = 0; col < matrix.size; col += 1) {
      if (matrix.isDark(row, col)) {
        const { x, y, w, h } = moduleRect(layout, row, col);
        painter.fillRect(x, y, w, h);
      }
    }
  }
  return layout;
}
