import { rmSync } from 'node:fs';

/** Removes the demo data folder the run's server used. */
export default function teardown(): void {
  const dir = process.env.BRIGADE_E2E_DATA;
  if (dir && dir.includes('brigade-e2e-')) rmSync(dir, { recursive: true, force: true });
}
