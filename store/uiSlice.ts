// What the user has open on screen, kept in the store so DevTools time travel replays it with the
// wallet state it belongs to: the connect dialog (the wallet list, or one kind's progress), the
// account menu and the header's network list.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { isConnectionId, type ConnectionId } from '../src/lib/connectors/types';
import { walletActions } from './walletSlice';

export interface ConnectDialogState {
  open: boolean;
  /** The kind whose progress the dialog shows; absent: the wallet list. */
  kind?: ConnectionId;
}

export interface UiState {
  connectDialog: ConnectDialogState;
  /** The account menu (the header's account button opens it). */
  accountMenuOpen: boolean;
  /** The network list (the header's network button opens it). */
  networkListOpen: boolean;
}

const initialState: UiState = { connectDialog: { open: false }, accountMenuOpen: false, networkListOpen: false };

const showProgress = (state: UiState, id: unknown) => {
  if (!isConnectionId(id)) return;
  state.connectDialog = { open: true, kind: id };
  state.accountMenuOpen = false;
  state.networkListOpen = false;
};

export const uiSlice = createSlice({
  name: 'ui',
  initialState,
  reducers: {
    /** "Connect wallet": the wallet list. */
    connectDialogOpened(state) {
      state.connectDialog = { open: true };
      state.accountMenuOpen = false;
      state.networkListOpen = false;
    },
    accountMenuOpened(state) {
      state.accountMenuOpen = true;
      state.networkListOpen = false;
    },
    accountMenuClosed(state) {
      state.accountMenuOpen = false;
    },
    /** The header's network button: the networks to switch to, on their own. */
    networkListOpened(state) {
      state.networkListOpen = true;
      state.accountMenuOpen = false;
    },
    networkListClosed(state) {
      state.networkListOpen = false;
    },
    /** "Back" from a kind's progress to the wallet list. */
    connectDialogBack(state) {
      if (state.connectDialog.open) state.connectDialog = { open: true };
    },
    connectDialogClosed(state) {
      state.connectDialog = { open: false };
    },
    /** A kind's state shown in the dialog without starting anything (e.g. an error to read). */
    connectDialogShowed(state, action: PayloadAction<{ id: ConnectionId }>) {
      showProgress(state, action.payload?.id);
    },
  },
  extraReducers: (builder) => {
    // Every user connect shows its progress in the dialog, wherever it was started.
    builder.addCase(walletActions.connectRequested, (state, action) => showProgress(state, action.payload?.id));
    builder.addCase(walletActions.extensionSuggestionShown, (state, action) => showProgress(state, action.payload?.id));
  },
});

export const uiActions = uiSlice.actions;
