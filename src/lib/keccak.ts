// Ethereum's keccak-256 (Keccak padding 0x01, not SHA3's 0x06), small and call-free for a cold page.
// The 25 lanes are 50 little-endian 32-bit words, lane i in words 2i (low) and 2i + 1 (high).
// Int32Array, not Uint32Array: V8's interpreter keeps int32 reads unboxed, a uint32 >= 2^31 is a heap number.
// `!` on index reads: every index here is in range, and the assertion is erased at compile time.

/** Iota's round constants as [low, high] word pairs (an Int32Array, so reads are int32 too). */
const RC = new Int32Array([
  1, 0, 0x8082, 0, 0x808a, 0x80000000, 0x80008000, 0x80000000, 0x808b, 0, 0x80000001, 0, 0x80008081, 0x80000000, 0x8009, 0x80000000,
  0x8a, 0, 0x88, 0, 0x80008009, 0, 0x8000000a, 0, 0x8000808b, 0, 0x8b, 0x80000000, 0x8089, 0x80000000, 0x8003, 0x80000000,
  0x8002, 0x80000000, 0x80, 0x80000000, 0x800a, 0, 0x8000000a, 0x80000000, 0x80008081, 0x80000000, 0x8080, 0x80000000,
  0x80000001, 0, 0x80008008, 0x80000000,
]);

/** Rho and pi together walk one cycle from lane 1: the word index each step writes, and its rotation. */
const PI: number[] = [];
const RHO: number[] = [];
for (let t = 0, x = 1, y = 0; t < 24; t++) {
  // Pi moves lane (x, y) to (y, 2x + 3y); rho rotates the t-th lane of that walk by (t+1)(t+2)/2.
  const next = (2 * x + 3 * y) % 5;
  x = y;
  y = next;
  PI.push(2 * (x + 5 * y));
  RHO.push((((t + 1) * (t + 2)) / 2) % 64);
}

/** Scratch for theta's column parities, kept to avoid an allocation per round. */
const tmp = new Int32Array(10);

/** Keccak-f[1600] on the 50-word state, in place. */
function permute(s: Int32Array): void {
  for (let round = 0; round < 48; round += 2) {
    // Theta: each column's parity, then every lane ^= parity(x-1) ^ rotl1(parity(x+1)).
    for (let i = 0; i < 10; i++) tmp[i] = s[i]! ^ s[i + 10]! ^ s[i + 20]! ^ s[i + 30]! ^ s[i + 40]!;
    for (let i = 0; i < 10; i += 2) {
      const l = tmp[(i + 2) % 10]!;
      const h = tmp[(i + 3) % 10]!;
      const dl = tmp[(i + 8) % 10]! ^ ((l << 1) | (h >>> 31));
      const dh = tmp[(i + 9) % 10]! ^ ((h << 1) | (l >>> 31));
      for (let j = i; j < 50; j += 10) {
        s[j] = s[j]! ^ dl;
        s[j + 1] = s[j + 1]! ^ dh;
      }
    }
    // Rho and pi: carry lane 1 round the cycle, rotating each lane as it lands in its new place.
    let lo = s[2]!;
    let hi = s[3]!;
    for (let t = 0; t < 24; t++) {
      const j = PI[t]!;
      let r = RHO[t]!;
      const nextLo = s[j]!;
      const nextHi = s[j + 1]!;
      // A rotation by 32 or more is a swap of the halves then a rotation by r - 32 (no offset is 0 or 32).
      if (r > 32) {
        const swap = lo;
        lo = hi;
        hi = swap;
        r -= 32;
      }
      s[j] = (lo << r) | (hi >>> (32 - r));
      s[j + 1] = (hi << r) | (lo >>> (32 - r));
      lo = nextLo;
      hi = nextHi;
    }
    // Chi, one row at a time from locals: a ^= ~b & c along the row, the same for low and high words.
    for (let y = 0; y < 50; y += 10) {
      const a0 = s[y]!;
      const a1 = s[y + 1]!;
      const a2 = s[y + 2]!;
      const a3 = s[y + 3]!;
      const a4 = s[y + 4]!;
      const a5 = s[y + 5]!;
      const a6 = s[y + 6]!;
      const a7 = s[y + 7]!;
      const a8 = s[y + 8]!;
      const a9 = s[y + 9]!;
      s[y] = a0 ^ (~a2 & a4);
      s[y + 1] = a1 ^ (~a3 & a5);
      s[y + 2] = a2 ^ (~a4 & a6);
      s[y + 3] = a3 ^ (~a5 & a7);
      s[y + 4] = a4 ^ (~a6 & a8);
      s[y + 5] = a5 ^ (~a7 & a9);
      s[y + 6] = a6 ^ (~a8 & a0);
      s[y + 7] = a7 ^ (~a9 & a1);
      s[y + 8] = a8 ^ (~a0 & a2);
      s[y + 9] = a9 ^ (~a1 & a3);
    }
    // Iota.
    s[0] = s[0]! ^ RC[round]!;
    s[1] = s[1]! ^ RC[round + 1]!;
  }
}

/** keccak256 as Ethereum uses it (rate 136 bytes, padding 0x01 ... 0x80, 32-byte digest). */
export function keccak256(bytes: Uint8Array): Uint8Array {
  const s = new Int32Array(50);
  let at = 0;
  for (let i = 0; i < bytes.length; i++) {
    // Bytes go into the words little-endian, so byte n of the block is byte n & 3 of word n >> 2.
    s[at >> 2] = s[at >> 2]! ^ (bytes[i]! << ((at & 3) << 3));
    if (++at === 136) {
      permute(s);
      at = 0;
    }
  }
  // Pad: 0x01 after the message, 0x80 in the block's last byte (byte 135 = top of word 33); both may be one byte.
  s[at >> 2] = s[at >> 2]! ^ (1 << ((at & 3) << 3));
  s[33] = s[33]! ^ 0x80000000;
  permute(s);
  const out = new Uint8Array(32);
  for (let i = 0; i < 32; i++) out[i] = s[i >> 2]! >>> ((i & 3) << 3);
  return out;
}
