// Development-server-only loader: @swc/core transpiles TypeScript/JSX and adds the React Fast Refresh
// registrations (esbuild-loader cannot: it has no react-refresh transform), so that an edit re-renders
// the changed components in place, keeping their state, instead of reloading the page. Production
// builds keep esbuild-loader and never see this file.
const { transform } = require('@swc/core');

/** @this {import('webpack').LoaderContext<{ target?: string }>} */
module.exports = function swcRefreshLoader(source, inputMap) {
  const callback = this.async();
  const filename = this.resourcePath;
  transform(source, {
    filename,
    sourceMaps: this.sourceMap,
    inputSourceMap: inputMap ? JSON.stringify(inputMap) : undefined,
    jsc: {
      parser: { syntax: 'typescript', tsx: filename.endsWith('.tsx') },
      target: this.getOptions().target ?? 'es2020',
      // webpack's magic comments (webpackChunkName) must survive.
      preserveAllComments: true,
      transform: { react: { runtime: 'automatic', development: true, refresh: true } },
    },
    module: { type: 'es6' },
  }).then(
    (output) => callback(null, output.code, output.map ? JSON.parse(output.map) : undefined),
    (error) => callback(error),
  );
};
