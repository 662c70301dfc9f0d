import { mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { writeManifest, writeTaskFile, type ImportResult } from 'benchwright/plugin';

interface Question {
  id: string;
  difficulty: string;
  fact: string;
  question: string;
  answer: string;
}

/** The questions of a JSON file as one goal task: each question an instance, its page the fact, its difficulty a tag. */
export function importTrivia(input: string, out: string): ImportResult {
  const questions = JSON.parse(readFileSync(resolve(input), 'utf8')) as Question[];
  const dir = resolve(out);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'trivia.yaml');
  writeTaskFile(file, {
    comment: 'Written by benchwright import trivia.',
    task: {
      id: 'trivia',
      title: 'Trivia',
      description: 'Read the page, answer the question.',
      split: 'test',
      html: '<h1>Did you know?</h1>\n<p>${fact}</p>\n',
      goal: '${question}',
      eval: [{ 'trivia-answer': { answer: '${answer}' } }],
      instances: questions.map((q) => ({
        id: q.id,
        values: { fact: q.fact, question: q.question, answer: q.answer },
        tags: [q.difficulty],
        solution: [`send_msg_to_user(${JSON.stringify(q.answer)})`],
      })),
    },
  });
  writeManifest(dir, 'Trivia', { test: 'every question' }, { tasks: ['trivia.yaml'] });
  return { tasks: [{ id: 'trivia', title: 'Trivia', split: 'test', dir, file }], notes: [] };
}
