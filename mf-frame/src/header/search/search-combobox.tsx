import { thumbnailOf } from '@shop/contracts/photos';
import { useId, useState } from 'react';
import type { KeyboardEvent, Ref } from 'react';
import type { SearchCategory } from '@shop/contracts/search';
import { useText } from '../../messages/messages';
import type { Suggestion } from './suggestions';
import { useSuggestions } from './use-suggestions';
import styles from './search-panel.module.css';

interface SearchComboboxProps {
  id: string;
  inputRef: Ref<HTMLInputElement>;
  defaultValue: string;
  /** The panel's select: suggestions come from the category the form would search. */
  category: SearchCategory | '';
  /** Asks for suggestions only while the panel shows. */
  active: boolean;
  onChoose: (suggestion: Suggestion) => void;
}

/** A product's first picture (cart-service's `/images/...`, same origin through the shell's proxy), a photo's smallest. */
const imageOf = (suggestion: Suggestion) => thumbnailOf(suggestion.images[0] ?? '/images/placeholder.svg');

/**
 * The search text box as a WAI-ARIA 1.2 combobox with a listbox popup: suggestions follow the typing, the arrows move
 * through them while focus stays in the box (`aria-activedescendant`), Enter opens the one chosen, Escape closes them.
 * The box stays the form's uncontrolled `q` field, so Enter with no suggestion chosen submits the search, and what was
 * typed before hydration is kept (decision 026).
 */
export function SearchCombobox({ id, inputRef, defaultValue, category, active, onChoose }: SearchComboboxProps) {
  const { t, locale, price } = useText();
  const listboxId = useId();
  // Only what the shopper types is searched: a panel reopened on a search's results starts without suggestions.
  const [text, setText] = useState('');
  const [highlighted, setHighlighted] = useState(-1);
  const [dismissed, setDismissed] = useState(false);
  const suggestions = useSuggestions(active ? text : '', category, locale);
  const products = suggestions.status === 'found' ? suggestions.products : [];

  // A new answer starts with nothing highlighted: an index into the old list would name another product.
  const [answered, setAnswered] = useState(suggestions);
  if (answered !== suggestions) {
    setAnswered(suggestions);
    setHighlighted(-1);
  }

  const expanded = active && !dismissed && products.length > 0;
  const optionId = (index: number) => `${listboxId}-${index}`;

  function move(step: 1 | -1, event: KeyboardEvent) {
    if (products.length === 0) return;
    event.preventDefault();
    setDismissed(false);
    const from = expanded ? highlighted : -1;
    // From the box, down goes to the first and up to the last; past either end, round to the other.
    setHighlighted(from === -1 ? (step === 1 ? 0 : products.length - 1) : (from + step + products.length) % products.length);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown') move(1, event);
    else if (event.key === 'ArrowUp') move(-1, event);
    else if (event.key === 'Enter' && expanded && highlighted >= 0) {
      event.preventDefault();
      onChoose(products[highlighted]!);
    } else if (event.key === 'Escape' && expanded) {
      // The first Escape closes the suggestions only; the next one, reaching the panel, closes the panel.
      event.preventDefault();
      event.stopPropagation();
      setDismissed(true);
      setHighlighted(-1);
    }
  }

  const announcement =
    !active || text.trim() === ''
      ? ''
      : suggestions.status === 'found'
        ? t('search.suggestions.count', { count: products.length })
        : suggestions.status === 'failed'
          ? t('search.suggestions.failed')
          : '';

  return (
    <div className={styles.field}>
      <input
        ref={inputRef}
        id={id}
        name="q"
        type="search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listboxId}
        aria-activedescendant={expanded && highlighted >= 0 ? optionId(highlighted) : undefined}
        defaultValue={defaultValue}
        placeholder={t('search.placeholder')}
        autoComplete="off"
        enterKeyHint="search"
        className={styles.input}
        onChange={(event) => {
          setText(event.currentTarget.value);
          setDismissed(false);
          setHighlighted(-1);
        }}
        onKeyDown={onKeyDown}
      />
      <ul id={listboxId} role="listbox" aria-label={t('search.suggestions.name')} className={styles.listbox} hidden={!expanded}>
        {products.map((product, index) => (
          <li
            key={product.id}
            id={optionId(index)}
            role="option"
            aria-selected={index === highlighted}
            className={styles.option}
            // Keeps the focus in the box, where the keyboard goes on working.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => onChoose(product)}
          >
            <img src={imageOf(product)} alt="" width={48} height={48} decoding="async" className={styles.optionImage} />
            <span className={styles.optionName}>{product.name}</span>
            <span className={styles.optionPrice}>{price(product.price)}</span>
          </li>
        ))}
      </ul>
      <p role="status" className={styles.visuallyHidden}>
        {announcement}
      </p>
    </div>
  );
}
