import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The layers an import may not run back up: a web feature never imports another feature (shared
 * things live in components/ or lib/), the API's lib/ never imports a module, and db/ never imports
 * lib/. Checked on the resolved file, so `../../features/x` and `../x` are caught alike.
 */
const webFeatures = readdirSync('apps/web/src/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const layerZones = [
  ...webFeatures.map((feature) => ({
    target: `./apps/web/src/features/${feature}`,
    from: './apps/web/src/features',
    except: [`./${feature}`],
    message: 'A web feature imports from components/, lib/ or packages/domain, never from another feature.',
  })),
  {
    target: './apps/api/src/lib',
    from: './apps/api/src/modules',
    message: 'lib/ is below the modules: pass what it needs in, or move the shared thing down.',
  },
  {
    target: './apps/api/src/db',
    from: './apps/api/src/lib',
    message: 'db/ is below lib/: move the shared thing into db/.',
  },
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'e2e/artifacts/**', 'apps/api/drizzle/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['apps/**/*.{ts,tsx}'],
    // An API test may put the layers together (a lib/ test through a module's service).
    ignores: ['apps/api/**/*.test.ts'],
    plugins: { 'import-x': importX },
    settings: {
      // The API imports `./x.js` for `./x.ts`; the web imports without an extension.
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.js'], extensionAlias: { '.js': ['.ts', '.tsx', '.js'] } }),
      ],
    },
    rules: { 'import-x/no-restricted-paths': ['error', { zones: layerZones }] },
  },
);
