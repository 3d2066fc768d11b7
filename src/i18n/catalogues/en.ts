// English, the source catalogue (docs/behaviour.md §14), first part: the words of the first script
// (the first screen, whichever it is); the words of the later chunks are in ./en.later.ts, which
// arrives with them. Together they are every word the page shows, by key. Every other
// language's catalogue (src/i18n/catalogues/<code>.ts) has exactly these keys with the same
// {placeholders} (type check and `npm run lint`: scripts/catalogues.ts). A plural message has the forms
// Intl.PluralRules names for its {count}: English "one" and "other"; another language its own.
// Addresses, names, amounts and chain ids reach a sentence as placeholders, and the component that
// fills them keeps them left to right (<bdi> or dir="ltr"), so a right-to-left sentence never mirrors them.
export const en = {
  // The page (src/app)
  'app.name': 'Walletdeck',
  'app.crashed': 'Something went wrong: {message}',
  'app.tryAgain': 'Try again',
  'part.walletdeck': 'Walletdeck',
  'part.dialogs': 'The wallet dialogs',
  'part.wrongNetwork': 'The wrong-network notice',
  'part.networkPanel': 'The network panel',
  'part.signingPanel': 'The signing panel',
  'part.signIn': 'Sign-in',
  'part.downloadFailed': '{what} could not be downloaded: the network may have dropped, or the site was updated meanwhile. Reloading the page fetches it again.',
  'part.stopped': '{what} stopped with an error. Reloading the page usually helps.',
  'part.reason': 'Reason: {detail}',
  'part.reload': 'Reload',
  'startup.title': '{app} could not start',
  'read.unavailable': '{what} unavailable',
  'read.unavailableAlone': 'unavailable',
  'read.asOf': 'as of {time}',
  'read.notCurrent': 'not current',
  'read.retry': 'Retry',
  'read.retrying': 'Retrying…',
  'loading': 'Loading…',

  // The header (src/features/wallet)
  'header.connect': 'Connect wallet',
  'header.connecting': 'Connecting…',
  'header.reconnecting': 'Reconnecting…',
  'header.wrongNetwork': 'Wrong network',
  'header.loadingBalance': ' loading balance',
  'header.pending': { one: '{count} transaction pending', other: '{count} transactions pending' },
  'header.pendingTitle': '{count} pending',
  'header.balance': 'Balance',

  // The overview (src/features/chain)
  'overview.yourAccount': 'Your account',
  'overview.loadingBalance': 'Loading balance…',
  'overview.with': 'With {wallet}',
  'overview.switchToContinue': 'Switch network to continue',
  'overview.reconnectingTo': 'Reconnecting to {wallet}…',
  'overview.getStarted': 'Connect a wallet to get started',
  'overview.unsupportedHint': 'Your balance and the latest block show once your wallet is on a network this app supports.',
  'overview.intro': 'Connect a wallet to see your balance, sign messages and send transactions. Nothing leaves your wallet without your approval.',
  'block.pending': 'Latest block …',
  'block.chain': '{chain}:',
  'block.latest': 'latest block',

  // Sign and send on the first screen (src/features/sign/SignSection.tsx, in the first script; the
  // panel's own words are in en.later.ts), and the host of the transaction toasts
  'sign.title': 'Sign and send',
  'sign.connectFirst': 'Connect a wallet to sign a message, sign typed data or send a transfer with it.',
  'part.transactionNotices': 'The transaction notices',

  // The footer
  'footer.networkStatus': 'Network status',
  'language.label': 'Language',

  // The environment notice (src/features/environment)
  'environment.label': 'About this browser',
  'environment.storageRefused': 'This browser will not remember your wallet: it does not let this site keep anything. Everything works, but after a reload you connect again.',
  'environment.gotIt': 'Got it',
  'environment.limitation': '{wallet}: {limitation}',

  // The banner, the wrong network (src/features/wallet)
  'banner.linkBroken': 'The link to {wallet} is broken. Reload the page to connect again.',
  'banner.reload': 'Reload page',
  'language.loading': 'Loading {language}…',
  'language.failed': '{language} could not be downloaded. Check your connection and try again.',
} as const;
