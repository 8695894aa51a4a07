import { describe, expect, it } from 'vitest';
import { renderMarkdown, safeUrl, withoutLeadingTitle } from './markdown.ts';

describe('safeUrl', () => {
  it.each([
    ['https://tc.canada.ca', 'https://tc.canada.ca'],
    ['http://example.com/x', 'http://example.com/x'],
    ['mailto:help@example.com', 'mailto:help@example.com'],
    ['irc://irc.example.com', 'irc://irc.example.com'],
    ['ircs://irc.example.com', 'ircs://irc.example.com'],
    ['xmpp:pilot@example.com', 'xmpp:pilot@example.com'],
    ['/study/airspace', '/study/airspace'],
    ['#check-yourself', '#check-yourself'],
    ['relative/page?x=a:b', 'relative/page?x=a:b'],
    ['javascript:alert(1)', ''],
    ['JAVA\nSCRIPT:alert(1)', ''],
    ['data:text/html,<b>x</b>', ''],
    ['vbscript:msgbox', ''],
    ['  HTTPS://tc.canada.ca  ', 'HTTPS://tc.canada.ca'],
    ['//cdn.example.com/x.png', '//cdn.example.com/x.png'],
    ['java\tscript:alert(1)', ''],
    ['file:///etc/passwd', ''],
    ['tel:+15555550100', ''],
    ['', ''],
  ])('%s → %s', (input, expected) => expect(safeUrl(input)).toBe(expected));
});

describe('renderMarkdown', () => {
  const source = [
    '# Title',
    '## Rules (CARs 901.25)',
    '### Altitude',
    '#### Near buildings',
    '##### Too deep',
    '## Rules (CARs 901.25)',
    '',
    'Fly at most [400 ft](https://laws-lois.justice.gc.ca) — see [below](#altitude) or [bad](javascript:alert(1)).',
    '',
    '<script>alert(1)</script>',
    '',
    '| Rule | Value |',
    '|---|---|',
    '| Height | 122 m |',
  ].join('\n');
  const rendered = renderMarkdown(source);

  it('collects headings of levels 1–4 with unique ids for the table of contents', () => {
    expect(rendered.toc).toEqual([
      { id: 'title', title: 'Title', level: 1 },
      { id: 'rules-cars-90125', title: 'Rules (CARs 901.25)', level: 2 },
      { id: 'altitude', title: 'Altitude', level: 3 },
      { id: 'near-buildings', title: 'Near buildings', level: 4 },
      { id: 'rules-cars-90125-1', title: 'Rules (CARs 901.25)', level: 2 },
    ]);
    expect(rendered.html).toContain('<h2 id="rules-cars-90125">');
  });

  it('takes an explicit {#id} at the end of a heading as its id, kept out of its text', () => {
    const { html, toc } = renderMarkdown(
      '# Espace aérien {#airspace}\n\n## Les *classes* {#airspace-classes}\n\n## Sans ancre\n\n## Bis {#airspace}',
    );
    expect(toc).toEqual([
      { id: 'airspace', title: 'Espace aérien', level: 1 },
      { id: 'airspace-classes', title: 'Les classes', level: 2 },
      { id: 'sans-ancre', title: 'Sans ancre', level: 2 },
      { id: 'airspace-1', title: 'Bis', level: 2 },
    ]);
    expect(html).toContain('<h2 id="airspace-classes">Les <em>classes</em></h2>');
    expect(html).not.toContain('{#');
  });

  it('opens external links in a new tab without opener, keeps relative ones, blanks unsafe ones', () => {
    expect(rendered.html).toContain(
      '<a href="https://laws-lois.justice.gc.ca" target="_blank" rel="noopener noreferrer">400 ft</a>',
    );
    expect(rendered.html).toContain('<a href="#altitude">below</a>');
    expect(rendered.html).toContain('<a href="">bad</a>');
  });

  it('escapes raw HTML instead of rendering it', () => {
    expect(rendered.html).not.toContain('<script>');
    expect(rendered.html).toContain('&lt;script&gt;');
  });

  it('renders GFM tables inside a scroll container', () => {
    expect(rendered.html).toContain('<div class="table-scroll" tabindex="0"><table>');
    expect(rendered.html).toContain('<td>122 m</td>');
  });

  it('makes code blocks and tables, which scroll sideways on a phone, reachable by keyboard', () => {
    const { html } = renderMarkdown('```\nMETAR CZZX 151800Z 27012G22KT\n```');
    expect(html).toBe('<pre tabindex="0"><code>METAR CZZX 151800Z 27012G22KT\n</code></pre>\n');
  });

  it('shows an image alone in its paragraph as a figure with its title as the caption', () => {
    const { html } = renderMarkdown(
      'Text.\n\n![Two circles, 3 NM and 1 NM](/figures/module-1/distances.svg#760x390 "Distances")\n\nAn ![icon](/i.svg "inline") here.',
    );
    // The size keeps the figure's room before it loads, so nothing below it moves.
    expect(html).toContain(
      '<figure><img src="/figures/module-1/distances.svg" alt="Two circles, 3 NM and 1 NM" width="760" height="390" loading="lazy"><figcaption>Distances</figcaption></figure>',
    );
    expect(html).toContain(
      '<p>An <img src="/i.svg" alt="icon" title="inline" loading="lazy"> here.</p>',
    );
    expect(renderMarkdown('![x](javascript:alert(1) "t")').html).not.toContain('javascript');
  });

  it('counts words of the text', () => {
    expect(renderMarkdown('One two three four.').wordCount).toBe(4);
  });
});

describe('withoutLeadingTitle', () => {
  it('takes the opening h1 out of the body when it is the module title, keeping its id', () => {
    const { html, toc } = renderMarkdown('# Airspace & You\n\nIntro.\n\n## Class G');
    const split = withoutLeadingTitle(html, toc, 'Airspace & You');
    expect(split.titleId).toBe('airspace-you');
    expect(split.html.startsWith('<p>Intro.</p>')).toBe(true);
    expect(split.html).toContain('<h2 id="class-g">');
  });

  it('leaves the body alone when it opens with anything else', () => {
    for (const source of ['Intro first.\n\n# Airspace', '# Something else', '## Airspace']) {
      const { html, toc } = renderMarkdown(source);
      expect(withoutLeadingTitle(html, toc, 'Airspace')).toEqual({ html, titleId: null });
    }
  });
});
