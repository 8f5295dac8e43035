import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // e2e/*.spec.ts belong to Playwright.
    include: ['src/**/*.test.ts', 'workers/**/*.test.ts', 'cli/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
