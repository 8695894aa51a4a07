/**
 * What a French page loads once the browser is idle (i18n/client.ts): the catalog of API and
 * validation messages, and the rule that reads it (templates with values), neither needed to show
 * the messages its server render translated.
 */
export { default as catalog } from '@drone-exam/shared/locales/fr/messages.json';
export { translateMessage } from '@drone-exam/shared/message-catalog';
