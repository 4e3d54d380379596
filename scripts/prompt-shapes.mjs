// @ts-check
// npm run prompt-shapes: writes src/prompt/shapes.ts, the shapes the inline-UI prompt states, derived from the Zod
// schemas validateView uses (src/prompt/schema-shapes.ts). Run it after changing a component's or an action's schema:
// test/node/prompt.test.ts fails until the file is current. The prompt reads the file instead of deriving the shapes
// at run time, so the core bundle carries no JSON Schema generator.
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { register } from 'tsx/esm/api';

const unregister = register();
const { promptShapes, shapesModule } = await import('../src/prompt/schema-shapes.ts');
await unregister();

const path = resolve('src/prompt/shapes.ts');
const text = shapesModule(promptShapes());
const before = (() => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
})();
if (before === text) console.log('src/prompt/shapes.ts is current.');
else {
  writeFileSync(path, text);
  console.log('Wrote src/prompt/shapes.ts.');
}
