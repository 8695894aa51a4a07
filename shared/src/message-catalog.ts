/**
 * The API's and the forms' messages are written once, in English, where they are raised (the zod
 * schemas in shared/, the API's errors); the English text is the message's id. A language's
 * catalog (shared/src/locales/<lang>/messages.json) maps each to its translation, so one schema
 * gives French messages for a French request and in French forms, without a second schema.
 * Messages built with a value ("Only 3 questions are available…") are kept as templates with
 * i18next's {{name}} placeholders and matched whole.
 */
export type MessageCatalog = Readonly<Record<string, string>>;

type Template = { pattern: RegExp; names: string[]; translation: string };
const templatesByCatalog = new WeakMap<MessageCatalog, Template[]>();

const PLACEHOLDER = /\{\{(\w+)\}\}/g;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function templatesOf(catalog: MessageCatalog): Template[] {
  let templates = templatesByCatalog.get(catalog);
  if (!templates) {
    templates = Object.entries(catalog)
      .filter(([english]) => english.includes('{{'))
      .map(([english, translation]) => {
        const names: string[] = [];
        const source = english
          .split(PLACEHOLDER)
          .map((part, i) => {
            if (i % 2 === 0) return escapeRegExp(part);
            names.push(part);
            return '(.+?)';
          })
          .join('');
        return { pattern: new RegExp(`^${source}$`, 's'), names, translation };
      });
    templatesByCatalog.set(catalog, templates);
  }
  return templates;
}

/**
 * The message in the catalog's language, or the English message when it has none; a template's
 * values are kept, or translated when the catalog has them as messages of their own.
 */
export function translateMessage(message: string, catalog: MessageCatalog | null | undefined) {
  if (!catalog) return message;
  const exact = catalog[message];
  if (exact !== undefined) return exact;
  for (const template of templatesOf(catalog)) {
    const match = template.pattern.exec(message);
    if (!match) continue;
    return template.translation.replace(PLACEHOLDER, (whole, name: string) => {
      const index = template.names.indexOf(name);
      const value = index === -1 ? undefined : match[index + 1];
      // A value that is itself a catalog message (a reason's label) is translated too.
      return value === undefined ? whole : (catalog[value] ?? value);
    });
  }
  return message;
}

/** Whether the catalog translates the message (exactly or by a template). */
export function hasTranslation(message: string, catalog: MessageCatalog): boolean {
  return (
    catalog[message] !== undefined || templatesOf(catalog).some((t) => t.pattern.test(message))
  );
}
