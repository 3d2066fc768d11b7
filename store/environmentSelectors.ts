// What the page tells the user about this browser (docs/behaviour.md §12), read by the environment notice.
import { createSelector } from '@reduxjs/toolkit';
import { CONNECTION_IDS, type ConnectionId } from '../src/lib/connectors/types';
import type { RootState } from './types';

export interface KindLimitation {
  id: ConnectionId;
  /** The kind's name as the page shows it. */
  name: string;
  /** In the user's words. */
  text: string;
}

export interface EnvironmentNoticeContent {
  /** The browser refuses site storage: nothing is remembered across reloads. */
  storageRefused: boolean;
  /** What this browser takes away from each kind it affects. */
  limitations: KindLimitation[];
}

/** The notice to show, or undefined when this browser takes nothing away (or the user has read it). */
export const selectEnvironmentNotice = createSelector(
  [(state: RootState) => state.environment, (state: RootState) => state.wallet.kinds],
  (environment, kinds): EnvironmentNoticeContent | undefined => {
    if (environment.noticeDismissed) return undefined;
    const limitations = CONNECTION_IDS.flatMap((id) => {
      const text = kinds[id].limitation;
      return text === undefined ? [] : [{ id, name: kinds[id].name, text }];
    });
    const storageRefused = !environment.storageRemembered;
    return storageRefused || limitations.length > 0 ? { storageRefused, limitations } : undefined;
  },
);
