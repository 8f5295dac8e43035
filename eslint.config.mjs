// The layer rules, checked on every `npm test` (docs/architecture.md draws them):
//   UI (components, App) → store → bridges → workers → core;   CLI, bench and training reach the engine through core
//   and src/node. Core is pure: no DOM, no Node, no runtime library; nothing imports upward; no import cycles.
import tseslint from 'typescript-eslint';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';

const CODE = ['**/*.ts', '**/*.tsx', '**/*.mjs', '**/*.js'];
const TESTS = ['**/*.test.ts', '**/*.test.tsx', '**/*.spec.ts', '**/testing/**', 'test/**', 'e2e/**'];

// from: the folders a rule protects; target: what they may not import. Paths are from the repository root.
const zone = (target, from, message) => ({ target, from, message });
const UI = ['./src/components', './src/App.tsx', './src/main.tsx'];
const PAGE_SIDE = [...UI, './src/hooks', './src/store', './src/bridges', './src/render', './src/ingest', './src/export', './src/settings'];
const TOOLS = ['./cli', './bench', './training', './build'];
const TEST_CODE = ['./test', './e2e'];

const zones = [
  // Core and the protocol are pure: only core imports core.
  ...['./src/core', './src/protocol'].map((target) =>
    zone(target, [...PAGE_SIDE, './src/cache', './src/node', './workers', ...TOOLS, ...TEST_CODE], 'core is pure: it imports only core (and protocol types)'),
  ),
  zone('./src/protocol', ['./src/core'], 'protocol is types shared by threads: core may use it, not the reverse'),
  // Views reach the engine only through the store and its hooks.
  ...UI.map((target) => zone(target, ['./workers', './src/bridges', './src/node', ...TOOLS], 'views talk to the store, never to workers or bridges')),
  zone('./src/hooks', ['./workers', './src/node', ...TOOLS], 'hooks reach workers through the bridges'),
  zone('./src/store', [...UI, './src/hooks', './workers', './src/node', ...TOOLS], 'the store is below the views'),
  zone('./src/bridges', [...UI, './src/hooks', './src/store', './src/node', ...TOOLS], 'bridges are below the store'),
  // Workers run the engine; they know nothing of the page's UI.
  zone('./workers', [...PAGE_SIDE.filter((p) => p !== './src/export'), './src/node', ...TOOLS], 'workers sit below the page side'),
  zone('./src/node', [...PAGE_SIDE, './workers', ...TOOLS], 'the Node runtime adapter sits beside the workers, on core'),
  zone('./src/cache', [...PAGE_SIDE, './workers', './src/node', ...TOOLS], 'the pack cache is used by the engine worker, on core'),
  // The CLI runs on core and src/node, never on browser code.
  zone('./cli', [...PAGE_SIDE.filter((p) => p !== './src/export'), './workers', './bench', './training'], 'the CLI runs on core and src/node'),
  // Tools do not import each other, and production code never imports tests.
  zone('./bench', ['./training', './cli/run.ts'], 'bench and training are separate tools: share code through core'),
  zone('./training', ['./bench'], 'bench and training are separate tools: share code through core'),
  zone('./vite.config.ts', ['./workers', ...PAGE_SIDE, './bench', './training'], 'the build config uses build plugins only'),
  zone('./build', ['./workers', ...PAGE_SIDE, './bench', './training'], 'build plugins run in Node at build time'),
  ...['./src', './workers', './cli', './build'].map((target) =>
    zone(target, TEST_CODE, 'production code never imports tests or their helpers'),
  ),
  // The measuring tools share the test harness (fixture pages, PDF makers, loopback server), never a spec.
  ...['./bench', './training'].flatMap((target) => [
    zone(target, './e2e', 'tools share test/support, never the end-to-end specs'),
    { ...zone(target, './test', 'tools share test/support, never a test'), except: ['./support', './fixtures', './eval-set'] },
  ]),
];

// Core may use only web-standard APIs that both browsers and Node give (src/core/platform.d.ts), and no runtime
// library: each has one adapter outside core. KaTeX's parser is pure and runs anywhere; core uses it to check that
// the LaTeX it writes parses.
const RUNTIME_LIBRARIES = ['react', 'react-dom', 'comlink', 'onnxruntime-web', 'onnxruntime-node', 'onnxruntime-common', 'pdfjs-dist', 'dompurify', '@napi-rs/canvas', 'fflate', 'pdf-lib', 'bullmq'];

export default [
  { ignores: ['dist/**', 'node_modules/**', 'models/**', 'training/work/**', 'bench/results/**', 'public/**', 'patches/**', 'test-results/**', 'playwright-report/**'] },
  {
    files: CODE,
    languageOptions: { parser: tseslint.parser, ecmaVersion: 'latest', sourceType: 'module' },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.mjs', '.js', '.json', '.d.ts'] })],
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      // Tests are not all type-checked: an import left pointing at a moved file fails here.
      'import-x/no-unresolved': ['error', { ignore: ['\\?url$', '^virtual:', '\\.css$', '^/'] }],
    },
  },
  {
    files: ['src/core/**', 'src/protocol/**'],
    ignores: TESTS,
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{ regex: '^node:', message: 'core runs in browsers too: no Node APIs' }],
        paths: RUNTIME_LIBRARIES.map((name) => ({ name, message: 'core is pure: runtime libraries live in one adapter outside core' })),
      }],
    },
  },
  // Tests and their helpers may reach anything they test.
  { files: TESTS, rules: { 'import-x/no-restricted-paths': 'off' } },
];
