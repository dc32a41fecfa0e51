import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

// The real binary (built by `make build` with the SPA embedded), on demo data in a fresh folder.
const port = Number(process.env.BRIGADE_E2E_PORT ?? 18090);
// BRIGADE_E2E_BINARY points at another build of the same program (e.g. a developer's own).
const binary = process.env.BRIGADE_E2E_BINARY ?? '../bin/brigade';
// Set once in the main process; workers inherit it, so everyone talks about the same folder.
process.env.BRIGADE_E2E_DATA ??= mkdtempSync(join(tmpdir(), 'brigade-e2e-'));
const dataDir = process.env.BRIGADE_E2E_DATA;
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results/artifacts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  globalTeardown: './e2e/teardown.ts',
  use: {
    baseURL,
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    viewport: { width: 1440, height: 900 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        // Native date fields follow the browser's language, not the emulated locale.
        '--lang=fr-FR',
      ],
    },
  },
  webServer: {
    // A lighter year of orders than `make run` (300,000) keeps every run's start short.
    command: `${binary} serve --listen 127.0.0.1:${port} --data ${dataDir} --demo-orders ${process.env.BRIGADE_E2E_ORDERS ?? 40000}`,
    // The server answers health at once and loads the demo orders in the background; the tests read
    // reports over them, so they start when /api/v1/ready answers 200 (503 while the orders load).
    url: `${baseURL}/api/v1/ready`,
    timeout: 180_000,
    reuseExistingServer: process.env.BRIGADE_E2E_REUSE === '1',
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
