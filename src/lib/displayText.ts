// Text from a wallet, an endpoint or storage, made safe to show. Control characters are dropped
// (line breaks and tabs become spaces) and so are bidirectional controls, which can make text read
// in another order than it is (a right-to-left override turns "exe.txt" into "txt.exe").

// C0 and C1 controls, ALM, LRM/RLM, LRE/RLE/PDF/LRO/RLO, LRI/RLI/FSI/PDI.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const BREAKS = /[\t\n\r]/g;

/** `text` without control or bidirectional-override characters, at most `maxLength` UTF-16 units. */
export function displayText(text: string, maxLength = 500): string {
  const clean = text.replace(UNSAFE, '').replace(BREAKS, ' ');
  if (clean.length <= maxLength) return clean;
  let end = maxLength - 1;
  // Never cut a surrogate pair in half.
  const last = clean.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return `${clean.slice(0, end)}…`;
}
