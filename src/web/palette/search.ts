/**
 * The pinyin dictionary is most of the palette's weight: it is loaded on its own, after the
 * palette has opened, and the index is built again once it is there (until then Chinese, English
 * and keywords match; pinyin and initials from then on).
 */
let pinyinOf: ((ch: string) => string[]) | null = null;
let loadingPinyin: Promise<void> | null = null;

export function loadPinyin(): Promise<void> {
  return (loadingPinyin ??= import('pinyin-pro').then(({ pinyin }) => {
    pinyinOf = (ch) => pinyin(ch, { toneType: 'none', multiple: true, type: 'array' }) as string[];
  }));
}

export const pinyinLoaded = (): boolean => pinyinOf !== null;

/**
 * Palette matching: Chinese text, full pinyin (`yonghuguanli`), initials (`yhgl`), mixed
 * (`用户gl`, `yhguanli`), every reading of a polyphonic character, and English titles.
 * Keys are computed once per index build; a keystroke only compares strings.
 */

const CJK = /[\u3400-\u9fff\uf900-\ufaff]/;

/** One character of a text with the ways a user may type it. */
interface CharKey {
  /** Typed as is (lower-cased). */
  ch: string;
  /** Full pinyin readings, every reading of a polyphone (`ü` also as `v`). */
  readings: string[];
  initials: string[];
}

interface TextKey {
  text: string;
  chars: CharKey[];
  cjk: boolean;
  /** Full pinyin of the whole text, one string per reading combination (bounded). */
  fulls: string[];
  /** Initials of the whole text, one string per reading combination (bounded). */
  initials: string[];
  words: string[];
  weight: number;
}

/** What an entry is searched by: its texts (title first), with a bag of every typable letter. */
export interface SearchKeys {
  texts: TextKey[];
  bag: string;
}

const readingCache = new Map<string, string[]>();

function readingsOf(ch: string): string[] {
  if (!pinyinOf) return [];
  let cached = readingCache.get(ch);
  if (!cached) {
    const raw = pinyinOf(ch);
    const set = new Set<string>();
    for (const reading of raw) {
      const lower = reading.toLowerCase();
      set.add(lower);
      if (lower.includes('ü')) set.add(lower.replaceAll('ü', 'v'));
    }
    cached = [...set];
    readingCache.set(ch, cached);
  }
  return cached;
}

/** Reading combinations are capped: a long title of polyphones would otherwise explode. */
const MAX_COMBINATIONS = 8;

function combine(parts: string[][]): string[] {
  let out = [''];
  for (const options of parts) {
    const next: string[] = [];
    for (const prefix of out) {
      for (const option of options) {
        next.push(prefix + option);
        if (next.length >= MAX_COMBINATIONS) break;
      }
      if (next.length >= MAX_COMBINATIONS) break;
    }
    out = next;
  }
  return out;
}

function keyOfText(raw: string, weight: number): TextKey {
  const text = raw.toLowerCase().replace(/\s+/g, ' ').trim();
  const compact = text.replaceAll(' ', '');
  const chars: CharKey[] = [];
  for (const ch of compact) {
    if (CJK.test(ch)) {
      const readings = readingsOf(ch);
      chars.push({ ch, readings, initials: [...new Set(readings.map((r) => r[0]!))] });
    } else {
      chars.push({ ch, readings: [], initials: [] });
    }
  }
  const cjk = chars.some((c) => c.readings.length > 0);
  return {
    text,
    chars,
    cjk,
    fulls: cjk ? combine(chars.map((c) => (c.readings.length ? c.readings : [c.ch]))) : [],
    initials: cjk ? combine(chars.map((c) => (c.initials.length ? c.initials : [c.ch]))) : [],
    words: text.split(/[\s/_\-.()（）]+/).filter(Boolean),
    weight,
  };
}

/** Builds the keys of an entry: the title weighs most, then the English title, then keywords. */
export function buildSearchKeys(title: string, others: { text: string; weight: number }[] = []): SearchKeys {
  const texts = [keyOfText(title, 1), ...others.filter((o) => o.text.trim()).map((o) => keyOfText(o.text, o.weight))];
  let bag = '';
  for (const key of texts) bag += key.text + key.fulls.join('') + key.initials.join('');
  return { texts, bag };
}

/** Match levels, best first; an entry's score is level × text weight. */
const LEVEL = {
  exact: 100,
  prefix: 90,
  pinyinExact: 88,
  pinyinPrefix: 80,
  initialsExact: 78,
  initialsPrefix: 72,
  mixedPrefix: 64,
  wordPrefix: 60,
  substring: 50,
  pinyinInside: 40,
  fuzzy: 10,
} as const;

/**
 * Can the query, from `qi`, be typed as characters `ci…` of the text, each as itself, a full
 * reading or an initial (the last one may be a partial reading)?
 */
