// What a user reads when a part of the page, or the page itself, failed: plain words first, the
// technical reason after (for a bug report), and never a blank space. No React: the start-up failure
// page (src/startupFailure.ts) uses it before React exists.
import { displayText } from '../lib/displayText';
import { field } from '../lib/guards';
import { english } from '../i18n/english';
import type { Words } from '../i18n/words';

export interface FailureText {
  /** What happened, in the user's words. */
  summary: string;
  /** The error itself, cleaned for display. */
  detail: string;
}

/** webpack's failed lazy chunk (a network error, or a deploy that replaced the chunk names), or a CSS chunk. */
export function isLoadFailure(error: unknown): boolean {
  const name = field(error, 'name');
  const message = field(error, 'message');
  return name === 'ChunkLoadError' || (typeof message === 'string' && /^Loading (CSS )?chunk .* failed/i.test(message));
}

export function failureText(error: unknown, what: string, words: Words = english): FailureText {
  const message = field(error, 'message');
  const raw = typeof message === 'string' && message !== '' ? message : String(error);
  const detail = displayText(raw, 300);
  if (isLoadFailure(error)) {
    return { summary: words.t('part.downloadFailed', { what }), detail };
  }
  return { summary: words.t('part.stopped', { what }), detail };
}
