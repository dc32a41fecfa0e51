import { afterAll, afterEach, beforeAll } from 'vitest';
import { cleanup } from '@testing-library/react';
import { apiState, server } from './server';

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
