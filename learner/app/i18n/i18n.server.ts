/**
 * The server's side of the two languages (issue 19).
 *
 * - The page's language is its URL's: /fr/… is French, every other path English. remix-i18next's
 *   middleware detects it (our `findLocale`) and gives each request an i18next instance with every
 *   catalog, which renders the page.
 * - A first visit to an English page with a browser that prefers French goes to the same page
 *   under /fr; the choice is remembered in a cookie (LOCALE_COOKIE) and a later visit to an English
 *   path follows it. The switcher's links (`?lang=en|fr`) record a new choice and never trap
 *   anyone: French URLs are always shown in French, and English ones are redirected only by a
 *   choice the visitor made or their browser's first preference. Crawlers are never redirected.
 */
import { createI18nextMiddleware } from 'remix-i18next';
import { isbot } from 'isbot';
import { redirect, type MiddlewareFunction, type RouterContextProvider } from 'react-router';
import {
  isLocale,
  LOCALE_COOKIE,
  LOCALE_COOKIE_MAX_AGE_S,
  LOCALE_QUERY,
  LOCALE_TAGS,
  LOCALES,
  localeFromAcceptLanguage,
  localeFromPath,
  localizedPath,
  type Locale,
} from '@drone-exam/shared/i18n';
import { MESSAGE_CATALOGS } from '@drone-exam/shared/messages';
import { translateMessage } from '@drone-exam/shared/message-catalog';
import { NAMESPACES, type Namespace } from './namespaces';
import { RESOURCES } from './resources.server';
import { createTranslator, type Translator } from './translator';
import { SHOWN_MESSAGES_ID } from './shown-messages';
import { readCookie } from '../lib/cookies';
import { cloudflareContext } from '../context';
import { SESSION_COOKIE } from '@drone-exam/shared/schemas/auth-values';

/** The page's language from a request: its path, a client navigation's ".data" URL included. */
export function requestLocale(request: Request): Locale {
  return localeFromPath(new URL(request.url).pathname.replace(/\.data$/, ''));
}

export const [i18nextMiddleware, getLocale, getInstance] = createI18nextMiddleware({
  detection: {
    supportedLanguages: [...LOCALES],
    fallbackLanguage: 'en',
    order: ['custom'],
    findLocale: async ({ request }) => requestLocale(request),
  },
  i18next: {
    resources: RESOURCES,
    ns: [...NAMESPACES],
    defaultNS: 'common',
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  },
});

/** The request's language, once the middleware has run. */
export const localeOf = (context: Readonly<RouterContextProvider>): Locale => {
  const locale = getLocale(context);
  return isLocale(locale) ? locale : 'en';
};

/** The server's translator of a page, which keeps the messages its render translated. */
export type PageTranslator = Translator & {
  /** English to translation: the messages the page showed (shown-messages.ts). */
  shownMessages: () => Record<string, string>;
};

/**
 * What the page's components translate with while the server renders it: every catalog of its
 * language and its catalog of messages, through the same translator the browser has
 * (i18n/translator.ts), so the server's text and the hydrated page's are the same.
 */
export function pageTranslator(context: Readonly<RouterContextProvider>): PageTranslator {
  const locale = localeOf(context);
  const catalog = MESSAGE_CATALOGS[locale];
  const translator = createTranslator(
    locale,
    { [locale]: { ...RESOURCES[locale], ...(catalog ? { messages: catalog } : {}) } },
    undefined,
    translateMessage,
  );
  const shown: Record<string, string> = {};
  return {
    ...translator,
    message(text) {
      const translated = translator.message(text);
      if (translated !== text) shown[text] = translated;
      return translated;
    },
    shownMessages: () => shown,
  };
}

const DOCUMENT_END = new TextEncoder().encode('</body></html>');
const SCRIPT_TAG = new TextEncoder().encode('<script');

const endsWith = (chunk: Uint8Array, end: Uint8Array) =>
  chunk.length >= end.length &&
  end.every((byte, i) => chunk[chunk.length - end.length + i] === byte);

function includes(chunk: Uint8Array, part: Uint8Array): boolean {
  for (let at = chunk.indexOf(part[0]!); at !== -1; at = chunk.indexOf(part[0]!, at + 1))
    if (part.every((byte, i) => chunk[at + i] === byte)) return true;
  return false;
}

/**
 * The page's HTML with the messages its render translated written in just before its end
 * (i18n/shown-messages.ts). The render's last Suspense section is done by then, and the browser
 * hydrates only once the whole document is parsed (module scripts wait for it), so the translations
 * are there when it does. Left as it is: a language without a catalog of messages (English), and a
 * page with no script (a visitor's static page), which never hydrates.
 */
export function withShownMessages(
  html: ReadableStream<Uint8Array>,
  translator: PageTranslator,
): ReadableStream<Uint8Array> {
  if (!MESSAGE_CATALOGS[translator.language as Locale]) return html;
  let end: Uint8Array | null = null;
  let hydrates = false;
  // The last bytes read before this chunk: a script tag can be split across two chunks.
  let before = new Uint8Array(0);
  return html.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        if (!hydrates) {
          const read = new Uint8Array(before.length + chunk.length);
          read.set(before);
          read.set(chunk, before.length);
          hydrates = includes(read, SCRIPT_TAG);
          before = read.slice(-(SCRIPT_TAG.length - 1));
        }
        if (!endsWith(chunk, DOCUMENT_END)) return controller.enqueue(chunk);
        controller.enqueue(chunk.subarray(0, chunk.length - DOCUMENT_END.length));
        end = DOCUMENT_END;
      },
      flush(controller) {
        const shown = translator.shownMessages();
        if (hydrates && Object.keys(shown).length > 0) {
          // "<" escaped: a message may quote what someone typed, and must not close the script.
          const json = JSON.stringify(shown).replace(/</g, '\\u003c');
          controller.enqueue(
            new TextEncoder().encode(
              `<script type="application/json" id="${SHOWN_MESSAGES_ID}">${json}</script>`,
            ),
          );
        }
        if (end) controller.enqueue(end);
      },
    }),
  );
}

