import { afterAll, afterEach, beforeAll } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { apiState, server } from './server';

// CI machines have two cores shared with the Go build and Chromium: give
// findBy* queries time before calling an element missing.
configure({ asyncUtilTimeout: 5000 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));

afterEach(() => {
  server.resetHandlers();
  apiState.blocked = false;
  apiState.suspensionStatus = 200;
  if (typeof window === 'undefined') return; // node-environment tests (schema staleness)
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
});

afterAll(() => server.close());
