// Whether this store's read layer is here (docs/behaviour.md §5.4, §6.11): RTK Query's API for read-only
// chain data, its endpoints, the RPC runtime and the read-ahead load as a chunk of their own ("reads",
// store/readLayer.ts), asked for at start (sagas/readLayer.ts) and attached to the store when they
// arrive. Kept in the store, as plain data, so that every read on screen says the same of it and time
// travel replays it: on its way, here, or not downloaded, with the reason, until a retry brings it.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { WalletError } from '../src/lib/errors';
import type { RootState } from './types';

export interface ReadLayerState {
  /** 'absent': none was asked for (a store without chain reads: wallet tests). */
  status: 'absent' | 'loading' | 'ready' | 'failed';
  /** Why it could not be downloaded; kept while it is asked for again, until it arrives. */
  error?: WalletError;
}

const initialState: ReadLayerState = { status: 'absent' };

export const readLayerSlice = createSlice({
  name: 'readLayer',
  initialState,
  reducers: {
    /** Asked for: at start, then again after a failure (a Retry, the page shown again, a saga that needs a read). */
    requested(state) {
      if (state.status === 'absent' || state.status === 'failed') state.status = 'loading';
    },
    /** Attached to this store (store/readLayer.ts): its reads can start. */
    attached() {
      return { status: 'ready' };
    },
    failed(state, action: PayloadAction<WalletError>) {
      if (state.status !== 'ready') return { status: 'failed', error: action.payload };
      return state;
    },
  },
});

export const readLayerActions = readLayerSlice.actions;

export const selectReadLayer = (state: RootState): ReadLayerState => state.readLayer;
