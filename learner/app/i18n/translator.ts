import type { MessageCatalog } from '@drone-exam/shared/message-catalog';
import type { Namespace } from './namespaces';

/** A namespace's messages: nested objects of strings (and the lists some pages read whole). */
type Bundle = Record<string, unknown>;
type Bundles = Partial<Record<string, Bundle>>;

export type TranslateOptions = { count?: number; returnObjects?: boolean } & Record<
  string,
  unknown
>;

/**
 * What pages translate with: the page's language and the catalogs its loaders brought. It does
 * the part of i18next the catalogs use (namespaces, nested keys, {{value}} placeholders, plural
 * forms by the language's rules, lists read whole) and nothing else, so the browser's scripts
 * carry a few hundred bytes instead of i18next; the server renders with the same code, so both
 * write the same text. Keys are typed by i18n/types.ts through i18next's types.
 */
export type Translator = {
  language: string;
  translate: (namespaces: readonly string[], key: string, options?: TranslateOptions) => unknown;
  getResourceBundle: (language: string, ns: string) => Bundle | undefined;
  hasResourceBundle: (language: string, ns: string) => boolean;
  addResourceBundle: (language: string, ns: string, bundle: object) => void;
  /**
   * Gives the translator its language's whole catalog of messages and the rule that reads it
   * (templates with values included); until then it looks messages up as they are.
   */
  addMessages: (catalog: MessageCatalog, translate: TranslateMessage) => void;
  /** Calls `listener` after each bundle added (the messages' catalog arriving after hydration). */
  subscribe: (listener: () => void) => () => void;
  /**
   * An API or validation message (its English text, its id) in the translator's language, by
   * the catalog of messages it has.
   */
  message: (text: string) => string;
};

/** How a catalog of messages translates one (shared/src/message-catalog.ts's `translateMessage`). */
export type TranslateMessage = (message: string, catalog: MessageCatalog | undefined) => string;

/** A message looked up as it is: all the browser needs for the messages its server render showed. */
const exactly: TranslateMessage = (message, catalog) => catalog?.[message] ?? message;

const PLACEHOLDER = /\{\{\s*([\w.]+)\s*\}\}/g;

function lookup(bundle: Bundle | undefined, path: string): unknown {
  let value: unknown = bundle;
  for (const part of path.split('.')) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

function interpolate(text: string, options: TranslateOptions): string {
  return text.replace(PLACEHOLDER, (_match, name: string) => {
    const value = lookup(options, name);
    return value === undefined || value === null ? '' : String(value);
  });
}

export function createTranslator(
  language: string,
  resources: Partial<Record<string, Partial<Record<string, object>>>> = {},
  onMissing: (ns: string, key: string) => void = () => {},
  translateMessage: TranslateMessage = exactly,
): Translator {
  const store: Record<string, Bundles> = {};
  const listeners = new Set<() => void>();
  for (const [lng, bundles] of Object.entries(resources)) store[lng] = { ...bundles } as Bundles;
  const plurals = new Intl.PluralRules(language);
  const bundleOf = (ns: string) => store[language]?.[ns];

  const resolve = (ns: string, key: string, options: TranslateOptions): unknown => {
    const bundle = bundleOf(ns);
    if (typeof options.count === 'number') {
      const forms = [
        ...(options.count === 0 ? [`${key}_zero`] : []),
        `${key}_${plurals.select(options.count)}`,
      ];
      for (const form of forms) {
        const found = lookup(bundle, form);
        if (typeof found === 'string') return found;
      }
    }
    return lookup(bundle, key);
  };

  const addResourceBundle = (lng: string, ns: string, bundle: object) => {
    (store[lng] ??= {})[ns] = bundle as Bundle;
    for (const listener of listeners) listener();
  };

  return {
    language,
    translate(namespaces, qualifiedKey, options = {}) {
      const colon = qualifiedKey.indexOf(':');
      const [searched, key] =
        colon > 0 && namespaces.length > 0
          ? [[qualifiedKey.slice(0, colon)], qualifiedKey.slice(colon + 1)]
          : [namespaces, qualifiedKey];
      for (const ns of searched) {
        const found = resolve(ns, key, options);
        if (typeof found === 'string') return interpolate(found, options);
        if (found !== undefined && options.returnObjects) return found;
      }
      onMissing(searched[0] ?? '', key);
      return key;
    },
    getResourceBundle: (lng, ns) => store[lng]?.[ns],
    hasResourceBundle: (lng, ns) => store[lng]?.[ns] !== undefined,
    addResourceBundle,
    addMessages(catalog, translate) {
      translateMessage = translate;
      addResourceBundle(language, 'messages', catalog);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    message: (text) => translateMessage(text, bundleOf('messages') as MessageCatalog | undefined),
  };
}

/** The namespaces a page's components read, the first one's keys needing no prefix. */
export type Namespaces = Namespace | readonly Namespace[];
