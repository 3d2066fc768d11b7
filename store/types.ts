import type { rootReducer } from './rootReducer';
import type { setupStore } from './setupStore';

export type RootState = ReturnType<typeof rootReducer>;
export type AppStore = ReturnType<typeof setupStore>;
export type AppDispatch = AppStore['dispatch'];
