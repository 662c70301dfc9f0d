// Writes schemas/task.schema.json, the task schema editors get: the core's
// (schemas/task.base.schema.json) with the built-in benchmarks' protocols, evaluators, answer
// keys and page helpers. Run it after changing either: test/loader.test.ts checks they agree.
//   tsx scripts/write-task-schema.ts
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import '../src/benchmarks/index.ts';
import { taskSchema } from '../src/task/task-schema.ts';

writeFileSync(join(import.meta.dirname, '..', 'schemas', 'task.schema.json'), `${JSON.stringify(taskSchema(true), null, 2)}\n`);
