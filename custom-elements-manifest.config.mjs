export default {
  globs: ['elements/**/*.ts'],
  exclude: ['elements/internal/**'],
  outdir: '.',
  litelement: true,
};
