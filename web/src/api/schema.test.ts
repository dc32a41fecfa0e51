// @vitest-environment node
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import openapiTS, { COMMENT_HEADER, astToString } from 'openapi-typescript';

const documentUrl = new URL('../../openapi.json', import.meta.url);
const schemaPath = fileURLToPath(new URL('./schema.ts', import.meta.url));

describe('generated API types', () => {
  it('src/api/schema.ts matches openapi.json (run `npm run gen:api` when this fails)', async () => {
    const fresh = `${COMMENT_HEADER}${astToString(await openapiTS(documentUrl))}`;
    const checkedIn = readFileSync(schemaPath, 'utf8');
    expect(checkedIn === fresh, 'src/api/schema.ts is stale: run `npm run gen:api` and commit the result').toBe(true);
  });
});
