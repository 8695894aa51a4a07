/**
 * The translation-consistency check (issue 19): a French question or module must say the same
 * things as its English original where a mistranslation would change the answer. It compares,
 * between the two languages:
 *
 * - that every active English question has its French (same id), and no French stands alone;
 * - the options: as many, and option by option the same figures (so the order, and with it the
 *   key, is the English one);
 * - the figures of the stem, the options and the explanation, read in each language's own
 *   notation (9.3 / 9,3; 3,000 / 3 000) and compared as sets of values;
 * - the CARs section numbers ("901.25", "RAC 901.25") and Standard numbers each text cites;
 * - option by option, the anchors: what an option says that survives translation (official
 *   terms, units, codes, names, letters), so options without figures are compared too;
 * - a question's figure: a French text alternative for each, with the same figures in it, and a
 *   French copy only of a drawing (a report is never translated);
 * - for modules: the same front matter (slug, tags, order, status), the same headings (count and
 *   levels), as many images, and the same figures and section numbers.
 *
 * Words in the text are the reviewers' work (content/fr/review); this catches what a reader
 * skimming can miss: a 30 m that became 3 m, a swapped option, a 901.26 that became 901.62.
 */
import type { ContentQuestion, ContentQuestionFrench } from '../../shared/src/schemas/content.ts';
import { optionLetter } from '../../shared/src/text.ts';
import type { ContentModule } from './content.ts';

export type Problem = { where: string; what: string };

/**
 * Section numbers of the CARs and of Standard 921 (101.01, 601.02, 901.47, 901.38.1, 901.175). A
 * radio frequency (121.5, 122.75 MHz) is a figure, not a section: no CARs part is numbered 11x-13x.
 */
const SECTION = /(?<![\d.,])((?:10\d|[2-9]\d\d)\.\d{2,3}(?:\.\d+)?)(?![\d])/g;

/**
 * A time of day, read as one figure (hours × 100 + minutes) in both languages: French writes
 * "17 h 30" and "7 h 45 du soir", English "1730" UTC and "7:45 pm" (a map scale, 1:500,000, is
 * not a time).
 */
const TIME = {
  en: /(?<![\d,])(\d{1,2}):([0-5]\d)(?!\d|,\d)/g,
  // "9 h 45 min" is a duration, written the same in both languages: not a time.
  fr: /(?<![\d,])(\d{1,2})\s?h\s?([0-5]\d)(?!\d|\s?min)/g,
} as const;

/**
 * A figure in each language's notation: English groups thousands with commas and marks decimals
 * with a point (3,000.5); French groups with a space, narrow or not, and marks decimals with a
 * comma (3 000,5).
 */
const NUMBER = {
  en: /(?<![\d.,])\d{1,3}(?:,\d{3})+(?:\.\d+)?(?!\d)|(?<![\d.,])\d+(?:\.\d+)?(?!\d)/g,
  fr: /(?<![\d.,])\d{1,3}(?:[ \u00a0\u202f]\d{3})+(?:,\d+)?(?!\d)|(?<![\d.,])\d+(?:[.,]\d+)?(?!\d)/g,
} as const;

function toValue(raw: string, language: 'en' | 'fr'): number {
  const plain =
    language === 'en'
      ? raw.replace(/,/g, '')
      : // French decimals take a comma; a point joins the parts of a reference (article 5.1).
        raw.replace(/[ \u00a0\u202f]/g, '').replace(',', '.');
  return Number(plain);
}

/** The section numbers a text cites, sorted (a multiset). */
export function sectionsOf(text: string): string[] {
  return [...text.matchAll(SECTION)].map((m) => m[1]!).sort();
}

/**
 * The figures of a text in its language's notation, sorted, without the section numbers (they
 * are compared on their own) and without repeats (a translation may say a figure once more or
 * less for fluency: "30 m … these 30 m" against "30 m … this distance").
 */
