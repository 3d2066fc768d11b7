import { combineReducers } from '@reduxjs/toolkit';
import { rpcApi } from './rpcApi';
import { signingSlice } from './signingSlice';
import { uiSlice } from './uiSlice';
import { walletSlice } from './walletSlice';

export const rootReducer = combineReducers({
  wallet: walletSlice.reducer,
  signing: signingSlice.reducer,
  ui: uiSlice.reducer,
  [rpcApi.reducerPath]: rpcApi.reducer,
});
