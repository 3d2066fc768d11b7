// The one RTK Query API for read-only chain data. Features inject their endpoints into it.
import { createApi, fakeBaseQuery } from '@reduxjs/toolkit/query/react';

export const rpcApi = createApi({
  reducerPath: 'rpc',
  baseQuery: fakeBaseQuery<{ name: string; code?: number; message: string }>(),
  tagTypes: ['Block', 'Balance', 'Name', 'Endpoint'],
  endpoints: () => ({}),
});
