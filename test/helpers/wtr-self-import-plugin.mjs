// @ts-check

/**
 * The package's own entry points, as a host imports them, mapped to their sources (the URLs the test runner serves them under when they import each other, so each is one module): a test written exactly as a host
 * writes it (`import 'mantis-ui'`, `from 'mantis-ui/testing'`) runs in this suite against the code under test, not
 * against dist/. Without it the runner's node resolution would take the package's `exports` and serve dist/.
 */
export const SELF_IMPORTS = {
  'mantis-ui': '/elements/index.ts',
  'mantis-ui/core': '/src/index.ts',
  'mantis-ui/agent-ui': '/src/protocols/agent-ui/index.ts',
  'mantis-ui/a2ui': '/src/protocols/a2ui/index.ts',
  'mantis-ui/prompt': '/src/prompt/index.ts',
  'mantis-ui/transports': '/src/protocols/composer/transports.ts',
  'mantis-ui/media': '/src/media/index.ts',
  'mantis-ui/uploads': '/src/uploads/index.ts',
  'mantis-ui/testing': '/elements/testing/index.ts',
  'mantis-ui/react': '/elements/react/index.ts',
};

/**
 * A web-test-runner plugin that resolves the bare specifiers of SELF_IMPORTS to the sources they are built from.
 * @returns {import('@web/test-runner').TestRunnerPlugin}
 */
export function selfImportPlugin() {
  return {
    name: 'mantis-self-import',
    resolveImport({ source }) {
      return Object.prototype.hasOwnProperty.call(SELF_IMPORTS, source) ? SELF_IMPORTS[/** @type {keyof typeof SELF_IMPORTS} */ (source)] : undefined;
    },
  };
}
