export default {
  globs: ['elements/**/*.ts'],
  exclude: ['elements/internal/**'],
  outdir: '.',
  litelement: true,
  // package.json names the manifest itself; the analyzer must not rewrite it (the freshness check uses another outdir).
  packagejson: false,
};
