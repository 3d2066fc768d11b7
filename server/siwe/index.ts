// The sign-in backend's entry points (server/siwe/README.md): read the settings, start the server.
export { readSiweConfig, DEFAULTS, SETTINGS, type ConfigResult, type SiweConfig } from './config';
export { SIWE_ERRORS, SiweError, type SiweErrorBody, type SiweErrorName } from './errors';
export { startSiweServer, SESSION_COOKIE, type RunningSiweServer, type SiweServerOptions } from './server';
export { SqliteSessionStore } from './sqliteStore';
export type { NonceState, SessionAccount, SessionRecord, SessionStore } from './store';
