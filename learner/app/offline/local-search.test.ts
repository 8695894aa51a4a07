import { describe, expect, it } from 'vitest';
import type { StudyModule } from '@drone-exam/shared';
import { htmlText, searchModules } from './local-search';

const module = (slug: string, order: number, extra: Partial<StudyModule>): StudyModule => ({
  id: slug,
  slug,
  locale: 'en',
  title: slug,
  description: '',
  summary: '',
  tags: [],
  status: 'published',
  order,
  wordCount: 100,
  estimatedReadTime: 1,
  publishedAt: null,
  createdAt: '',
  updatedAt: '',
  contentHtml: '',
  toc: [],
  exams: ['basic', 'advanced'],
  ...extra,
});

const weather = module('weather', 2, {
  title: 'Weather for Drone Pilots',
  tags: ['weather'],
  contentHtml:
    '<h2>Icing</h2><p>Icing &amp; fog form when air cools to its <em>dew point</em>.</p>',
});
const airspace = module('airspace', 1, {
  title: 'Airspace',
  tags: ['airspace'],
  contentHtml: '<p>Class G is uncontrolled. Weather minima apply in controlled airspace.</p>',
});

describe('search over the modules saved on this device', () => {
  it('finds modules where every word typed starts a word, titles first', () => {
    expect(searchModules([airspace, weather], 'weath', []).map((r) => r.slug)).toEqual([
      'weather',
      'airspace',
    ]);
    expect(searchModules([airspace, weather], 'fog dew', []).map((r) => r.slug)).toEqual([
      'weather',
    ]);
    expect(searchModules([airspace, weather], 'fog class', [])).toEqual([]);
    expect(searchModules([airspace, weather], '  ', [])).toEqual([]);
  });

  it('keeps to the chosen topics', () => {
    expect(searchModules([airspace, weather], 'weather', ['airspace']).map((r) => r.slug)).toEqual([
      'airspace',
    ]);
  });

  it('answers with an escaped snippet that marks the matching words', () => {
    const [result] = searchModules(
      [module('x', 1, { contentHtml: '<p>Never fly &lt;script&gt; near fog banks.</p>' })],
      'fog',
      [],
    );
    expect(result!.snippet).toBe('Never fly &#60;script&#62; near <mark>fog</mark> banks.');
    expect(htmlText(weather.contentHtml)).toBe(
      'Icing Icing & fog form when air cools to its dew point .',
    );
  });
});
