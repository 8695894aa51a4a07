import { Marked, Renderer, type Tokens } from 'marked';
import { countWords, headingId } from './text.ts';

export const TOC_MIN_LEVEL = 1;
export const TOC_MAX_LEVEL = 4;

export type TocEntry = { id: string; title: string; level: number };
export type RenderedMarkdown = { html: string; toc: TocEntry[]; wordCount: number };

/** learner-spec §2: only these protocols survive; relative links are kept; anything else is blanked. */
const SAFE_PROTOCOLS = ['http', 'https', 'irc', 'ircs', 'mailto', 'xmpp'];

/** An explicit heading id at the end of a heading: "{#airspace-classes}". */
const HEADING_ANCHOR = /\s*\{#([a-z0-9]+(?:-[a-z0-9]+)*)\}\s*$/;
/** The same at the end of every line, so an anchor is never counted as words of the text. */
const HEADING_ANCHORS = /[ \t]*\{#[a-z0-9]+(?:-[a-z0-9]+)*\}[ \t]*$/gm;

/** A figure's size as its address ends, "#760x420" (the drawing's viewBox). */
const IMAGE_SIZE = /#(\d{1,4})x(\d{1,4})$/;

/**
 * An image of the text. A size at the end of its address becomes its width and height, so the
 * page keeps the figure's room before it loads (lazily): the text below it never jumps, and a
 * link to a heading lands where it should.
 */
function imageTag(url: string, alt: string, title?: string | null): string {
  const size = IMAGE_SIZE.exec(url);
  const src = size ? url.slice(0, size.index) : url;
  const box = size ? ` width="${size[1]}" height="${size[2]}"` : '';
  const titleAttr = title ? ` title="${escapeHtml(title)}"` : '';
  return `<img src="${escapeHtml(src)}" alt="${escapeHtml(alt)}"${box}${titleAttr} loading="lazy">`;
}

export function safeUrl(url: string | null | undefined): string {
  if (!url) return '';
  const trimmed = url.trim();
  // Strip characters browsers ignore inside a scheme ("java\nscript:") before testing it.
  const normalised = [...trimmed]
    .filter((ch) => ch.charCodeAt(0) > 0x20 && ch.charCodeAt(0) !== 0x7f)
    .join('');
  const colon = normalised.indexOf(':');
  if (colon === -1) return trimmed;
  const firstDelimiter = normalised.search(/[/?#]/);
  if (firstDelimiter !== -1 && firstDelimiter < colon) return trimmed;
  const protocol = normalised.slice(0, colon).toLowerCase();
  return SAFE_PROTOCOLS.includes(protocol) ? trimmed : '';
}

export function isExternalUrl(url: string): boolean {
  return /^https?:/i.test(url.trim());
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ESCAPES[ch] ?? ch);
}

function decodeEntities(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

/**
 * Renders module markdown the one way learners and the admin preview see it: GFM, no raw HTML,
 * safe links only, external links in a new tab, headings 1–4 carrying the table-of-contents ids.
 */
export function renderMarkdown(markdown: string): RenderedMarkdown {
  const toc: TocEntry[] = [];
  const usedIds = new Map<string, number>();
  const renderer = new Renderer();

  renderer.heading = function ({ tokens, depth }: Tokens.Heading) {
    const text = decodeEntities(this.parser.parseInline(tokens, this.parser.textRenderer)).trim();
    // "## Title {#anchor}" names the heading's id itself, so a translation keeps the English id
    // and links into a module (a question's "Read it in the module") hold in both languages.
    const anchor = HEADING_ANCHOR.exec(text);
    const title = anchor ? text.slice(0, anchor.index).trimEnd() : text;
    const inner = anchor
      ? this.parser.parseInline(tokens).replace(HEADING_ANCHOR, '').trimEnd()
      : this.parser.parseInline(tokens);
    const base = anchor?.[1] ?? (headingId(title) || 'section');
    const seen = usedIds.get(base) ?? 0;
    usedIds.set(base, seen + 1);
    const id = seen === 0 ? base : `${base}-${seen}`;
    if (depth >= TOC_MIN_LEVEL && depth <= TOC_MAX_LEVEL) toc.push({ id, title, level: depth });
    return `<h${depth} id="${escapeHtml(id)}">${inner}</h${depth}>\n`;
  };

  renderer.html = function ({ text }: Tokens.HTML | Tokens.Tag) {
    return escapeHtml(text);
  };

  renderer.link = function ({ href, title, tokens }: Tokens.Link) {
    const inner = this.parser.parseInline(tokens);
    const url = safeUrl(href);
    const titleAttr = title ? ` title="${escapeHtml(title)}"` : '';
    const external = url && isExternalUrl(url) ? ' target="_blank" rel="noopener noreferrer"' : '';
    return `<a href="${escapeHtml(url)}"${titleAttr}${external}>${inner}</a>`;
  };

  renderer.image = function ({ href, title, text }: Tokens.Image) {
    const url = safeUrl(href);
    if (!url) return escapeHtml(text);
    return imageTag(url, text, title);
  };

  // An image alone in its paragraph is a figure: its title becomes a visible caption.
  renderer.paragraph = function (token: Tokens.Paragraph) {
    const [only] = token.tokens;
    if (token.tokens.length === 1 && only?.type === 'image') {
      const image = only as Tokens.Image;
      const url = safeUrl(image.href);
      if (url && image.title) {
        return `<figure>${imageTag(url, image.text)}<figcaption>${escapeHtml(image.title)}</figcaption></figure>\n`;
      }
    }
    return Renderer.prototype.paragraph.call(this, token);
  };

  // Code blocks and tables scroll sideways on a narrow screen: each is a tab stop, so a keyboard
  // can scroll it too (WCAG 2.1.1; axe's scrollable-region-focusable found the weather module's
  // METAR block unreachable).
  renderer.table = function (token: Tokens.Table) {
    return `<div class="table-scroll" tabindex="0">${Renderer.prototype.table.call(this, token)}</div>\n`;
  };

  renderer.code = function (token: Tokens.Code) {
    return Renderer.prototype.code.call(this, token).replace(/^<pre>/, '<pre tabindex="0">');
  };

  const marked = new Marked({ gfm: true, breaks: false, async: false, renderer });
  const html = marked.parse(markdown) as string;
  const prose = markdown.replace(HEADING_ANCHORS, '').replace(/[#>*_`|~[\]()-]/g, ' ');
  return { html, toc, wordCount: countWords(prose) };
}

/**
 * A module's rendered body usually opens with its own title as an h1. The reader's page shows
 * the title in its header, so that heading is taken out of the body and its id handed to the
 * header: the table of contents still leads to it and the title is not shown twice.
 */
export function withoutLeadingTitle(
  html: string,
  toc: TocEntry[],
  title: string,
): { html: string; titleId: string | null } {
  const first = toc[0];
  if (!first || first.level !== 1 || first.title.trim() !== title.trim()) {
    return { html, titleId: null };
  }
  const opening = `<h1 id="${escapeHtml(first.id)}">`;
  const start = html.trimStart();
  const end = start.indexOf('</h1>');
  if (!start.startsWith(opening) || end === -1) return { html, titleId: null };
  return { html: start.slice(end + '</h1>'.length).trimStart(), titleId: first.id };
}
