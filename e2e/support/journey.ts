import path from 'node:path';
import type { Page, TestInfo } from '@playwright/test';

const screenshotsDir = path.resolve(import.meta.dirname, '../journeys/screenshots');

/**
 * Where one journey keeps the pictures of its steps, so a reviewer can look at what each person
 * saw: `e2e/journeys/screenshots/<journey>/<size>/<nn>-<step>.png` (ignored by git). Pictures of
 * several people in one journey are told apart by the step name.
 */
export function journeyCamera(testInfo: TestInfo) {
  const journey = path.basename(testInfo.file).replace(/\.spec\.ts$/, '');
  const title = testInfo.titlePath
    .slice(1)
    .join(' ')
    .replace(/[^a-z0-9]+/gi, '-')
    .toLowerCase();
  const size = testInfo.project.name.replace(/^journeys-/, '');
  let step = 0;
  return async (page: Page, name: string) => {
    step += 1;
    const file = `${String(step).padStart(2, '0')}-${name.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}.png`;
    await page.screenshot({ path: path.join(screenshotsDir, journey, title.slice(0, 60), size, file) });
  };
}
