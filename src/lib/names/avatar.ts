// Avatars (ENSIP-12) as images only: the `avatar` text record of a verified name becomes an image URL
// for an <img>, never markup. `data:` URIs of an image type are used as they are (bounded); every
// other kind (https:, ipfs:, eip155 NFT references) is drawn by the deployment's image source — a URL
// pattern with {name} (ENS's metadata service by default), so the page loads images from one
// configured origin only (img-src) and never from whatever host a record names.

/** Longest data: avatar kept (it lives in the store and the page). */
export const MAX_DATA_AVATAR = 64 * 1024;
const DATA_IMAGE = /^data:image\/(?:png|jpeg|gif|webp|avif|svg\+xml)(?:;[a-z0-9=.+-]+)*;base64,[A-Za-z0-9+/]+={0,2}$/i;
const NFT = /^eip155:[0-9]{1,10}\/(?:erc721|erc1155):0x[0-9a-fA-F]{40}\/[0-9]{1,78}$/i;

/** The image URL for `name`'s avatar record, or undefined for none (an unsupported or unsafe record). */
export function avatarUrl(record: string, name: string, imageSource: string | undefined): string | undefined {
  const value = record.trim();
  if (value === '') return undefined;
  if (/^data:/i.test(value)) return value.length <= MAX_DATA_AVATAR && DATA_IMAGE.test(value) ? value : undefined;
  const kind = /^https:\/\/[^\s]+$/i.test(value) || /^ipfs:\/\/[^\s]+$/i.test(value) || NFT.test(value);
  if (!kind || !imageSource) return undefined;
  return imageSource.replace('{name}', encodeURIComponent(name));
}
