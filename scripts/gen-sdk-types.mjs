// Writes sdk/js/api-types.d.ts from docs/openapi.yaml with openapi-typescript, so that the
// SDK's types (sdk/js/payd.d.ts imports them) are the document's shapes, never written twice.
// `node scripts/gen-sdk-types.mjs` after changing the document; tests/e2e/sdk_types.test.mjs
// fails when the committed file is not what this writes.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import openapiTS, { astToString } from 'openapi-typescript';

const ROOT = new URL('../', import.meta.url);
export const TYPES_PATH = fileURLToPath(new URL('sdk/js/api-types.d.ts', ROOT));

export async function generateSdkTypes() {
  const ast = await openapiTS(new URL('docs/openapi.yaml', ROOT), { silent: true });
  return '// Generated from docs/openapi.yaml by scripts/gen-sdk-types.mjs (openapi-typescript): do not edit.\n' +
    astToString(ast);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(TYPES_PATH, await generateSdkTypes());
  console.log(`wrote ${TYPES_PATH}`);
}
