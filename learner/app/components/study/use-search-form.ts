import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useLocalizedPath } from '../../i18n/hooks';
import { searchHref } from './search-address';
import { SEARCH_DEBOUNCE_MS } from './constants';

/**
 * The search form's state: the words as typed and the topics as chosen, searched as the learner
 * types (the URL entry replaced) and on submit (a new entry).
 */
export function useSearchForm(q: string, tags: string[]) {
  const localized = useLocalizedPath();
  const navigate = useNavigate();
  const [text, setText] = useState(q);
  const [shownQuery, setShownQuery] = useState(q);
  /** The query the learner's typing last searched for. */
  const [typedQuery, setTypedQuery] = useState(q.trim());
  // A new search from the URL (back, forward, a shared link) replaces what was typed; the answer
  // to the learner's own typing does not (they may have typed on while it loaded).
  if (shownQuery !== q) {
    setShownQuery(q);
    if (q !== typedQuery) setText(q);
  }
  // The topics as last chosen, ahead of the results: a second chip clicked before the first
  // chip's search has loaded must build on the first, not on the topics of the results shown.
  const tagKey = tags.join(',');
  const [chosen, setChosen] = useState(tags);
  const [shownTags, setShownTags] = useState(tagKey);
  if (shownTags !== tagKey) {
    setShownTags(tagKey);
    setChosen(tags);
  }
  /** Shows a search in place of the current URL entry, where the page is. */
  const replaceSearch = (words: string, topics: string[]) =>
    void navigate(localized(searchHref(words, topics)), {
      replace: true,
      preventScrollReset: true,
    });
  const typing = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(typing.current), []);
  /** Search as they type: once typing pauses, the results follow, replacing the URL entry. */
  const type = (value: string) => {
    setText(value);
    clearTimeout(typing.current);
    typing.current = setTimeout(() => {
      setTypedQuery(value.trim());
      replaceSearch(value, chosen);
    }, SEARCH_DEBOUNCE_MS);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    clearTimeout(typing.current);
    void navigate(localized(searchHref(text, chosen)));
  };
  const toggleTag = (tag: string) => {
    const next = chosen.includes(tag) ? chosen.filter((other) => other !== tag) : [...chosen, tag];
    setChosen(next);
    replaceSearch(text, next);
  };

  return { text, chosen, type, submit, toggleTag };
}
