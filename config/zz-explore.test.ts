import { readdirSync } from 'node:fs';
import { it } from 'vitest';
import { formatIgnored, validateConfigFile } from './index.js';
it('explore', async () => {
const dir = '/work/shared/real-configs';
for (const f of readdirSync(dir).filter((n) => n.endsWith('.yaml'))) {
  const r = await validateConfigFile(`${dir}/${f}`, {});
  console.log('==', f, r.errors.length, r.warnings.length);
  console.log('  I', formatIgnored(r.ignored));
  for (const e of r.warnings) console.log('  W', e.path, e.message);
}
});
