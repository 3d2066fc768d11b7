// A picture of an address, the same everywhere it is shown: a 5 × 5 grid, mirrored left to right,
// its cells and colours taken from the address's bytes (docs/behaviour.md §6.1). Decorative: the
// address or name beside it is what is read.

export interface IdenticonPattern {
  /** The 25 cells, row by row: true where the colour is. */
  cells: boolean[];
  colour: string;
  background: string;
}

/** 20 bytes from an address; anything that is not 40 hex digits is hashed into 20 bytes instead. */
function addressBytes(address: string): number[] {
  const hex = address.toLowerCase().replace(/^0x/, '');
  if (/^[0-9a-f]{40}$/.test(hex)) return Array.from({ length: 20 }, (_, i) => parseInt(hex.slice(i * 2, i * 2 + 2), 16));
  // FNV-1a over the text, stretched to 20 bytes: untrusted input still gives a stable picture.
  let hash = 0x811c9dc5;
  const bytes: number[] = [];
  for (let i = 0; bytes.length < 20; i++) {
    hash = Math.imul(hash ^ (address.charCodeAt(i % Math.max(address.length, 1)) || 0) ^ i, 0x01000193) >>> 0;
    bytes.push(hash & 0xff);
  }
  return bytes;
}

/** The pattern of an address: case does not matter (a checksummed and a lower-case address look the same). */
export function identiconPattern(address: string): IdenticonPattern {
  const bytes = addressBytes(address);
  const at = (i: number) => bytes[i] ?? 0;
  const hue = ((at(0) << 8) | at(1)) % 360;
  const saturation = 55 + (at(2) % 30);
  const lightness = 38 + (at(3) % 14);
  const cells: boolean[] = [];
  for (let row = 0; row < 5; row++) {
    // Three columns from the bytes (the low bit of one each); the last two mirror the first two.
    const left = [0, 1, 2].map((column) => {
      const byte = at(4 + row * 3 + column);
      return byte % 2 === 1;
    });
    cells.push(left[0]!, left[1]!, left[2]!, left[1]!, left[0]!);
  }
  // Never blank: an empty pattern gets its centre cell.
  if (!cells.includes(true)) cells[12] = true;
  return { cells, colour: `hsl(${hue} ${saturation}% ${lightness}%)`, background: `hsl(${(hue + 180) % 360} 45% 90%)` };
}

/** The address's picture, `size` px square, hidden from assistive technology. */
export function Identicon({ address, size = 24, className }: { address: string; size?: number; className?: string }) {
  const { cells, colour, background } = identiconPattern(address);
  const path = cells.map((on, i) => (on ? `M${i % 5} ${Math.floor(i / 5)}h1v1h-1z` : '')).join('');
  return (
    <svg
      className={`identicon${className ? ` ${className}` : ''}`}
      data-testid="identicon"
      viewBox="-0.5 -0.5 6 6"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
      shapeRendering="crispEdges"
    >
      <rect x="-0.5" y="-0.5" width="6" height="6" fill={background} />
      <path d={path} fill={colour} />
    </svg>
  );
}
