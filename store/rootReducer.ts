import { combineReducers } from '@reduxjs/toolkit';
import { rpcApi } from './rpcApi';
import { signingSlice } from './signingSlice';
import { transactionsSlice } from './transactionsSlice';
import { walletSlice } from './walletSlice';

export const rootReducer = combineReducers({
  wallet: walletSlice.reducer,
  signing: signingSlice.reducer,
  transactions: transactionsSlice.reducer,
  [rpcApi.reducerPath]: rpcApi.reducer,
});
