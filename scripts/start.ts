// npm start: builds the site when the build is missing or older than its sources, then serves.
import { spawnSync } from 'node:child_process';
import { buildIsStale } from './build/build-state.ts';

if (buildIsStale()) {
  console.log('The build is missing or out of date: building first.');
  const result = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
await import('#server/main.ts');
