// The language control (docs/behaviour.md §14.2), in the footer (reachable with no wallet) and in the
// account menu: the deployment's languages, each in its own name; a choice is remembered. A native
// <select>: the keyboard, screen readers and phones' own pickers work as everywhere else.
import { useId } from 'react';
import { useLanguageChoice, useWords } from '../../i18n/react';
import { isLanguageCode, LANGUAGES } from '../../i18n/languages';

export function LanguageControl({ place }: { place: 'footer' | 'menu' }) {
  const choice = useLanguageChoice();
  const words = useWords();
  const id = useId();
  if (!choice || choice.offered.length < 2) return null;
  const label = words.t('language.label');
  return (
    <div className={`language-control language-${place}`} data-testid={`language-${place}`}>
      <label htmlFor={id}>{label}</label>{' '}
      <select
        id={id}
        value={choice.loading ?? choice.language}
        aria-busy={choice.loading !== undefined ? true : undefined}
        onChange={(event) => {
          const picked = event.target.value;
          if (isLanguageCode(picked)) choice.choose(picked);
        }}
      >
        {choice.offered.map((code) => (
          <option key={code} value={code} lang={code} dir={LANGUAGES[code].dir}>
            {LANGUAGES[code].name}
          </option>
        ))}
      </select>
      {choice.loading !== undefined ? (
        <span className="muted" role="status">
          {' '}
          {words.t('language.loading', { language: LANGUAGES[choice.loading].name })}
        </span>
      ) : choice.failed !== undefined ? (
        <span className="error" role="alert">
          {' '}
          {words.t('language.failed', { language: LANGUAGES[choice.failed].name })}
        </span>
      ) : null}
    </div>
  );
}
