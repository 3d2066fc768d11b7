// The page when starting failed before React could render (the configuration, the store, a module
// that throws, a file that did not arrive): the reason and a Reload button, never a blank page. Plain
// DOM with a listener (the page's Content-Security-Policy allows no inline script or handler). Its
// words are English's first part (the first script's): the language chosen may be what failed.
import { english } from './i18n/english';
import type { FirstKey } from './i18n/catalogue';
import type { Words } from './i18n/words';
import { failureText } from './ui/failureText';
import './startupFailure.css';

export function showStartupFailure(error: unknown, words: Words<FirstKey> = english): void {
  console.error('Walletdeck could not start', error);
  const text = failureText(error, words.t('part.walletdeck'), words);
  let root: HTMLElement = document.body;
  try {
    root = document.getElementById('root') ?? document.body;
  } catch {
    // A page API that throws is maybe why starting failed: the body will do.
  }
  const panel = document.createElement('div');
  panel.className = 'startup-failure';
  panel.setAttribute('role', 'alert');
  panel.setAttribute('data-testid', 'startup-failure');
  const heading = document.createElement('h1');
  heading.textContent = words.t('startup.title', { app: words.t('app.name') });
  const summary = document.createElement('p');
  summary.textContent = text.summary;
  const detail = document.createElement('p');
  detail.className = 'startup-failure-detail';
  // The reason as it is (a technical message, left to right) inside the sentence of the page's words.
  const reason = document.createElement('bdi');
  reason.dir = 'ltr';
  reason.textContent = text.detail;
  detail.append(...words.parts<'part.reason', Node>('part.reason', { detail: reason }));
  const reload = document.createElement('button');
  reload.type = 'button';
  reload.textContent = words.t('part.reload');
  reload.addEventListener('click', () => window.location.reload());
  panel.append(heading, summary, detail, reload);
  root.replaceChildren(panel);
}
