// WebArena's deterministic scoring (web-arena-x/webarena evaluation_harness/evaluators.py at f62e0b9),
// ported as pure functions.
export { cleanAnswer } from './clean.ts';
export { requiredContents, type RequiredContents } from './program-html.ts';
export { fromEvaluateResult, pythonStr, type EvaluateResult, type PythonValue } from './python-value.ts';
export { exactMatch, mustInclude, stringMatch, type FuzzyJudge, type StringReference } from './string-match.ts';
export { urlMatch } from './url-match.ts';
export { wordTokenize } from './word-tokenize.ts';
