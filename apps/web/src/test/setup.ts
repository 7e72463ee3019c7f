import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { preloadVideoCallOverlay } from '@/app/wheel-with-video-call';
import { preloadDialog } from '@/components/ui/dialog';
import { preloadDemoRequestDialog } from '@/features/marketing/components/cta-section';
import { preloadCallController } from '@/features/video/hooks/lazy-call-controller';
import {
  preloadMatchesDialog,
  preloadRegistrationDialog,
} from '@/features/wheel/components/wheel-experience';

// Dialogs and the call are fetched on demand in a browser (the registration form at the first
// seat click, the matches dialog when a spin starts, the call when a match is revealed, the demo
// request form when a pointer reaches its button); here before any test, so that a test sees
// them as a person on a fast network would.
await Promise.all([
  preloadDialog(),
  preloadVideoCallOverlay(),
  preloadCallController(),
  preloadRegistrationDialog(),
  preloadMatchesDialog(),
  preloadDemoRequestDialog(),
]);

afterEach(() => {
  cleanup();
  // The bundle budget test runs in Node (it builds the app): there is no page to reset.
  if (typeof window === 'undefined') return;
  localStorage.clear();
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});
