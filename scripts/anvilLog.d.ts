export function bannerOnly(write: (text: string) => void): (chunk: Buffer | string) => void;