/** A translator for loaders, actions and meta text. */
export function serverT<N extends Namespace>(context: Readonly<RouterContextProvider>, ns: N) {
  return getInstance(context).getFixedT(localeOf(context), ns);
}

/** A redirect to a page of this site, in the request's language. */
export function localRedirect(
  context: Readonly<RouterContextProvider>,
  path: string,
  init?: number | ResponseInit,
) {
  return redirect(localizedPath(path, localeOf(context)), init);
}

/**
 * What a page's loader hands the browser so its components can translate: the page's
 * namespaces in the page's language. The catalogs travel as one JSON text beside the names of what
 * it holds: React Router's decoder rebuilds every string and object of its data in script, which
 * took the French dashboard about 50 ms of a phone's start for its catalogs alone, where the
 * browser's JSON parser takes one or two. The catalog of API and validation messages is not among
 * them (see `withShownMessages`).
 */
export type PageMessages = {
  locale: Locale;
  namespaces: Namespace[];
  /** JSON of the catalogs by namespace. */
  bundles: string;
};

const messagesText = new Map<string, PageMessages>();

/** Each language's set of catalogs is written out once per isolate, not on every request. */
function messagesOf(locale: Locale, bundles: Partial<Record<Namespace, object>>): PageMessages {
  const namespaces = Object.keys(bundles) as PageMessages['namespaces'];
  const key = `${locale}:${namespaces.join()}`;
  let messages = messagesText.get(key);
  if (!messages) {
    messages = { locale, namespaces, bundles: JSON.stringify(bundles) };
    messagesText.set(key, messages);
  }
  return messages;
}

export function pageMessages(
  context: Readonly<RouterContextProvider>,
  namespaces: readonly Namespace[],
): PageMessages {
  const locale = localeOf(context);
  return messagesOf(
    locale,
    Object.fromEntries(namespaces.map((ns) => [ns, RESOURCES[locale][ns]])),
  );
}

/** The root's messages: the namespace every page shares. */
export function rootMessages(context: Readonly<RouterContextProvider>): PageMessages {
  const locale = localeOf(context);
  return messagesOf(locale, { common: RESOURCES[locale].common });
}

const localeCookie = (locale: Locale) =>
  `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=${LOCALE_COOKIE_MAX_AGE_S}; SameSite=Lax`;

/** Paths outside the two languages: the admin console, local tools, the sitemap. */
const UNLOCALIZED = /^\/(admin|dev)(\/|$)|^\/sitemap\.xml$/;

/**
 * Chooses the language of a page request before anything else runs (see the file's comment);
 * signed in, a switch is also saved on the account so its emails follow.
 */
export const languageChoice: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const url = new URL(request.url);
  if (
    request.method !== 'GET' ||
    url.pathname.endsWith('.data') ||
    UNLOCALIZED.test(url.pathname)
  ) {
    return next();
  }
  const pathLocale = localeFromPath(url.pathname);
  const asked = url.searchParams.get(LOCALE_QUERY);
  if (isLocale(asked)) {
    url.searchParams.delete(LOCALE_QUERY);
    const headers = new Headers({ 'Set-Cookie': localeCookie(asked) });
    if (readCookie(request, SESSION_COOKIE)) await saveAccountLocale(context, request, asked);
    throw redirect(localizedPath(`${url.pathname}${url.search}`, asked), { headers });
  }
  const remembered = readCookie(request, LOCALE_COOKIE);
  const crawler = isbot(request.headers.get('user-agent') ?? '');
  if (isLocale(remembered)) {
    if (remembered === 'fr' && pathLocale === 'en' && !crawler) {
      throw redirect(localizedPath(`${url.pathname}${url.search}`, 'fr'));
    }
    return next();
  }
  const preferred = crawler
    ? null
    : localeFromAcceptLanguage(request.headers.get('accept-language'));
  if (pathLocale === 'en' && preferred === 'fr') {
    throw redirect(localizedPath(`${url.pathname}${url.search}`, 'fr'), {
      headers: { 'Set-Cookie': localeCookie('fr'), Vary: 'Accept-Language' },
    });
  }
  const response = await next();
  if (!crawler) response.headers.append('Set-Cookie', localeCookie(pathLocale));
  return response;
};

/** The signed-in learner's new language, for their emails; a failure only leaves it as it was. */
async function saveAccountLocale(
  context: Readonly<RouterContextProvider>,
  request: Request,
  locale: Locale,
) {
  const { env } = context.get(cloudflareContext);
  const origin = new URL(request.url).origin;
  try {
    await env.API.fetch(`${origin}/api/auth/locale`, {
      method: 'PUT',
      headers: {
        'content-type': 'application/json',
        'accept-language': LOCALE_TAGS[locale],
        cookie: request.headers.get('cookie') ?? '',
        origin,
      },
      body: JSON.stringify({ locale }),
    });
  } catch (error) {
    console.error('Language not saved on the account', error);
  }
}
