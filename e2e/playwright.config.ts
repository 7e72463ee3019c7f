import { defineConfig } from '@playwright/test';

/** Debian's Chromium: Playwright's own browser download cannot work on our machines. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Flags every browser of the suite needs on a closed network. */
export const BASE_CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

/** The two screens every journey walks on: a phone and a laptop. */
export const JOURNEY_VIEWPORTS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1366, height: 768 },
} as const;

export default defineConfig({
  // The suite starts the real production build on a random port with a throwaway data directory.
  globalSetup: './support/global-setup.ts',
  fullyParallel: true,
  // One browser session at a time: the video-call tests run several Chromium pages with fake
  // cameras, and on a 2-core machine a second worker beside them made other tests time out.
  workers: 1,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 30_000,
  expect: { timeout: 7_500 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  outputDir: '../test-results/e2e',
  use: {
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        ...BASE_CHROMIUM_ARGS,
        // A fake camera and microphone that are granted without a prompt, for the video calls.
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
      ],
    },
  },
  projects: [
    { name: 'chromium', testDir: './tests', use: { browserName: 'chromium' } },
    // e2e/journeys: each file walks one person's whole journey, once per screen size.
    ...Object.entries(JOURNEY_VIEWPORTS).map(([size, viewport]) => ({
      name: `journeys-${size}`,
      testDir: './journeys',
      use: { browserName: 'chromium' as const, viewport },
    })),
  ],
});
