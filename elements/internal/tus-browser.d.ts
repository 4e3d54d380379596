// tus-js-client's browser build, imported by its path: its package has no `exports`, and names the browser build only
// in its `browser` field, which not every resolver reads (the test runner's does not). Same API as the package.
declare module 'tus-js-client/lib.esm/browser/index.js' {
  export * from 'tus-js-client';
}
