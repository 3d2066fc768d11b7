// Where the toast stack goes (docs/behaviour.md §10.2), on a drawn layout given box by box: the bottom
// of the window unless that covers the focused control or its form's Send/Sign, then under the
// header, else out of the way. The browser suite (e2e/toasts.test.ts) checks it on the real layout.
import { placeStack } from '../../src/features/transactions/placement';

const WINDOW_HEIGHT = 700;
const STACK_HEIGHT = 100;

/** A box on screen at `top`..`bottom` (full width unless said). */
function drawn(element: Element, top: number, bottom: number, left = 0, right = 375): void {
  element.getBoundingClientRect = () => ({ top, bottom, left, right, width: right - left, height: bottom - top, x: left, y: top }) as DOMRect;
}

function page() {
  document.body.innerHTML = `
    <header></header>
    <main>
      <form id="message"><textarea></textarea><button type="submit">Sign message</button></form>
      <form id="transfer"><input id="amount"><button type="submit">Send</button></form>
    </main>
    <section id="stack"></section>`;
  const $ = (selector: string) => document.querySelector(selector) as HTMLElement;
  Object.defineProperty(document.documentElement, 'clientHeight', { configurable: true, value: WINDOW_HEIGHT });
  Object.defineProperty($('#stack'), 'offsetHeight', { configurable: true, value: STACK_HEIGHT });
  drawn($('header'), 0, 60);
  drawn($('#stack'), 0, STACK_HEIGHT, 12, 363);
  return { $, stack: $('#stack') };
}

const BOTTOM = WINDOW_HEIGHT - 12 - STACK_HEIGHT;
const TOP = 60 + 12;

it('at the bottom when nothing there is in use', () => {
  const { $, stack } = page();
  drawn($('#message textarea'), 100, 200);
  drawn($('#message button'), 210, 240);
  drawn($('#amount'), 300, 330);
  drawn($('#transfer button'), 340, 370);
  expect(placeStack(stack, $('#amount'))).toBe('bottom');
  expect(stack.style.top).toBe(`${BOTTOM}px`);
});

it('under the header when the bottom would cover the focused field or its Send', () => {
  const { $, stack } = page();
  drawn($('#message button'), 300, 330);
  drawn($('#amount'), 560, 590);
  drawn($('#transfer button'), 650, 680);
  expect(placeStack(stack, $('#amount'))).toBe('top');
  expect(stack.style.top).toBe(`${TOP}px`);
  // Send alone at the bottom (the focus in the field above it) is reason enough.
  drawn($('#amount'), 300, 330);
  expect(placeStack(stack, $('#amount'))).toBe('top');
});

it("another form's Sign is kept clear where a place allows it, never at the cost of the form in use", () => {
  const { $, stack } = page();
  drawn($('#message button'), 620, 650);
  drawn($('#amount'), 300, 330);
  drawn($('#transfer button'), 340, 370);
  expect(placeStack(stack, $('#amount'))).toBe('top');
  drawn($('#transfer button'), 100, 130);
  expect(placeStack(stack, $('#amount'))).toBe('bottom');
});

it('the form in use is the one the focus was in last: its Send stays clear once the focus has left it', () => {
  const { $, stack } = page();
  drawn($('#transfer button'), 650, 680);
  drawn($('#message button'), 100, 130);
  expect(placeStack(stack, null, $('#transfer') as HTMLFormElement)).toBe('top');
  expect(placeStack(stack, document.body, $('#transfer') as HTMLFormElement)).toBe('top');
});

it('out of the way (hidden) when both places would cover the focused field or its Send, back once the focus moves', () => {
  const { $, stack } = page();
  drawn($('#message textarea'), 80, 640);
  drawn($('#message button'), 650, 680);
  expect(placeStack(stack, $('#message textarea'))).toBe('hidden');
  expect(stack.dataset['place']).toBe('hidden');
  drawn($('#amount'), 300, 330);
  drawn($('#transfer button'), 340, 370);
  expect(placeStack(stack, $('#amount'))).not.toBe('hidden');
});

it("focus in the stack itself (a toast's ×) keeps nothing clear of it", () => {
  const { $, stack } = page();
  stack.innerHTML = '<button>×</button>';
  drawn($('#message button'), 650, 680);
  drawn($('#transfer button'), 80, 110);
  expect(placeStack(stack, stack.querySelector('button'))).toBe('bottom');
});
