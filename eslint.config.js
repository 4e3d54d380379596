// @ts-check
import litA11y from 'eslint-plugin-lit-a11y';
import lit from 'eslint-plugin-lit';
import wc from 'eslint-plugin-wc';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'custom-elements.json', 'coverage/**', 'demo/hosts/*/node_modules/**', 'demo/hosts/*/dist/**', 'demo/hosts/*/.angular/**'] },
  ...tseslint.configs.recommended,
  { files: ['elements/**/*.ts', 'test/**/*.ts', 'demo/**/*.ts'], ...lit.configs['flat/recommended'] },
  { files: ['elements/**/*.ts'], ...wc.configs['flat/recommended'] },
  { files: ['elements/**/*.ts', 'test/**/*.ts'], ...litA11y.configs.recommended },
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // The core is DOM-free and Lit-free: it runs in Node, where backends import its schemas.
    files: ['src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['lit', 'lit/*', '@lit/*'], message: 'src/ is Lit-free: put rendering in elements/.' },
            { group: ['dompurify', 'idb-keyval'], message: 'src/ is DOM-free: put this in elements/.' },
            { group: ['**/elements/**', '../elements/*'], message: 'src/ must not import elements/.' },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        ...['window', 'document', 'customElements', 'HTMLElement', 'localStorage', 'sessionStorage', 'indexedDB', 'navigator'].map(
          (name) => ({ name, message: 'src/ is DOM-free: it must run in Node too.' }),
        ),
      ],
    },
  },
  {
    // Only the define files register tags.
    files: ['elements/**/*.ts'],
    ignores: ['elements/internal/define.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='customElements'][callee.property.name='define']",
          message: 'Register tags with defineElement() in the element\'s define file.',
        },
      ],
    },
  },
);
