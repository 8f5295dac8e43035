import { execFileSync } from 'node:child_process';
import { defineConfig } from '@playwright/test';

// One free loopback port per run, shared with the worker processes through the environment.
if (!process.env.PAGEMARK_E2E_PORT) {
  process.env.PAGEMARK_E2E_PORT = execFileSync(process.execPath, [
    '-e',
    "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close();})",
  ]).toString();
}
const port = Number(process.env.PAGEMARK_E2E_PORT);

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  // Two cores here: one browser at a time keeps timings stable.
  workers: 1,
  timeout: 60_000,
  expect: { timeout: 20_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}/`,
    launchOptions: {
      executablePath: process.env.PAGEMARK_CHROMIUM ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--enable-unsafe-webgpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
    trace: 'retain-on-failure',
  },
  webServer: {
    // `npm test` builds first; this serves that production build.
    command: `npx vite preview --host 127.0.0.1 --port ${port} --strictPort`,
    url: `http://127.0.0.1:${port}/`,
    reuseExistingServer: false,
    timeout: 60_000,
  },
});
