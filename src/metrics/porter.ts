// NLTK's Porter stemmer in its default NLTK_EXTENSIONS mode, which Google's rouge_score uses
// (use_stemmer=True). Written here because no npm stemmer reproduces it: `stemmer` and
// `natural` implement the original 1980 algorithm ("today" -> "todai", NLTK keeps "today"),
// wink-porter2-stemmer implements Porter2. The differences from the original algorithm are
// the ones NLTK documents: irregular forms, short words, step 1a/1b "ies"/"ied" on
// four-letter words, step 1c's consonant condition, and step 2's extra rules.

type Condition = ((stem: string) => boolean) | null;
type Rule = [suffix: string, replacement: string, condition: Condition];

const IRREGULAR: Record<string, string> = {
  sky: 'sky', skies: 'sky', dying: 'die', lying: 'lie', tying: 'tie', news: 'news',
  innings: 'inning', inning: 'inning', outings: 'outing', outing: 'outing',
  cannings: 'canning', canning: 'canning', howe: 'howe', proceed: 'proceed', exceed: 'exceed',
  succeed: 'succeed',
};

function isConsonant(word: string, i: number): boolean {
  const c = word[i];
  if (c === 'a' || c === 'e' || c === 'i' || c === 'o' || c === 'u') return false;
  if (c === 'y') return i === 0 ? true : !isConsonant(word, i - 1);
  return true;
}

/** m in the algorithm's [C](VC){m}[V]. */
function measure(stem: string): number {
  let cv = '';
  for (let i = 0; i < stem.length; i++) cv += isConsonant(stem, i) ? 'c' : 'v';
  return cv.split('vc').length - 1;
}

const positiveMeasure = (stem: string) => measure(stem) > 0;
const measureAbove1 = (stem: string) => measure(stem) > 1;

function containsVowel(stem: string): boolean {
  for (let i = 0; i < stem.length; i++) if (!isConsonant(stem, i)) return true;
  return false;
}

function endsDoubleConsonant(word: string): boolean {
  const n = word.length;
  return n >= 2 && word[n - 1] === word[n - 2] && isConsonant(word, n - 1);
}

function endsCvc(word: string): boolean {
  const n = word.length;
  return (n >= 3 && isConsonant(word, n - 3) && !isConsonant(word, n - 2) && isConsonant(word, n - 1) && !'wxy'.includes(word[n - 1]!))
    || (n === 2 && !isConsonant(word, 0) && isConsonant(word, 1));
}

const withoutSuffix = (word: string, suffix: string) => word.slice(0, word.length - suffix.length);

/** The first rule whose suffix matches decides, whether or not its condition holds. */
function applyRules(word: string, rules: Rule[]): string {
  for (const [suffix, replacement, condition] of rules) {
    if (suffix === '*d' && endsDoubleConsonant(word)) {
      const stem = word.slice(0, -2);
      return !condition || condition(stem) ? stem + replacement : word;
    }
    if (word.endsWith(suffix)) {
      const stem = withoutSuffix(word, suffix);
      return !condition || condition(stem) ? stem + replacement : word;
    }
  }
  return word;
}

function step1a(word: string): string {
  if (word.endsWith('ies') && word.length === 4) return withoutSuffix(word, 'ies') + 'ie';
  return applyRules(word, [['sses', 'ss', null], ['ies', 'i', null], ['ss', 'ss', null], ['s', '', null]]);
}

function step1b(word: string): string {
  if (word.endsWith('ied')) return withoutSuffix(word, 'ied') + (word.length === 4 ? 'ie' : 'i');
  if (word.endsWith('eed')) {
    const stem = withoutSuffix(word, 'eed');
    return measure(stem) > 0 ? stem + 'ee' : word;
  }
  let stem: string | undefined;
  for (const suffix of ['ed', 'ing']) {
    if (word.endsWith(suffix) && containsVowel(withoutSuffix(word, suffix))) {
      stem = withoutSuffix(word, suffix);
      break;
    }
  }
  if (stem === undefined) return word;
  const last = stem[stem.length - 1]!;
  return applyRules(stem, [
    ['at', 'ate', null], ['bl', 'ble', null], ['iz', 'ize', null],
    ['*d', last, () => !'lsz'.includes(last)],
    ['', 'e', (s) => measure(s) === 1 && endsCvc(s)],
  ]);
}

function step1c(word: string): string {
  return applyRules(word, [['y', 'i', (stem) => stem.length > 1 && isConsonant(stem, stem.length - 1)]]);
}

function step2(word: string): string {
  // NLTK applies ALLI -> AL first and, when it fires, runs step 2 again on the result.
  if (word.endsWith('alli') && positiveMeasure(withoutSuffix(word, 'alli'))) {
    return step2(withoutSuffix(word, 'alli') + 'al');
  }
  return applyRules(word, [
    ['ational', 'ate', positiveMeasure], ['tional', 'tion', positiveMeasure], ['enci', 'ence', positiveMeasure],
    ['anci', 'ance', positiveMeasure], ['izer', 'ize', positiveMeasure], ['bli', 'ble', positiveMeasure],
    ['alli', 'al', positiveMeasure], ['entli', 'ent', positiveMeasure], ['eli', 'e', positiveMeasure],
    ['ousli', 'ous', positiveMeasure], ['ization', 'ize', positiveMeasure], ['ation', 'ate', positiveMeasure],
    ['ator', 'ate', positiveMeasure], ['alism', 'al', positiveMeasure], ['iveness', 'ive', positiveMeasure],
    ['fulness', 'ful', positiveMeasure], ['ousness', 'ous', positiveMeasure], ['aliti', 'al', positiveMeasure],
    ['iviti', 'ive', positiveMeasure], ['biliti', 'ble', positiveMeasure],
    ['fulli', 'ful', positiveMeasure], ['lessli', 'less', positiveMeasure],
    ['logi', 'log', () => positiveMeasure(word.slice(0, -3))],
  ]);
}

function step3(word: string): string {
  return applyRules(word, [
    ['icate', 'ic', positiveMeasure], ['ative', '', positiveMeasure], ['alize', 'al', positiveMeasure],
    ['iciti', 'ic', positiveMeasure], ['ical', 'ic', positiveMeasure], ['ful', '', positiveMeasure],
    ['ness', '', positiveMeasure],
  ]);
}

function step4(word: string): string {
  const plain = (suffix: string): Rule => [suffix, '', measureAbove1];
  return applyRules(word, [
    ...['al', 'ance', 'ence', 'er', 'ic', 'able', 'ible', 'ant', 'ement', 'ment', 'ent'].map(plain),
    ['ion', '', (stem) => measureAbove1(stem) && (stem.endsWith('s') || stem.endsWith('t'))],
    ...['ou', 'ism', 'ate', 'iti', 'ous', 'ive', 'ize'].map(plain),
  ]);
}

function step5a(word: string): string {
  if (!word.endsWith('e')) return word;
  const stem = word.slice(0, -1);
  const m = measure(stem);
  return m > 1 || (m === 1 && !endsCvc(stem)) ? stem : word;
}

function step5b(word: string): string {
  return applyRules(word, [['ll', 'l', () => measureAbove1(word.slice(0, -1))]]);
}

/** Stem one lower-case word the way nltk.stem.porter.PorterStemmer().stem does. */
export function porterStem(word: string): string {
  const lower = word.toLowerCase();
  const irregular = IRREGULAR[lower];
  if (irregular) return irregular;
  if (lower.length <= 2) return lower;
  return [step1a, step1b, step1c, step2, step3, step4, step5a, step5b].reduce((w, step) => step(w), lower);
}
