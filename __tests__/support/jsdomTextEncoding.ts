// jsdom has no TextEncoder/TextDecoder, which every browser has: Node's, for every DOM test (viem,
// which the development wallets' request words use to write a sign-in message, needs them as it loads).
import { TextDecoder, TextEncoder } from 'node:util';

if (typeof globalThis.TextEncoder === 'undefined') Object.assign(globalThis, { TextEncoder, TextDecoder });
