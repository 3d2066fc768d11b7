// `npm start`'s way into the development wallets, which are TypeScript (the browser tests import the
// same modules): ts-node compiles them as they load, with the project's settings.
const path = require('node:path');

require('ts-node').register({ transpileOnly: true, project: path.resolve(__dirname, '../../tsconfig.json') });

module.exports = require('./devWallets.ts');
