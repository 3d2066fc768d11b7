// The "dialogs" chunk (docs/architecture.md, "How the code loads"): what opens on a user's action or a
// wallet's event, beyond the first screen. Loaded by the one loader (src/chunks.ts) and shown through
// WithPart name="dialogs" (src/features/parts.tsx); nothing imports it but that loader's types.
export { default as ConnectDialog } from './wallet/connect/ConnectDialog';
export { default as AccountMenu } from './wallet/menu/AccountMenu';
export { default as NetworkList } from './wallet/menu/NetworkList';
export { CornerNotices } from './wallet/CornerNotice';
export { WrongNetworkBanner, WrongNetworkSignNote } from './wallet/WrongNetwork';
export { NetworkDialog } from './chain/NetworkDialog';
export { default as Toasts } from './transactions/Toasts';