function typedFrom(chars: CharKey[], ci: number, q: string, qi: number, memo: Uint8Array): boolean {
  if (qi === q.length) return true;
  if (ci === chars.length) return false;
  // 0 unknown, 1 no, 2 yes.
  const memoKey = ci * (q.length + 1) + qi;
  const known = memo[memoKey];
  if (known) return known === 2;
  const c = chars[ci]!;
  let ok = false;
  if (q.startsWith(c.ch, qi)) ok = typedFrom(chars, ci + 1, q, qi + c.ch.length, memo);
  for (let r = 0; !ok && r < c.readings.length; r += 1) {
    const reading = c.readings[r]!;
    if (q.startsWith(reading, qi)) ok = typedFrom(chars, ci + 1, q, qi + reading.length, memo);
    // The query ends inside this syllable: `yongh` for 用户.
    else if (reading.startsWith(q.slice(qi))) ok = true;
  }
  for (let i = 0; !ok && i < c.initials.length; i += 1) {
    if (q.startsWith(c.initials[i]!, qi)) ok = typedFrom(chars, ci + 1, q, qi + 1, memo);
  }
  memo[memoKey] = ok ? 2 : 1;
  return ok;
}

/** Can a typed run start at this character with the query's first letter? */
function canStart(c: CharKey, first: string): boolean {
  return c.ch === first || c.initials.includes(first);
}

function isSubsequence(q: string, text: string): boolean {
  let from = 0;
  for (const ch of q) {
    const at = text.indexOf(ch, from);
    if (at < 0) return false;
    from = at + ch.length;
  }
  return true;
}

function levelOf(key: TextKey, q: string): number {
  const { text } = key;
  // The query lost its spaces (normaliseQuery): "new member" is compared without them too.
  const flat = text.includes(' ') ? text.replaceAll(' ', '') : text;
  if (text === q || flat === q) return LEVEL.exact;
  if (text.startsWith(q) || flat.startsWith(q)) return LEVEL.prefix;
  if (key.cjk) {
    if (key.fulls.includes(q)) return LEVEL.pinyinExact;
    if (key.fulls.some((full) => full.startsWith(q))) return LEVEL.pinyinPrefix;
    if (key.initials.includes(q)) return LEVEL.initialsExact;
    if (key.initials.some((initials) => initials.startsWith(q))) return LEVEL.initialsPrefix;
    if (key.chars[0] && canStart(key.chars[0], q[0]!) && typedFrom(key.chars, 0, q, 0, new Uint8Array((key.chars.length + 1) * (q.length + 1)))) return LEVEL.mixedPrefix;
  } else if (key.words.some((word) => word.startsWith(q))) {
    return LEVEL.wordPrefix;
  }
  if (flat.includes(q)) return LEVEL.substring;
  if (key.cjk) {
    let memo: Uint8Array | null = null;
    for (let ci = 1; ci < key.chars.length; ci += 1) {
      if (!canStart(key.chars[ci]!, q[0]!)) continue;
      memo ??= new Uint8Array((key.chars.length + 1) * (q.length + 1));
      if (typedFrom(key.chars, ci, q, 0, memo)) return LEVEL.pinyinInside;
    }
    if (key.fulls.some((full) => isSubsequence(q, full))) return LEVEL.fuzzy;
  }
  if (isSubsequence(q, text)) return LEVEL.fuzzy;
  return 0;
}

/** Lower-cases and drops spaces: `yong hu` is typed like `yonghu`. */
export function normaliseQuery(query: string): string {
  return query.toLowerCase().replace(/\s+/g, '');
}

/** The score of an entry for a normalised query: 0 when it does not match. */
export function scoreKeys(keys: SearchKeys, q: string): number {
  if (!q) return 1;
  // Cheap rejection: every letter of the query must occur somewhere in the entry.
  for (const ch of q) if (!keys.bag.includes(ch)) return 0;
  let best = 0;
  for (const key of keys.texts) {
    const level = levelOf(key, q);
    if (level) best = Math.max(best, level * key.weight);
  }
  return best;
}

/**
 * A ranker that remembers the matches of the last query: typing one more letter only re-checks
 * those (a match of `abc` is always a match of `ab`), which keeps a keystroke cheap on large
 * indexes.
 */
export function createRanker<T>(items: readonly T[], keysOf: (item: T) => SearchKeys) {
  let lastQuery = '';
  let lastMatches: readonly T[] = items;
  return (query: string, boostOf: (item: T) => number = () => 0, limit = 50): Ranked<T>[] => {
    const q = normaliseQuery(query);
    const pool = q.startsWith(lastQuery) ? lastMatches : items;
    const scored: Ranked<T>[] = [];
    for (const item of pool) {
      const score = scoreKeys(keysOf(item), q);
      if (score > 0) scored.push({ item, score });
    }
    lastQuery = q;
    lastMatches = scored.map((entry) => entry.item);
    for (const entry of scored) entry.score += Math.min(15, boostOf(entry.item));
    scored.sort((a, b) => b.score - a.score);
    return scored.length > limit ? scored.slice(0, limit) : scored;
  };
}

export interface Ranked<T> {
  item: T;
  score: number;
}

/**
 * Filters and ranks: exact > prefix > initials > fuzzy, plus the recency boost (at most 15,
 * so it reorders within a level but never lifts a fuzzy hit over an exact one).
 */
export function rank<T>(items: readonly T[], keysOf: (item: T) => SearchKeys, query: string, boostOf: (item: T) => number = () => 0, limit = 50): Ranked<T>[] {
  const q = normaliseQuery(query);
  const out: Ranked<T>[] = [];
  for (const item of items) {
    const score = scoreKeys(keysOf(item), q);
    if (score > 0) out.push({ item, score: score + Math.min(15, boostOf(item)) });
  }
  out.sort((a, b) => b.score - a.score);
  return out.length > limit ? out.slice(0, limit) : out;
}