export function figuresOf(text: string, language: 'en' | 'fr'): number[] {
  const times = text.replace(
    TIME[language],
    (_, h: string, m: string) => ` ${Number(h) * 100 + Number(m)} `,
  );
  const withoutSections = times.replace(SECTION, ' ');
  const values = [...withoutSections.matchAll(NUMBER[language])].map((m) =>
    toValue(m[0], language),
  );
  return [...new Set(values)].sort((a, b) => a - b);
}

const same = <T>(a: readonly T[], b: readonly T[]) =>
  a.length === b.length && a.every((value, i) => value === b[i]);

function compareText(
  problems: Problem[],
  where: string,
  english: string,
  french: string,
  label: string,
) {
  const figuresEn = figuresOf(english, 'en');
  const figuresFr = figuresOf(french, 'fr');
  if (!same(figuresEn, figuresFr)) {
    problems.push({
      where,
      what: `${label}: figures differ (English ${figuresEn.join(', ') || 'none'}; French ${figuresFr.join(', ') || 'none'})`,
    });
  }
  const sectionsEn = [...new Set(sectionsOf(english))];
  const sectionsFr = [...new Set(sectionsOf(french))];
  if (!same(sectionsEn, sectionsFr)) {
    problems.push({
      where,
      what: `${label}: section numbers differ (English ${sectionsEn.join(', ') || 'none'}; French ${sectionsFr.join(', ') || 'none'})`,
    });
  }
}

/**
 * Anchors: what an option says that survives translation, so that options without figures are
 * compared too (issue 19 left 284 of 610 questions with no digit in any option, whose French
 * could be reordered unseen). Each is looked for option by option, English option i against
 * French option i, and must be in both or in neither (a few only one way: {@link Anchor}). No
 * translation is involved: an anchor is
 *
 * - a term the two languages each write their own official way ({@link ANCHORS}): the glossary's
 *   (../shared/domain/french-glossary.md) and the settled terms of content/fr/review/terms.md,
 *   the acronyms French writes its own way (SATP, COAS, BST), units, months;
 * - an upper-case code both languages of the question write alike (VLOS, NOTAM, AGL, CYA, V2,
 *   FL600, BKN030);
 * - a proper noun both languages write alike (Winnipeg, Tamarack, Romeo), accents aside;
 * - a single letter both write (Class F / classe F, the points of a map, Item A).
 */
type Anchor = {
  name: string;
  en: RegExp;
  fr: RegExp;
  /**
   * The French may say it where the English leaves it unsaid, or the French word has another
   * sense too ("dérive" is also wind drift, "enregistré" also recorded): then the English term
   * asks for the French one, but not the reverse.
   */
  frenchMayAdd?: boolean;
};

/** A pattern is case-sensitive when it has a capital (VLOS, Transport Canada), else not. */
function anchorPattern(alternatives: readonly string[]): RegExp {
  const parts = alternatives.map((p) => {
    const source = /\p{Lu}/u.test(p.replace(/\\p\{\w+\}/g, '')) ? p : `(?i:${p})`;
    const start = p.startsWith('(?<=') ? '' : '(?<![\\p{L}\\p{N}])';
    return `${start}${source}(?![\\p{L}\\p{N}])`;
  });
  return new RegExp(parts.join('|'), 'gu');
}

const anchor = (
  name: string,
  en: readonly string[],
  fr: readonly string[],
  options: { frenchMayAdd?: boolean } = {},
): Anchor => ({ name, en: anchorPattern(en), fr: anchorPattern(fr), ...options });

/** After a figure: a unit symbol ("30 m", "65 %"), in both languages. */
const unit = (symbol: string) => `(?<=\\d[ \\u00a0\\u202f]?)${symbol}`;

const APOSTROPHE = "['’]";

/**
 * Numbers written out, from two ("one" is also a pronoun, "un" an article). French may write one
 * where English does not: "les deux" is "both", "neuf" is also "new".
 */
