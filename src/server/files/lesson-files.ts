// Where a lesson's files live (src/features/lessons/ writes them, src/features/learning/ serves them):
// DATA_DIR/lessons/<lesson id>/, by the database's names only.
import { join } from 'node:path';
import type { Env } from '../env.ts';

export const lessonFilesRoot = (env: Pick<Env, 'DATA_DIR'>) => join(env.DATA_DIR, 'lessons');
