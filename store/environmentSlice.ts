// What this browser takes away from the app as a whole (docs/behaviour.md §12), as plain data: the page
// tells the user once, calmly. What it takes away from one wallet kind is that kind's
// `ConnectorInfo.limitation` (wallet slice).
import { createSlice } from '@reduxjs/toolkit';

export interface EnvironmentState {
  /** The browser keeps site storage: the chosen wallet, sessions and names survive a reload. */
  storageRemembered: boolean;
  /** The user has read the notice about what this browser takes away. */
  noticeDismissed: boolean;
}

export function createEnvironmentState(options: { storageRemembered?: boolean } = {}): EnvironmentState {
  return { storageRemembered: options.storageRemembered ?? true, noticeDismissed: false };
}

export const environmentSlice = createSlice({
  name: 'environment',
  initialState: createEnvironmentState(),
  reducers: {
    noticeDismissed(state) {
      state.noticeDismissed = true;
    },
  },
});

export const environmentActions = environmentSlice.actions;