const NUMBERS = [
  [2, 'two', 'deux'],
  [3, 'three', 'trois'],
  [4, 'four', 'quatre'],
  [5, 'five', 'cinq'],
  [6, 'six', 'six'],
  [7, 'seven', 'sept'],
  [8, 'eight', 'huit'],
  [9, 'nine', 'neuf'],
  [10, 'ten', 'dix'],
  [11, 'eleven', 'onze'],
  [12, 'twelve', 'douze'],
  [15, 'fifteen', 'quinze'],
  [20, 'twenty', 'vingt'],
  [30, 'thirty', 'trente'],
] as const;

const MONTHS = [
  ['January', 'janvier'],
  ['February', 'février'],
  ['March', 'mars'],
  ['April', 'avril'],
  ['May', 'mai'],
  ['June', 'juin'],
  ['July', 'juillet'],
  ['August', 'août'],
  ['September', 'septembre'],
  ['October', 'octobre'],
  ['November', 'novembre'],
  ['December', 'décembre'],
] as const;

/**
 * The terms each language writes its own way, in the order they are looked for: a longer term
 * before the shorter one it contains (BVLOS before VLOS, "non contrôlé" before "contrôlé"), and
 * each match is taken out of the text before the next term and the codes, names and letters are
 * looked for (SATP is the RPAS anchor, not a code of its own).
 */
