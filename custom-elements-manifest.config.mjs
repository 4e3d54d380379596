export default {
  globs: ['elements/**/*.ts'],
  // Not elements: the React wrappers and the testers' kit (they define no tag of their own).
  exclude: ['elements/internal/**', 'elements/react/**', 'elements/testing/**'],
  outdir: '.',
  litelement: true,
  // package.json names the manifest itself; the analyzer must not rewrite it (the freshness check uses another outdir).
  packagejson: false,
  plugins: [
    {
      // The analyzer lists modules in the file system's directory order, which differs between clones: sort them, so
      // the manifest is the same everywhere and the freshness check compares like with like.
      name: 'mantis-sort-modules',
      packageLinkPhase({ customElementsManifest }) {
        customElementsManifest.modules.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
      },
    },
  ],
};
