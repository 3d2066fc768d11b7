import type { CombinedState } from './rootReducer';
import type { setupStore } from './setupStore';

/** The state of a store; `rpc` (the read layer's RTK Query state) only once the read layer is attached. */
export type RootState = CombinedState;
export type AppStore = ReturnType<typeof setupStore>;
export type AppDispatch = AppStore['dispatch'];
