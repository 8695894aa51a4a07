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
 * - a question's figure: a French text alternative for each, with the same figures in it, and a
 *   French copy only of a drawing (a report is never translated);
 * - for modules: the same front matter (slug, tags, order, status), the same headings (count and
 *   levels), as many images, and the same figures and section numbers.
 *
 * Words in the text are the reviewers' work (content/fr/review); this catches what a reader
 * skimming can miss: a 30 m that became 3 m, a swapped option, a 901.26 that became 901.62.
 */
import type { ContentQuestion, ContentQuestionFrench } from '../../shared/src/schemas/content.ts';
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

/** Every active question against its French. */
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
    question.options.forEach((option, i) =>
      compareText(
        problems,
        question.id,
        option,
        fr.options[i]!,
        `option ${String.fromCharCode(65 + i)}`,
      ),
    );
    compareText(problems, question.id, question.explanation, fr.explanation, 'explanation');
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
