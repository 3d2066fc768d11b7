// The page when starting failed before React could render (the configuration, the store, a module
// that throws, a file that did not arrive): the reason and a Reload button, never a blank page. Plain
// DOM with a listener (the page's Content-Security-Policy allows no inline script or handler).
import { failureText } from './ui/failureText';
import './startupFailure.css';

export function showStartupFailure(error: unknown): void {
  console.error('Walletdeck could not start', error);
  const text = failureText(error, 'Walletdeck');
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
  heading.textContent = 'Walletdeck could not start';
  const summary = document.createElement('p');
  summary.textContent = text.summary;
  const detail = document.createElement('p');
  detail.className = 'startup-failure-detail';
  detail.textContent = `Reason: ${text.detail}`;
  const reload = document.createElement('button');
  reload.type = 'button';
  reload.textContent = 'Reload';
  reload.addEventListener('click', () => window.location.reload());
  panel.append(heading, summary, detail, reload);
  root.replaceChildren(panel);
}
