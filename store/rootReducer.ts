import { combineReducers } from '@reduxjs/toolkit';
import { rpcApi } from './rpcApi';
import { signingSlice } from './signingSlice';
import { walletSlice } from './walletSlice';

export const rootReducer = combineReducers({
  wallet: walletSlice.reducer,
  signing: signingSlice.reducer,
  [rpcApi.reducerPath]: rpcApi.reducer,
});