export const ANCHORS: readonly Anchor[] = [
  // Names kept as they are, before the words they contain (Canada, Drone).
  anchor('NAV CANADA', ['NAV CANADA'], ['NAV CANADA']),
  anchor('NAV Drone', ['NAV Drone'], ['NAV Drone']),
  // french-glossary.md
  anchor(
    'Transport Canada / Transports Canada',
    ['Transport Canada', 'TC'],
    ['Transports Canada', 'TC'],
  ),
  anchor(
    'CARs / RAC',
    ['CARs', 'Canadian Aviation Regulations'],
    ['RAC', `Règlement de l${APOSTROPHE}aviation canadien`],
  ),
  anchor(
    'SFOC / COAS',
    ['SFOCs?', 'special flight operations certificates?'],
    ['COAS', `certificats? d${APOSTROPHE}opérations aériennes spécialisées`],
  ),
  // An RPOC is the RPAS operator certificate: "exploitant de SATP".
  anchor(
    'RPAS / SATP',
    ['RPAS', 'RPOC', 'remotely piloted aircraft systems?'],
    ['SATP', `systèmes? d${APOSTROPHE}aéronefs? télépilotés?`],
  ),
  // French names the aircraft where English leaves it unsaid ("rien ne protège l'ATP").
  anchor('RPA / ATP', ['RPAs?', 'remotely piloted aircraft'], ['ATP', 'aéronefs? télépilotés?'], {
    frenchMayAdd: true,
  }),
  anchor(
    'BVLOS',
    ['BVLOS', 'beyond visual line.of.sight'],
    ['BVLOS', 'au-delà de la visibilité directe'],
  ),
  anchor('VLOS', ['VLOS', 'visual line.of.sight'], ['VLOS', 'visibilité directe']),
  anchor('NM', ['NM', 'nautical miles?'], ['NM', 'milles? marins?']),
  anchor(
    'Drone Management Portal / Portail de gestion des drones',
    ['Drone Management Portal', 'DMP'],
    ['Portail de gestion des drones'],
  ),
  anchor(
    'Level 1 Complex / niveau 1',
    ['Level 1 Complex', 'L1C'],
    ['complexes? de niveau 1', 'niveau 1'],
  ),
  anchor('flight review / révision en vol', ['flight reviews?'], ['révisions? en vol']),
  anchor(
    'bystanders / passants',
    ['bystanders?', 'passers?-by', 'uninvolved people', '(?:people|persons?) not involved'],
    ['passants?', 'personnes? qui ne participent pas'],
  ),
  anchor(
    'advertised event / événement annoncé',
    ['advertised[- ]events?'],
    ['événements? annoncés?'],
  ),
  anchor('uncontrolled / non contrôlé', ['uncontrolled'], ['non contrôlée?s?']),
  anchor('controlled / contrôlé', ['controlled'], ['contrôlée?s?']),
  anchor('basic / de base', ['basic'], ['de base', '\\(base\\)']),
  // "heure avancée" is daylight saving time.
  anchor('advanced / avancé', ['advanced'], ['avancée?s?(?<!heure avancée)']),
  anchor(
    'registration / immatriculation',
    ['(?:un|re-?)?regist\\p{L}*'],
    ['(?:ré)?immatricul\\p{L}*', 'enregistr\\p{L}*'],
    { frenchMayAdd: true },
  ),
  // content/fr/review/terms.md
  anchor('fly-away / dérive', ['fly-?aways?'], ['dérives?', 'fly-away'], { frenchMayAdd: true }),
  anchor(
    'control station / poste de contrôle',
    ['(?:ground )?control stations?', 'GCS'],
    ['postes? de contrôle'],
  ),
  anchor('site survey / examen des lieux', ['site surveys?'], ['examens? des lieux']),
  anchor('operating weight / masse opérationnelle', ['operating weight'], ['masse opérationnelle']),
  anchor('pilot in command / commandant de bord', ['pilots? in command'], ['commandants? de bord']),
  anchor(
    'traffic circuit / circuit de trafic',
    ['traffic (?:pattern|circuit)s?'],
    ['circuits? de trafic'],
  ),
  anchor(
    'flight termination / interruption de vol',
    ['flight[- ]termination'],
    ['interruption de vol'],
  ),
  anchor('manufacturer / constructeur', ['manufacturers?'], ['constructeurs?']),
  anchor('populated / peuplé', ['populated'], ['peuplée?s?']),
  anchor(
    'ground risk buffer / tampon de risque au sol',
    ['ground risk buffers?'],
    ['tampons? de risque au sol'],
  ),
  anchor(
    'C2 link / liaison de commande et de contrôle',
    ['C2', 'command and control'],
    ['C2', 'commande et de contrôle'],
  ),
  anchor(
    'return to home / retour au point de départ',
    ['return[- ]to[- ]home', 'RTH'],
    ['retour au point de départ', 'RTH'],
  ),
  anchor('blowing snow / poudrerie', ['blowing snow'], ['poudrerie']),
  anchor(
    'recency / mise à jour des connaissances',
    ['recency'],
    ['mise à jour(?: des connaissances)?'],
  ),
  anchor(
    'Canada Flight Supplement / Supplément de vol — Canada',
    ['(?:Canada )?Flight Supplement', 'CFS'],
    ['Supplément de vol(?: — Canada)?', 'CFS'],
  ),
  // Acronyms French writes its own way
  anchor(
    'TSB / BST',
    ['TSB', 'Transportation Safety Board'],
    ['BST', 'Bureau de la sécurité des transports'],
  ),
  anchor(
    'DND / MDN',
    ['DND', '(?:Department of )?National Defence'],
    ['MDN', '(?:ministère de la )?Défense nationale'],
  ),
  anchor('NRC / CNRC', ['NRC'], ['CNRC']),
  anchor('ISED / ISDE', ['ISED'], ['ISDE']),
  anchor('NVG / LVN', ['NVGs?', 'night.vision goggles'], ['LVN', 'lunettes de vision nocturne']),
  anchor('GFA', ['GFA', 'Graphic Area Forecasts?'], ['GFA', 'prévisions? de zone graphique']),
  anchor('SM', ['SM', 'statute[- ]miles?'], ['SM', 'milles? terrestres?']),
  anchor(
    'observer / observateur',
    ['VOs?', '(?:visual )?observers?'],
    ['observateurs?(?: visuels?)?'],
  ),
  anchor('OEM / d’origine', ['OEM', 'original'], ['OEM', `d${APOSTROPHE}origine`, 'originale?s?']),
  anchor('C-rating / taux C', ['C-rating'], ['taux C']),
  anchor('US / États-Unis', ['US', 'United States', 'American'], ['États-Unis', 'américaine?s?']),
  anchor('Canada', ['Canada', 'Canadian'], ['Canada', 'canadien(?:ne)?s?']),
  anchor('danger area / zone dangereuse', ['danger areas?'], ['zones? dangereuses?']),
  anchor(
    'military operations area / zone d’opérations militaires',
    ['military operations areas?'],
    [`zones? d${APOSTROPHE}opérations militaires`],
  ),
  // Units
  anchor(
    'ft / pi',
    [unit('ft'), 'feet', 'foot'],
    [unit('pi'), `pieds?(?! d${APOSTROPHE}atterrissage)`],
  ),
  anchor('m', [unit('m'), 'metres?'], [unit('m'), 'mètres?']),
  anchor('km', [unit('km'), 'kilometres?'], [unit('km'), 'kilomètres?']),
  anchor('kg', [unit('kg'), 'kilograms?'], [unit('kg'), 'kilogrammes?']),
  anchor('g', [unit('g'), 'grams?'], [unit('g'), 'grammes?']),
  anchor('kt / nœuds', [unit('kt'), 'knots?'], [unit('kt'), 'nœuds?']),
  anchor('%', [unit('%'), 'per ?cent'], [unit('%'), 'pour cent']),
  // The phonetic alphabet's November is written the same in both.
  ...MONTHS.map(([en, fr]) => anchor(`${en} / ${fr}`, [en], [fr, en])),
  ...NUMBERS.map(([value, en, fr]) =>
    anchor(`${value} (${en} / ${fr})`, [`${en}(?!-)`], [fr], { frenchMayAdd: true }),
  ),
];

