import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { TFunction } from 'i18next';
import type { Namespaces, Translator } from './translator';

const TranslatorContext = createContext<Translator | null>(null);

/** The page's translator, for every component below (entry.client.tsx, entry.server.tsx). */
export function TranslatorProvider({
  translator,
  children,
}: {
  translator: Translator;
  children?: ReactNode;
}) {
  return <TranslatorContext value={translator}>{children}</TranslatorContext>;
}

export function useTranslator(): Translator {
  const translator = useContext(TranslatorContext);
  if (!translator) throw new Error('useTranslation needs a TranslatorProvider');
  return translator;
}

const tIn =
  (translator: Translator, namespaces: readonly string[]) =>
  (key: string, options?: Record<string, unknown>) =>
    translator.translate(namespaces, key, options);

/** A `t` for these namespaces: the first is searched first; "ns:key" names another. */
export function fixedT<const N extends Namespaces = 'common'>(
  translator: Translator,
  ns?: N,
): TFunction<N> {
  return tIn(translator, ns === undefined ? ['common'] : [ns].flat()) as unknown as TFunction<N>;
}

/** `t` for the page's language, typed by the English catalogs (i18n/types.ts). */
export function useTranslation<const N extends Namespaces = 'common'>(ns?: N) {
  const translator = useTranslator();
  // Compared by name: callers pass a new array on every render.
  const names = ns === undefined ? 'common' : [ns].flat().join(',');
  const t = useMemo(
    () => tIn(translator, names.split(',')) as unknown as TFunction<N>,
    [translator, names],
  );
  return { t, i18n: translator };
}
