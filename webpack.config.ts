// webpack 5: esbuild-loader transpiles (type-checking is `npm run typecheck`), esbuild minifies,
// content-hashed files and split chunks for long-term caching on a static host.
import path from 'node:path';
import CopyPlugin from 'copy-webpack-plugin';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import ReactRefreshWebpackPlugin from '@pmmmwh/react-refresh-webpack-plugin';
import { EsbuildPlugin } from 'esbuild-loader';
import TerserPlugin from 'terser-webpack-plugin';
import webpack from 'webpack';
import 'webpack-dev-server';
import { buildWarning, checkBuildEnv, kindSettingValues } from './scripts/buildEnv';
import { readChainSettings } from './scripts/chainSettings';
import { contentSecurityPolicy, headersWithPolicy } from './scripts/csp';
import type { NameSettings } from './src/lib/names/settings';
import { imageOrigin, readNameSettings } from './src/lib/names/settingsCheck';
import { devWalletsBuild } from './scripts/dev/webpack';
import type { ChainTable } from './src/lib/chains';
import { kindCspSources } from './scripts/kindCsp';
import { readLanguageSettings } from './scripts/languages';
import { readStringOverrides } from './scripts/strings';
import { signInOrigin } from './src/lib/signIn/settings';
import { devPortTakenMessage, portTaken } from './scripts/portCheck';

/**
 * The app's settings read at build time (the wallet kinds' are baked in as one piece of data,
 * WALLETDECK_KIND_SETTINGS); anything else in the environment stays out of the bundle.
 */
const BUILD_ENV = ['WALLETDECK_DEV_CHAIN_URL', 'INFURA_KEY', 'ALCHEMY_KEY', 'WALLETDECK_QR_CLOSE', 'WALLETDECK_FRAME_ANCESTORS', 'WALLETDECK_SIGN_IN_URL'] as const;

/**
 * The shipped Content-Security-Policy, from what the build gives the app: every RPC URL of the chain
 * table it bakes in, and what each wallet kind of the registry says it needs with these settings
 * (its csp.ts, scripts/kindCsp.ts). Production builds only: the development server's eval source maps and
 * hot updates would need 'unsafe-eval' and its socket.
 */
function pagePolicy(chains: ChainTable, names: NameSettings) {
  const setting = (name: string) => process.env[name]?.trim() || undefined;
  const signIn = signInOrigin(setting('WALLETDECK_SIGN_IN_URL') ?? '');
  return contentSecurityPolicy({
    rpcUrls: Object.values(chains).flatMap((chain) => chain.rpcUrls),
    kinds: kindCspSources({ setting }),
    // Names (docs/behaviour.md §5.5): the gateways a lookup may ask, the origin avatar images come from.
    nameGateways: names.gatewayOrigins,
    ...(imageOrigin(names) ? { imageOrigin: imageOrigin(names) } : {}),
    // Sign-in (docs/behaviour.md §13.1): the backend's origin, when sign-in is on.
    ...(signIn ? { signInOrigin: signIn } : {}),
    ...(process.env.WALLETDECK_FRAME_ANCESTORS?.trim() ? { frameAncestors: process.env.WALLETDECK_FRAME_ANCESTORS.trim() } : {}),
  });
}

type Env = { WEBPACK_SERVE?: boolean } | undefined;
type Argv = { mode?: 'development' | 'production' };

function stop(lines: string[]): never {
  console.error(lines.join('\n'));
  process.exit(1);
}

/** Under `webpack serve`, a taken port ends with one line instead of an EADDRINUSE stack trace. */
export default async (env: Env, argv: Argv): Promise<webpack.Configuration> => {
  const config = configure(env, argv);
  const port = Number(config.devServer?.port);
  if (env?.WEBPACK_SERVE === true && (await portTaken(port))) stop([devPortTakenMessage(port)]);
  return config;
};

