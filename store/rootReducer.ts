import { combineReducers } from '@reduxjs/toolkit';
import { rpcApi } from './rpcApi';
import { walletSlice } from './walletSlice';

export const rootReducer = combineReducers({
  wallet: walletSlice.reducer,
  [rpcApi.reducerPath]: rpcApi.reducer,
});
