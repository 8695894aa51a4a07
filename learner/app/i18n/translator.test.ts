import { describe, expect, it } from 'vitest';
import { translateMessage } from '@drone-exam/shared/message-catalog';
import { createTranslator } from './translator';
import enStudy from '../locales/en/study.json';
import frCommon from '../locales/fr/common.json';

const bundles = {
  common: { nav: { study: 'Study' }, greeting: 'Hello {{name}}', days_one: '{{count}} day' },
  quiz: {
    answered_zero: 'None answered',
    answered_one: '{{count}} answered',
    answered_other: '{{count}} answered in all',
    list: [{ topic: 'Airspace' }],
    only: 'Only in quiz',
  },
};

describe('the pages’ translator', () => {
  it('reads nested keys in the first namespace that has them, or the one named', () => {
    const missing: string[] = [];
    const translator = createTranslator('en', { en: bundles }, (ns, key) =>
      missing.push(`${ns}:${key}`),
    );
    expect(translator.translate(['quiz', 'common'], 'nav.study')).toBe('Study');
    expect(translator.translate(['common'], 'quiz:only')).toBe('Only in quiz');
    expect(translator.translate(['common'], 'only')).toBe('only');
    expect(missing).toEqual(['common:only']);
  });

  it('fills placeholders, an absent value as nothing', () => {
    const translator = createTranslator('en', { en: bundles });
    expect(translator.translate(['common'], 'greeting', { name: 'Ana' })).toBe('Hello Ana');
    expect(translator.translate(['common'], 'greeting')).toBe('Hello ');
  });

  it('chooses the plural form by the language’s rules, zero when the catalog has one', () => {
    const en = createTranslator('en', { en: bundles });
    expect(en.translate(['quiz'], 'answered', { count: 0 })).toBe('None answered');
    expect(en.translate(['quiz'], 'answered', { count: 1 })).toBe('1 answered');
    expect(en.translate(['quiz'], 'answered', { count: 7 })).toBe('7 answered in all');
    // French counts 0 and 1 as "one"; without its form the key itself is read.
    const fr = createTranslator('fr', { fr: { quiz: { answered_one: '{{count}} répondue' } } });
    expect(fr.translate(['quiz'], 'answered', { count: 1 })).toBe('1 répondue');
    expect(en.translate(['common'], 'days', { count: 2 })).toBe('days');
  });

  it('gives lists whole when asked, and the catalogs the pages ship resolve', () => {
    const translator = createTranslator('fr', { fr: { common: frCommon } });
    translator.addResourceBundle('fr', 'study', enStudy);
    expect(translator.hasResourceBundle('fr', 'study')).toBe(true);
    expect(translator.translate(['quiz', 'common'], 'list')).toBe('list');
    const list = createTranslator('en', { en: bundles }).translate(['quiz'], 'list', {
      returnObjects: true,
    });
    expect(list).toEqual([{ topic: 'Airspace' }]);
    expect(translator.translate(['common'], 'nav.study')).toBe(frCommon.nav.study);
    expect(translator.translate(['study', 'common'], 'backToStudy')).toBe(enStudy.backToStudy);
  });
});

describe('useTranslation', () => {
  it('renders a component’s text from the provider’s translator, as the server and the browser do', async () => {
    const { createElement } = await import('react');
    const { renderToString } = await import('react-dom/server');
    const { TranslatorProvider, useTranslation } = await import('./react');
    function Greeting() {
      const { t } = useTranslation(['study', 'common']);
      return createElement('p', null, `${t('common:nav.study')} · ${t('backToStudy')}`);
    }
    const translator = createTranslator('fr', { fr: { common: frCommon, study: enStudy } });
    const html = renderToString(
      createElement(TranslatorProvider, { translator }, createElement(Greeting)),
    );
    expect(html).toBe(`<p>${frCommon.nav.study} · ${enStudy.backToStudy}</p>`);
  });

  it('translates messages by its catalog and rule, looks them up as they are until it has both', () => {
    const catalog = {
      'Enter the exam date': "Entrez la date de l'examen",
      'Only {{count}} questions are available': 'Seulement {{count}} questions sont disponibles',
    };
    const server = createTranslator(
      'fr',
      { fr: { messages: catalog } },
      undefined,
      translateMessage,
    );
    expect(server.message('Enter the exam date')).toBe("Entrez la date de l'examen");
    expect(server.message('Only 3 questions are available')).toBe(
      'Seulement 3 questions sont disponibles',
    );
    expect(server.message('Not in the catalog')).toBe('Not in the catalog');
    const shown = { 'Only 3 questions are available': 'Seulement 3 questions sont disponibles' };
    // The browser starts with what the server showed, then gets the whole catalog and its rule.
    const browser = createTranslator('fr', { fr: { messages: shown } });
    expect(browser.message('Only 3 questions are available')).toBe(
      'Seulement 3 questions sont disponibles',
    );
    expect(browser.message('Only 7 questions are available')).toBe(
      'Only 7 questions are available',
    );
    let told = 0;
    const stop = browser.subscribe(() => told++);
    browser.addMessages(catalog, translateMessage);
    expect(told).toBe(1);
    expect(browser.message('Only 7 questions are available')).toBe(
      'Seulement 7 questions sont disponibles',
    );
    stop();
    browser.addResourceBundle('fr', 'messages', catalog);
    expect(told).toBe(1);
  });
});
