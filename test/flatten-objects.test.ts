import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { parse } from 'csv-parse/sync';
import { importTurkingBench } from '../src/benchmarks/turkingbench/import.ts';
import { classifyColumns, foldOptions, goldColumns } from '../src/task/instances.ts';
import { loadTaskFile } from '../src/task/load-task.ts';
import { scanTemplate } from '../src/task/template.ts';
import { SHARED_TURKINGBENCH, tempDir } from './helpers.ts';

// Amazon crowd-form's answer-format="flatten-objects": a radio group, a checkbox set or a
// crowd-checkbox is one True/False column per option; the loader folds them into the field.

const TEMPLATE = `<script src="https://assets.crowd.aws/crowd-html-elements.js"></script>
<crowd-form answer-format="flatten-objects">
  <p>\${question}</p>
  <input type="radio" name="bestq-1" value="1"><input type="radio" name="bestq-1" value="2">
  <input type="checkbox" name="topics" value="news event"><input type="checkbox" name="topics" value="sentence">
  <crowd-checkbox name="grammar">grammar errors</crowd-checkbox>
  <crowd-input name="problems"></crowd-input>
  <crowd-slider name="confidence" min="1" max="3"></crowd-slider>
</crowd-form>`;

test('flatten-objects: True/False option columns become one radio answer, one checkbox set, a crowd-checkbox; an unanswered group is empty', () => {
  const dir = tempDir();
  writeFileSync(join(dir, 'template.html'), TEMPLATE);
  writeFileSync(join(dir, 'rows.csv'), [
    'question,Answer.bestq-1.1,Answer.bestq-1.2,Answer.topics.news event,Answer.topics.sentence,Answer.grammar.on,Answer.problems,Answer.confidence',
    'q,False,True,True,True,True,typo,3',
    'q,False,False,False,False,False,,2',
  ].join('\n'));
  writeFileSync(join(dir, 'task.yaml'), 'id: t\ntitle: t\nsplit: train\ntemplate: template.html\ninstances: { csv: rows.csv, answer_format: flatten-objects }\n');
  const { task, errors } = loadTaskFile(join(dir, 'task.yaml'));
  assert.deepEqual(errors, []);
  assert.deepEqual(task!.instances[0]!.gold, {
    'bestq-1': ['2', ''],
    topics: [['news event', 'sentence'], []],
    grammar: [['on'], []],
    problems: ['typo', ''],
    confidence: ['3', '2'],
  });
  const types = Object.fromEntries(task!.fields.map((f) => [f.name, f.type]));
  assert.deepEqual(types, { 'bestq-1': 'radio', topics: 'checkbox', grammar: 'checkbox', problems: 'text', confidence: 'range' });

  // Without the answer format the option columns name no field: an error says so.
  writeFileSync(join(dir, 'task.yaml'), 'id: t\ntitle: t\nsplit: train\ntemplate: template.html\ninstances: { csv: rows.csv }\n');
  const plain = loadTaskFile(join(dir, 'task.yaml'));
  assert.ok(plain.errors.some((e) => e.message.startsWith('column "Answer.bestq-1.1": ')), JSON.stringify(plain.errors));
});

const REAL_TASKS = ['WikiHow Goal Membership', 'WikiHow Step Membership', 'Mars human eval (a-b testing)'];

test('flatten-objects on real TurkingBench columns: every folded radio answer equals the batch file\'s decoded copy, unanswered groups included', { skip: !existsSync(SHARED_TURKINGBENCH) && 'no ../shared/turkingbench' }, () => {
  let unanswered = 0;
  let compared = 0;
  for (const name of REAL_TASKS) {
    const dir = join(SHARED_TURKINGBENCH, 'tasks', name);
    const fields = new Map(scanTemplate(readFileSync(join(dir, 'template.html'), 'utf8')).fields.map((f) => [f.name, f]));
    const [header, ...rows] = parse(readFileSync(join(dir, 'batch.csv')), { bom: true, relax_column_count: true }) as string[][];
    const { options, unknown } = goldColumns(classifyColumns(header!).gold, fields, 'flatten-objects');
    assert.deepEqual(unknown, [], `${name}: every answer column answers a field`);
    assert.ok(options.size >= 6, `${name}: ${options.size} folded fields`);
    for (const row of rows) {
      for (const [field, columns] of options) {
        const answer = foldOptions(field, row, columns);
        if (field.type === 'checkbox') {
          // crowd-checkbox: { on: true | false }.
          assert.deepEqual(answer, row[header!.indexOf(`Answer.${field.name}.on`)] === 'True' ? ['on'] : [], `${name} ${field.name}`);
          continue;
        }
        if (columns.every(([i]) => row[i] === 'False')) unanswered++;
        const decoded = header!.indexOf(`Answer.${field.name}`);
        // Not every group has a decoded copy (an example radio in the instructions has none).
        if (decoded < 0) continue;
        compared++;
        assert.equal(answer, row[decoded], `${name}: ${field.name} folded from ${columns.map(([i]) => `${header![i]}=${row[i]}`).join(', ')}`);
      }
    }
  }
  // Mars human eval has an annotator who left a likert group unanswered (all options False).
  assert.ok(unanswered >= 1, `${unanswered} unanswered groups`);
  assert.ok(compared > 8000, `${compared} answers compared`);
});

test('the importer marks crowd-form tasks flatten-objects and declares no option column as a dynamic field', { skip: !existsSync(SHARED_TURKINGBENCH) && 'no ../shared/turkingbench' }, () => {
  const out = tempDir();
  importTurkingBench(join(SHARED_TURKINGBENCH, 'tasks', 'Mars human eval (a-b testing)'), out);
  const { task, errors } = loadTaskFile(join(out, 'mars-human-eval-a-b-testing', 'task.yaml'));
  assert.deepEqual(errors, []);
  assert.ok(!task!.fields.some((f) => f.name.includes('.')), 'no field named like an option column');
  const likert = task!.instances.flatMap((i) => i.gold.likert ?? []);
  assert.ok(likert.includes('neutral') && likert.includes(''), 'answers and an unanswered group');
});
