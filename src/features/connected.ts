// The "connected" chunk (docs/architecture.md, "How the code loads"): what a user with a wallet, or on
// the way to one, sees beyond the first screen. Loaded by the one loader (src/chunks.ts) and shown
// through usePart('connected') (src/features/parts.tsx); nothing imports it but that loader's types.
export { default as ConnectedControls } from './wallet/ConnectedControls';
export { default as AccountOverview } from './chain/AccountOverview';
export { default as ConnectDialog } from './wallet/connect/ConnectDialog';
export { default as AccountMenu } from './wallet/menu/AccountMenu';
export { default as NetworkList } from './wallet/menu/NetworkList';
export { CornerNotices } from './wallet/CornerNotice';
export { WrongNetworkBanner, WrongNetworkSignNote } from './wallet/WrongNetwork';
export { NetworkDialog } from './chain/NetworkDialog';
export { default as Toasts } from './transactions/Toasts';
