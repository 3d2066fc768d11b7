import { combineReducers } from '@reduxjs/toolkit';
import { environmentSlice } from './environmentSlice';
import { rpcApi } from './rpcApi';
import { signingSlice } from './signingSlice';
import { transactionsSlice } from './transactionsSlice';
import { uiSlice } from './uiSlice';
import { walletSlice } from './walletSlice';

export const rootReducer = combineReducers({
  wallet: walletSlice.reducer,
  signing: signingSlice.reducer,
  transactions: transactionsSlice.reducer,
  ui: uiSlice.reducer,
  environment: environmentSlice.reducer,
  [rpcApi.reducerPath]: rpcApi.reducer,
});
