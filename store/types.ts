import type { CombinedState } from './rootReducer';
import type { setupStore } from './setupStore';

/** The state of a store, RTK Query's reads at `rpc`. */
export type RootState = CombinedState;
export type AppStore = ReturnType<typeof setupStore>;
export type AppDispatch = AppStore['dispatch'];
