// The development wallets' small icon (a wallet with a wrench-coloured clasp on violet), as the data
// URI EIP-6963 asks for and the pages use.
const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#5b3fd6"/>' +
  '<path d="M7 11.5A2.5 2.5 0 0 1 9.5 9H23v3H9.5a.5.5 0 0 0 0 1H25v10.5a1.5 1.5 0 0 1-1.5 1.5h-14A2.5 2.5 0 0 1 7 22.5z" fill="#fff"/>' +
  '<circle cx="21" cy="19" r="2" fill="#f5a623"/></svg>';

export const DEV_WALLET_ICON = `data:image/svg+xml,${encodeURIComponent(SVG)}`;