/** An upper-case code: VLOS, NOTAM, FL600, V2, BKN030, COAS-SATP (English adds a plural s). */
const CODE = /(?<![\p{L}\p{N}])([A-Z][A-Z0-9]*(?:-[A-Z0-9]+)*[A-Z0-9])(s?)(?![\p{L}\p{N}])/gu;
/** A capitalised word: a name when it does not begin a sentence. */
const NAME = /(?<![\p{L}\p{N}'’-])\p{Lu}\p{Ll}+(?![\p{L}\p{N}])/gu;
/** A letter on its own (Class F, point D, Item A), not an elision (l’, d’) nor an initial (U.S.). */
const LETTER = /(?<![\p{L}\p{N}'’.-])[A-Z](?![\p{L}\p{N}'’-])/gu;

const withoutAccents = (text: string) => text.normalize('NFD').replace(/\p{Mn}/gu, '');

const opensSentence = (before: string) => /(?:^|[.!?:;—–(«“"])\s*$/.test(before);

/** The text without the terms of {@link ANCHORS}, and the anchors found. */
function termsOf(text: string, language: 'en' | 'fr'): { terms: Set<string>; rest: string } {
  const terms = new Set<string>();
  let rest = text;
  for (const a of ANCHORS) {
    rest = rest.replace(a[language], () => {
      terms.add(a.name);
      // A placeholder, not nothing: "A danger area" still has its article's noun.
      return '·';
    });
  }
  return { terms, rest };
}

function codesOf(rest: string, language: 'en' | 'fr'): Set<string> {
  const codes = [...rest.matchAll(CODE)].filter((m) => language === 'en' || !m[2]);
  return new Set(codes.map((m) => m[1]!));
}

function namesOf(rest: string): Set<string> {
  const names = [...rest.matchAll(NAME)].filter((m) => !opensSentence(rest.slice(0, m.index)));
  return new Set(names.map((m) => withoutAccents(m[0])));
}

function lettersOf(rest: string, language: 'en' | 'fr'): Set<string> {
  const letters = [...rest.matchAll(LETTER)].filter((m) => {
    // "I" is the English pronoun; "A" opening a sentence is the article ("A NOTAM…"), unless
    // a list of letters follows ("A and C", "A only").
    if (m[0] === 'I') return false;
    if (language === 'fr' || m[0] !== 'A') return true;
    const after = rest.slice(m.index + 1);
    return !(opensSentence(rest.slice(0, m.index)) && /^\s+(?!(?:and|or|only|to)\b)\S/.test(after));
  });
  return new Set(letters.map((m) => m[0]));
}

/**
 * The codes, names and letters a question's two languages share: a code in both its texts (so
 * not translated: NOTAM, not RPAS/SATP), a letter in both, a name written with a capital in the
 * middle of a sentence in both languages' options.
 */
export type Shared = { codes: Set<string>; names: Set<string>; letters: Set<string> };

const restOf = (texts: readonly string[], language: 'en' | 'fr') =>
  texts.map((t) => termsOf(t, language).rest).join('\n');

const both = <T>(a: Set<T>, b: Set<T>) => new Set([...a].filter((x) => b.has(x)));

export function sharedOf(
  english: { texts: readonly string[]; options: readonly string[] },
  french: { texts: readonly string[]; options: readonly string[] },
): Shared {
  const [en, fr] = [restOf(english.texts, 'en'), restOf(french.texts, 'fr')];
  const [optionsEn, optionsFr] = [restOf(english.options, 'en'), restOf(french.options, 'fr')];
  // Not a word the options also write in lower case ("Fatigue line", "la fatigue").
  const plainOptions = withoutAccents(`${optionsEn}\n${optionsFr}`);
  const alsoCommon = (name: string) =>
    new RegExp(`(?<![\\p{L}\\p{N}])${name.toLowerCase()}(?![\\p{L}\\p{N}])`, 'u').test(
      plainOptions,
    );
  return {
    codes: both(codesOf(en, 'en'), codesOf(fr, 'fr')),
    names: new Set([...both(namesOf(optionsEn), namesOf(optionsFr))].filter((n) => !alsoCommon(n))),
    letters: both(lettersOf(en, 'en'), lettersOf(fr, 'fr')),
  };
}

/** The anchors of one text, by name. */
export function anchorsOf(text: string, language: 'en' | 'fr', shared: Shared): Set<string> {
  const { terms, rest } = termsOf(text, language);
  const anchors = new Set(terms);
  for (const code of codesOf(rest, language)) if (shared.codes.has(code)) anchors.add(code);
  const plain = withoutAccents(rest);
  for (const name of shared.names) {
    if (new RegExp(`(?<![\\p{L}\\p{N}])${name}(?![\\p{L}\\p{N}])`, 'u').test(plain)) {
      anchors.add(name);
    }
  }
  for (const letter of lettersOf(rest, language)) {
    if (shared.letters.has(letter)) anchors.add(`letter ${letter}`);
  }
  return anchors;
}

const frenchMayAdd = new Set(ANCHORS.filter((a) => a.frenchMayAdd).map((a) => a.name));

function compareAnchors(
  problems: Problem[],
  where: string,
  english: string,
  french: string,
  label: string,
  shared: Shared,
) {
  const anchorsEn = anchorsOf(english, 'en', shared);
  const anchorsFr = anchorsOf(french, 'fr', shared);
  for (const name of anchorsEn) {
    if (!anchorsFr.has(name)) {
      problems.push({ where, what: `${label}: "${name}" in the English, not in the French` });
    }
  }
  for (const name of anchorsFr) {
    if (!anchorsEn.has(name) && !frenchMayAdd.has(name)) {
      problems.push({ where, what: `${label}: "${name}" in the French, not in the English` });
    }
  }
}

/** How an option is named in a problem: its letter and its index in the file (the key's). */
const optionLabel = (i: number) => `option ${optionLetter(i)} (index ${i})`;

function sharedOfQuestion(english: ContentQuestion, french: ContentQuestionFrench): Shared {
  return sharedOf(
    {
      texts: [english.question, ...english.options, english.explanation],
      options: english.options,
    },
    { texts: [french.question, ...french.options, french.explanation], options: french.options },
  );
}

/** Option by option: the figures and section numbers, and (given what is shared) the anchors. */
function compareOptions(
  problems: Problem[],
  english: ContentQuestion,
  french: ContentQuestionFrench,
  shared: Shared | undefined,
) {
  english.options.forEach((option, i) => {
    compareText(problems, english.id, option, french.options[i]!, optionLabel(i));
    if (shared) {
      compareAnchors(problems, english.id, option, french.options[i]!, optionLabel(i), shared);
    }
  });
}

/** Every active question against its French. */
/** Per-option rationales (issue 29): in both languages or neither, and each saying the same. */
function compareRationales(
  problems: Problem[],
  english: ContentQuestion,
  french: ContentQuestionFrench,
) {
  const en = english.optionExplanations;
  const fr = french.optionExplanations;
  if (!en && !fr) return;
  if (!en || !fr) {
    problems.push({
      where: english.id,
      what: `option rationales in ${en ? 'English' : 'French'} only`,
    });
    return;
  }
  en.forEach((rationale, i) =>
    compareText(problems, english.id, rationale, fr[i] ?? '', `rationale of option ${i + 1}`),
  );
}

export function checkQuestions(
  english: readonly (ContentQuestion & { isActive?: boolean })[],
  french: ReadonlyMap<string, ContentQuestionFrench>,
): Problem[] {
  const problems: Problem[] = [];
  const ids = new Set(english.map((q) => q.id));
  for (const id of french.keys()) {
    if (!ids.has(id)) problems.push({ where: id, what: 'French without an English question' });
  }
  for (const question of english) {
    if (question.isActive === false) continue;
    const fr = french.get(question.id);
    if (!fr) {
      problems.push({ where: question.id, what: 'an active question without its French' });
      continue;
    }
    if (fr.options.length !== question.options.length) {
      problems.push({
        where: question.id,
        what: `${question.options.length} options in English, ${fr.options.length} in French`,
      });
      continue;
    }
    compareText(problems, question.id, question.question, fr.question, 'question');
    compareOptions(problems, question, fr, sharedOfQuestion(question, fr));
    compareText(problems, question.id, question.explanation, fr.explanation, 'explanation');
    compareRationales(problems, question, fr);
    if (question.figure && !fr.figure) {
      problems.push({ where: question.id, what: 'a figure without its French text alternative' });
    } else if (!question.figure && fr.figure) {
      problems.push({ where: question.id, what: 'a French figure without an English one' });
    } else if (question.figure && fr.figure) {
      if (fr.figure.content !== undefined && question.figure.kind !== 'svg') {
        problems.push({
          where: question.id,
          what: 'a French copy of a report, which stays as issued',
        });
      }
      compareText(problems, question.id, question.figure.alt, fr.figure.alt, 'figure description');
    }
  }
  return problems;
}

/** What {@link swapCoverage} counts, in questions. */
export type SwapCoverage = {
  /** Active questions with their French, as many options in both. */
  questions: number;
  /** At least one swap of two options that each carry something compared is caught. */
  twoCompared: number;
  /** Every swap that moves the keyed option is caught, so the key cannot silently go wrong. */
  keyGuarded: number;
  /** Every swap is caught. */
  everySwap: number;
};

/**
 * How much of a reordering the option comparison would catch, measured on the content itself:
 * each pair of a question's French options is swapped in turn and compared again, with the
 * figures and section numbers alone (`anchors: false`, the check before anchors) or with the
 * anchors too. `only` narrows the count to some questions (those without a digit in any option).
 */
export function swapCoverage(
  english: readonly (ContentQuestion & { isActive?: boolean })[],
  french: ReadonlyMap<string, ContentQuestionFrench>,
  { anchors, only = () => true }: { anchors: boolean; only?: (q: ContentQuestion) => boolean },
): SwapCoverage {
  const coverage: SwapCoverage = { questions: 0, twoCompared: 0, keyGuarded: 0, everySwap: 0 };
  for (const question of english) {
    const fr = french.get(question.id);
    if (question.isActive === false || !fr || !only(question)) continue;
    if (fr.options.length !== question.options.length) continue;
    coverage.questions++;
    const shared = anchors ? sharedOfQuestion(question, fr) : undefined;
    const messages = (options: string[]) => {
      const problems: Problem[] = [];
      compareOptions(problems, question, { ...fr, options }, shared);
      return new Set(problems.map((p) => p.what));
    };
    const before = messages(fr.options);
    const compared = question.options.map(
      (option) =>
        figuresOf(option, 'en').length > 0 ||
        sectionsOf(option).length > 0 ||
        (shared !== undefined && anchorsOf(option, 'en', shared).size > 0),
    );
    let twoCompared = false;
    let keyGuarded = true;
    let everySwap = true;
    for (let i = 0; i < fr.options.length; i++) {
      for (let j = i + 1; j < fr.options.length; j++) {
        const swapped = [...fr.options];
        [swapped[i], swapped[j]] = [swapped[j]!, swapped[i]!];
        const caught = [...messages(swapped)].some((what) => !before.has(what));
        if (caught && compared[i] && compared[j]) twoCompared = true;
        if (!caught) {
          everySwap = false;
          if (i === question.correctAnswer || j === question.correctAnswer) keyGuarded = false;
        }
      }
    }
    if (twoCompared) coverage.twoCompared++;
    if (keyGuarded) coverage.keyGuarded++;
    if (everySwap) coverage.everySwap++;
  }
  return coverage;
}

/** The images a module's markdown shows (its figures), in order. */
const IMAGE = /!\[[^\]]*\]\(([^)\s]+)/g;

const HEADING = /^(#{1,4})\s/gm;

/** Every module against its French (same slug). */
export function checkModules(
  english: readonly ContentModule[],
  french: ReadonlyMap<string, ContentModule>,
): Problem[] {
  const problems: Problem[] = [];
  const slugs = new Set(english.map((m) => m.slug));
  for (const slug of french.keys()) {
    if (!slugs.has(slug)) problems.push({ where: slug, what: 'French without an English module' });
  }
  for (const module of english) {
    const fr = french.get(module.slug);
    const where = module.file;
    if (!fr) {
      problems.push({ where, what: 'a module without its French' });
      continue;
    }
    if (fr.file !== module.file) {
      problems.push({ where, what: `French file named ${fr.file}, not ${module.file}` });
    }
    if (fr.order !== module.order || fr.status !== module.status || !same(fr.tags, module.tags)) {
      problems.push({ where, what: 'front matter differs (order, status or tags)' });
    }
    const levelsEn = [...module.bodyMarkdown.matchAll(HEADING)].map((m) => m[1]!.length);
    const levelsFr = [...fr.bodyMarkdown.matchAll(HEADING)].map((m) => m[1]!.length);
    if (!same(levelsEn, levelsFr)) {
      problems.push({
        where,
        what: `headings differ: ${levelsEn.length} in English, ${levelsFr.length} in French, or not at the same levels`,
      });
    }
    const imagesEn = [...module.bodyMarkdown.matchAll(IMAGE)].length;
    const imagesFr = [...fr.bodyMarkdown.matchAll(IMAGE)].length;
    if (imagesEn !== imagesFr) {
      problems.push({ where, what: `${imagesEn} figures in English, ${imagesFr} in French` });
    }
    compareText(problems, where, module.bodyMarkdown, fr.bodyMarkdown, 'body');
  }
  return problems;
}