function configure(env: Env, argv: Argv): webpack.Configuration {
  const production = argv.mode === 'production';
  // React Fast Refresh: only under the development server (hot updates); every other build is unchanged.
  const fastRefresh = !production && env?.WEBPACK_SERVE === true;
  // A wrong value of a documented variable stops the build here, named, instead of a silent fallback.
  const problems = checkBuildEnv(process.env);
  // The chain table too: the defaults, or the deployer's WALLETDECK_CHAINS file, checked line by line.
  const chains = readChainSettings(process.env, { development: !production });
  problems.push(...chains.problems);
  // Name gateways and the avatar image source: checked with the same rules the app applies.
  const names = readNameSettings({ gateways: process.env.WALLETDECK_NAME_GATEWAYS, imageSource: process.env.WALLETDECK_AVATAR_SOURCE }, !production);
  problems.push(...names.problems);
  // The languages offered and the default (docs/behaviour.md §14.2): each with its catalogue.
  const languages = readLanguageSettings(process.env, { development: !production });
  problems.push(...languages.problems);
  // The deployer's own words over the catalogue's (docs/behaviour.md §14.2): WALLETDECK_STRINGS.
  const strings = readStringOverrides(process.env, languages.settings.offered);
  problems.push(...strings.problems);
  if (problems.length > 0 || !chains.built) stop(['Walletdeck build settings are invalid:', ...problems.map((p) => `  ${p}`), 'See "Configuration" in README.md.']);
  // A build that works but cannot reach phone wallets says so once, on stderr, with how to fix it.
  const warning = buildWarning(process.env, { production });
  if (warning) console.warn(warning);
  const outDir = process.env.WALLETDECK_OUT_DIR?.trim() || 'dist';
  // `npm start`'s development wallets: an entry before the app's, in development builds only.
  const devWallets = devWalletsBuild(production);
  const policy = production ? pagePolicy(chains.built.chains, names.settings) : undefined;
  return {
    mode: production ? 'production' : 'development',
    // Webpack's own code (the runtime, module wrappers) in the same language level as ours: esbuild
    // already emits ES2022 for the app's modules, so no browser that runs the app is lost (0.1 KB gzip).
    target: ['web', 'es2022'],
    entry: { ...devWallets.entry, main: './src/main.tsx' },
    output: {
      path: path.resolve(__dirname, outDir),
      filename: production ? 'js/[name].[contenthash:10].js' : 'js/[name].js',
      chunkFilename: production ? 'js/[name].[contenthash:10].js' : 'js/[name].js',
      publicPath: '/',
      clean: true,
    },
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    resolve: {
      extensions: ['.tsx', '.ts', '.js', '.mjs', '.json'],
      alias: {
        // WalletConnect's bundled QR modal never enters the bundle: we draw our own dialog.
        '@reown/appkit': false,
        '@reown/appkit/core': false,
        // The SDK's default storage: never used (we hand it ours) and it reads localStorage at import.
        '@walletconnect/keyvaluestorage': path.resolve(__dirname, 'src/lib/connectors/walletconnect/sdkDefaultStorage.ts'),
      },
    },
    module: {
      rules: [
        fastRefresh
          ? { test: /\.[cm]?tsx?$/, loader: path.resolve(__dirname, 'scripts/swcRefreshLoader.js'), options: { target: 'es2020' }, exclude: /node_modules/ }
          : { test: /\.[cm]?tsx?$/, loader: 'esbuild-loader', options: { target: 'es2022', jsx: 'automatic' }, exclude: /node_modules/ },
        { test: /\.css$/, use: [MiniCssExtractPlugin.loader, 'css-loader'] },
        { test: /\.m?js$/, resolve: { fullySpecified: false } },
      ],
    },
    plugins: [
      new webpack.DefinePlugin({
        ...Object.fromEntries(BUILD_ENV.map((key) => [`process.env.${key}`, JSON.stringify(process.env[key] ?? '')])),
        // The checked chain table and allowed lists, as data (src/config.ts parses it).
        'process.env.WALLETDECK_CHAIN_DATA': JSON.stringify(JSON.stringify(chains.built)),
        // The checked name gateways and image source (docs/behaviour.md §5.5), as data.
        'process.env.WALLETDECK_NAME_SETTINGS': JSON.stringify(JSON.stringify(names.settings)),
        // The checked languages and default (docs/behaviour.md §14.2), as data.
        'process.env.WALLETDECK_LANGUAGE_SETTINGS': JSON.stringify(JSON.stringify(languages.settings)),
        // The checked overrides of the catalogue's words (src/i18n/overrides.ts), as data.
        'process.env.WALLETDECK_STRING_OVERRIDES': JSON.stringify(JSON.stringify(strings.overrides)),
        // Each wallet kind's own settings that are set, checked (its buildSettings.ts), as data.
        'process.env.WALLETDECK_KIND_SETTINGS': JSON.stringify(JSON.stringify(kindSettingValues(process.env))),
      }),
      // The SDKs' own free `localStorage` (Coinbase's ScopedLocalStorage, a WalletConnect helper) is the
      // page's guarded storage: where the browser refuses storage they keep working for the page.
      new webpack.ProvidePlugin({ localStorage: [path.resolve(__dirname, 'src/lib/storage.ts'), 'localStorageForSdks'] }),
      new HtmlWebpackPlugin({
        template: 'public/index.html',
        // For hosts that send no headers of their own; a <meta> policy cannot say who may frame the page.
        ...(policy ? { meta: { 'content-security-policy': { 'http-equiv': 'Content-Security-Policy', content: policy.meta } } } : {}),
      }),
      new MiniCssExtractPlugin({ filename: production ? 'css/[name].[contenthash:10].css' : 'css/[name].css' }),
      new CopyPlugin({
        patterns: [
          {
            from: 'public',
            globOptions: { ignore: ['**/index.html'] },
            // Hosts that read _headers (Netlify, Cloudflare Pages) send the policy as a header, frame-ancestors included.
            ...(policy ? { transform: (content: Buffer, file: string) => (path.basename(file) === '_headers' ? headersWithPolicy(content.toString('utf8'), policy.header) : content) } : {}),
          },
        ],
      }),
      ...(fastRefresh ? [new ReactRefreshWebpackPlugin({ overlay: false })] : []),
      ...devWallets.plugins,
    ],
    optimization: {
      // swc's minifier drops the exports webpack marks unused (esbuild's per-chunk minify does not:
      // 22 KB gzip more), at a fraction of terser's time (terser itself: 0.8 KB gzip more on the first
      // visit). A third pass: 0.2 KB less.
      minimizer: [
        new TerserPlugin({ minify: TerserPlugin.swcMinify, terserOptions: { compress: { passes: 3 }, mangle: true } }),
        new EsbuildPlugin({ css: true, include: /\.css$/ }),
      ],
      // The chunks are docs/architecture.md's table ("How the code loads"), named where the one loader
      // (src/chunks.ts) or a kind's folder asks for them; the first script's libraries are split off
      // into `vendor` only so that a deploy that changes the app keeps them cached.
      splitChunks: {
        chunks: 'initial',
        cacheGroups: { defaultVendors: { test: /[\\/]node_modules[\\/]/, name: 'vendor', chunks: 'initial', enforce: true } },
      },
      // The production runtime rides in main's file (one request and 0.3 KB gzip less on the first
      // visit; main's name changes with every deploy anyway). The development server's entries (the
      // development wallets' before the app's) share one runtime.
      runtimeChunk: production ? false : 'single',
      // The shortest names for what one module takes from another (0.9 KB gzip less on the first visit).
      // A module's names change only with its own used exports, and module ids stay deterministic: the
      // vendor chunk changes only when what the app uses of it does.
      ...(production ? { mangleExports: 'size' as const } : {}),
    },
    performance: { hints: false },
    devServer: {
      port: Number(process.env.PORT?.trim() || 3000),
      host: '127.0.0.1',
      historyApiFallback: true,
      hot: true,
      client: { overlay: { warnings: false } },
      // Safe{Wallet} reads the manifest from another origin (public/_headers says the same for static hosts).
      setupMiddlewares: (middlewares) => [
        {
          name: 'manifest-cors',
          path: '/manifest.json',
          middleware: (_req: unknown, res: { setHeader(name: string, value: string): void }, next: () => void) => {
            res.setHeader('Access-Control-Allow-Origin', '*');
            next();
          },
        },
        ...middlewares,
      ],
    },
  };
}
